import { createHash } from 'node:crypto';
import { PendingResults } from '../pending-results.js';
import type { ExtractedText } from './extracted-text.js';

/** The extractions running (at most four) and their finished results (at most 64 kept). */
const extractions = new PendingResults<ExtractedText>(4, 64);

/**
 * For callers that cannot wait (a sync job's step runs inside one write transaction): the
 * result of `extract` for these bytes if an earlier call started it and it has finished (its
 * error is thrown if it failed). Otherwise starts it, when fewer than four run, and throws
 * `ExtractionPending`; the caller comes back on a later step.
 */
export function extractedOrPending(bytes: Buffer, contentType: string, extract: () => Promise<ExtractedText>): ExtractedText {
  const key = `${contentType}:${createHash('sha256').update(bytes).digest('hex')}`;
  return extractions.resultOrStart(key, extract, `the text of this ${contentType} document is being extracted`);
}
