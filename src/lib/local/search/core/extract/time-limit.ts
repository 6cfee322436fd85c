import { ExtractionError } from './extraction-error.js';

/** How long reading one PDF or Office document may take unless the service is told otherwise. */
export const DEFAULT_EXTRACT_TIME_LIMIT_MS = 30_000;

/** The time a reader has left: aborted when the limit passes, and checked between its steps. */
export interface Deadline {
  /** Aborted when the time limit passes (if the event loop gets to run by then). */
  signal: AbortSignal;
  /** Throws the time limit's {@link ExtractionError} once the limit has passed. */
  check(): void;
}

/**
 * Runs `work` (the reading of one document) within `limitMs`: past it, the deadline's signal
 * is aborted, its `check()` throws, and the result is an {@link ExtractionError} saying that
 * the document took too long, whatever `work` still does. A reader that never yields nor
 * checks cannot be interrupted in this thread; the readers check between pages and parts.
 *
 * @param contentType - the document's content type, for the message (`PDF`).
 */
export async function withinTimeLimit<T>(limitMs: number, contentType: string, work: (deadline: Deadline) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const ends = Date.now() + limitMs;
  const failure = () => new ExtractionError(`reading the ${contentType} document took longer than ${limitMs / 1000} s, the limit for one document, so it was stopped`);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(failure());
    }, limitMs);
  });
  const deadline: Deadline = {
    signal: controller.signal,
    check() {
      if (controller.signal.aborted || Date.now() > ends) {
        controller.abort();
        throw failure();
      }
    },
  };
  const running = (async () => {
    const value = await work(deadline);
    deadline.check();
    return value;
  })();
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
    // a reader stopped by the limit may still fail on its way out: that failure has no one to tell
    running.catch(() => undefined);
    expired.catch(() => undefined);
  }
}
