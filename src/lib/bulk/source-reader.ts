/** The source read was cut short by the abort signal. */
export const ABORTED = Symbol('aborted');
/** The wake-up promise settled before the source gave its next item. */
export const WOKEN = Symbol('woken');
/** The linger time passed before the source gave its next item. */
export const LINGERED = Symbol('lingered');

/** What {@link SourceReader.next} resolves to. */
export type ReadOutcome<T> = IteratorResult<T> | typeof ABORTED | typeof WOKEN | typeof LINGERED;

/**
 * Reads an async iterable one item at a time without ever blocking the caller on a slow source:
 * a read can be interrupted by a wake-up, a linger timeout or the abort signal, and the same
 * pending read is resumed by the next call (no item is skipped or read twice).
 */
export class SourceReader<T> {
  readonly #iterator: AsyncIterator<T>;
  readonly #signal: AbortSignal;
  #pending: Promise<IteratorResult<T>> | undefined;

  constructor(source: AsyncIterable<T>, signal: AbortSignal) {
    this.#iterator = source[Symbol.asyncIterator]();
    this.#signal = signal;
  }

  /**
   * The next item (or the end), unless `wake` settles first ({@link WOKEN}), `lingerMs` passes
   * first ({@link LINGERED}) or the signal aborts ({@link ABORTED}). Rejects with the source's error.
   */
  async next(wake: Promise<void>, lingerMs?: number): Promise<ReadOutcome<T>> {
    if (this.#signal.aborted) return ABORTED;
    const pending = (this.#pending ??= this.#iterator.next());
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      const outcome = await new Promise<ReadOutcome<T>>((resolve, reject) => {
        onAbort = () => resolve(ABORTED);
        this.#signal.addEventListener('abort', onAbort, { once: true });
        pending.then(resolve, reject);
        void wake.then(() => resolve(WOKEN));
        if (lingerMs !== undefined) timer = setTimeout(() => resolve(LINGERED), lingerMs);
      });
      if (outcome !== ABORTED && outcome !== WOKEN && outcome !== LINGERED) this.#pending = undefined;
      return outcome;
    } catch (error) {
      this.#pending = undefined;
      throw error;
    } finally {
      clearTimeout(timer);
      if (onAbort) this.#signal.removeEventListener('abort', onAbort);
    }
  }

  /** Stops reading: ends the iterator, unless a read is still pending (the source then stops through its abort signal). */
  async close(): Promise<void> {
    if (this.#pending) {
      this.#pending.catch(() => undefined);
      return;
    }
    await this.#iterator.return?.()?.catch(() => undefined);
  }
}
