/** Runs async work one piece at a time, in the order asked (a lock within one process). */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `work` once every piece asked before it has ended; resolves or rejects with it. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
