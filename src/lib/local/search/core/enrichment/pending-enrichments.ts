import { createHash } from 'node:crypto';
import { PendingResults } from '../pending-results.js';
import type { EnrichedDocument } from './enrich-document.js';

/** The enrichments (function calls) running (at most four) and their finished results (at most 256 kept). */
const enrichments = new PendingResults<EnrichedDocument>(4, 256);

/**
 * For a sync job's step, which runs inside one write transaction and cannot wait for a hook's
 * function: the enrichment of the document `name` (these bytes) if an earlier call started it
 * and it has finished (its error is thrown if it failed). Otherwise starts `enrich`, when fewer
 * than four run, and throws `ExtractionPending`: the step comes back for it later.
 */
export function enrichedOrPending(name: string, bytes: Buffer, enrich: () => Promise<EnrichedDocument>): EnrichedDocument {
  const key = `${name}:${createHash('sha256').update(bytes).digest('hex')}`;
  return enrichments.resultOrStart(key, enrich, `the document ${name} is being enriched`);
}
