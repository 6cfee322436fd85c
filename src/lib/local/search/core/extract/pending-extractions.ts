import { createHash } from 'node:crypto';
import type { ExtractedText } from './extracted-text.js';

/** Thrown by a synchronous read of a document whose text is still being extracted: try again later. */
export class ExtractionPending extends Error {
  override name = 'ExtractionPending';
}

type Entry = { state: 'running' } | { state: 'done'; value: ExtractedText; at: number } | { state: 'failed'; error: unknown; at: number };

/** The most extractions run at once. */
const MAX_RUNNING = 4;
/** The most finished results kept for their caller to come back for. */
const MAX_FINISHED = 64;
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
 * For callers that cannot wait (a sync job's step runs inside one write transaction): the
 * result of `extract` for these bytes if an earlier call started it and it has finished (its
 * error is thrown if it failed). Otherwise starts it, when fewer than four run, and throws
 * {@link ExtractionPending}; the caller comes back on a later step. Results are kept for their
 * caller within bounds on count and age.
 */
export function extractedOrPending(bytes: Buffer, contentType: string, extract: () => Promise<ExtractedText>): ExtractedText {
  const key = `${contentType}:${createHash('sha256').update(bytes).digest('hex')}`;
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
    extract().then(
      (value) => settle({ state: 'done', value, at: Date.now() }),
      (error: unknown) => settle({ state: 'failed', error, at: Date.now() }),
    );
  }
  throw new ExtractionPending(`the text of this ${contentType} document is being extracted`);
}
