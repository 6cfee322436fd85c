/** Thrown by a synchronous read of a result that background work is still computing: try again later. */
export class ExtractionPending extends Error {
  override name = 'ExtractionPending';
}

type Entry<T> = { state: 'running' } | { state: 'done'; value: T; at: number } | { state: 'failed'; error: unknown; at: number };

/** How long a finished result waits for its caller. */
const KEEP_MS = 10 * 60 * 1000;

/**
 * Results of background work for callers that cannot wait (a sync job's step runs inside one
 * write transaction): a caller asks for a key's result, which starts the work (a bounded number
 * at once) and throws {@link ExtractionPending}; it comes back on a later step for the result.
 * Finished results are kept for their caller within bounds on count and age.
 */
export class PendingResults<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #maxRunning: number;
  readonly #maxFinished: number;
  #running = 0;

  /** At most `maxRunning` pieces of work at once; at most `maxFinished` results kept. */
  constructor(maxRunning: number, maxFinished: number) {
    this.#maxRunning = maxRunning;
    this.#maxFinished = maxFinished;
  }

  /**
   * The result of `work` for `key` if an earlier call started it and it has finished (its error
   * is thrown if it failed). Otherwise starts it, when fewer than the bound run, and throws
   * {@link ExtractionPending} with `pendingMessage`.
   */
  resultOrStart(key: string, work: () => Promise<T>, pendingMessage: string): T {
    const entry = this.#entries.get(key);
    if (entry?.state === 'done' || entry?.state === 'failed') {
      this.#entries.delete(key);
      if (entry.state === 'failed') throw entry.error;
      return entry.value;
    }
    if (entry === undefined && this.#running < this.#maxRunning) {
      this.#running += 1;
      this.#entries.set(key, { state: 'running' });
      const settle = (finished: Entry<T>) => {
        this.#running -= 1;
        this.#entries.set(key, finished);
        this.#forgetStale(Date.now());
      };
      work().then(
        (value) => settle({ state: 'done', value, at: Date.now() }),
        (error: unknown) => settle({ state: 'failed', error, at: Date.now() }),
      );
    }
    throw new ExtractionPending(pendingMessage);
  }

  #forgetStale(now: number): void {
    let finished = 0;
    for (const [key, entry] of [...this.#entries].reverse()) {
      if (entry.state === 'running') continue;
      finished += 1;
      if (finished > this.#maxFinished || now - entry.at > KEEP_MS) this.#entries.delete(key);
    }
  }
}
