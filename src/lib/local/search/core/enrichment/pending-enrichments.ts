import { createHash } from 'node:crypto';
import { ExtractionPending } from '../extract/pending-extractions.js';
import type { EnrichedDocument } from './enrich-document.js';

type Entry = { state: 'running' } | { state: 'done'; value: EnrichedDocument; at: number } | { state: 'failed'; error: unknown; at: number };

/** The most enrichments (function calls) run at once. */
const MAX_RUNNING = 4;
/** The most finished results kept for their caller to come back for. */
const MAX_FINISHED = 256;
/** How long a finished result waits for its caller. */
const KEEP_MS = 10 * 60 * 1000;

const entries = new Map<string, Entry>();
let running = 0;

function forgetStale(now: number): void {
  let finished = 0;
  for (const [key, entry] of [...entries].reverse()) {
    if (entry.state === 'running') continue;
    finished += 1;
    if (finished > MAX_FINISHED || now - entry.at > KEEP_MS) entries.delete(key);
  }
}

/**
 * For a sync job's step, which runs inside one write transaction and cannot wait for a hook's
 * function: the enrichment of the document `name` (these bytes) if an earlier call started it
 * and it has finished (its error is thrown if it failed). Otherwise starts `enrich`, when fewer
 * than four run, and throws `ExtractionPending`: the step comes back for it later.
 */
export function enrichedOrPending(name: string, bytes: Buffer, enrich: () => Promise<EnrichedDocument>): EnrichedDocument {
  const key = `${name}:${createHash('sha256').update(bytes).digest('hex')}`;
  const entry = entries.get(key);
  if (entry?.state === 'done' || entry?.state === 'failed') {
    entries.delete(key);
    if (entry.state === 'failed') throw entry.error;
    return entry.value;
  }
  if (entry === undefined && running < MAX_RUNNING) {
    running += 1;
    entries.set(key, { state: 'running' });
    const settle = (finished: Entry) => {
      running -= 1;
      entries.set(key, finished);
      forgetStale(Date.now());
    };
    enrich().then(
      (value) => settle({ state: 'done', value, at: Date.now() }),
      (error: unknown) => settle({ state: 'failed', error, at: Date.now() }),
    );
  }
  throw new ExtractionPending(`the document ${name} is being enriched`);
}
