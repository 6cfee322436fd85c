/**
 * Adaptive concurrency for a bulk run (additive increase, multiplicative decrease): the number of
 * calls allowed in flight halves when the service throttles, and grows by one again after a
 * window of calls answered without throttling, back up to the run's maximum.
 */
export class ConcurrencyPacer {
  readonly max: number;
  #limit: number;
  #lowest: number;
  #sinceThrottle = 0;
  /** Counts the decreases, so that the calls of one burst, started together, halve the limit once. */
  #epoch = 0;

  constructor(max: number) {
    this.max = max;
    this.#limit = max;
    this.#lowest = max;
  }

  /** Calls allowed in flight now. */
  get limit(): number {
    return this.#limit;
  }

  /** The lowest limit the run came down to. */
  get lowest(): number {
    return this.#lowest;
  }

  /** A token to take when a call starts, given back to {@link throttled} or {@link answered}. */
  get epoch(): number {
    return this.#epoch;
  }

  /** A call started at `epoch` was throttled: halves the limit, once per burst. */
  throttled(epoch: number): void {
    this.#sinceThrottle = 0;
    if (epoch !== this.#epoch) return;
    this.#epoch++;
    this.#limit = Math.max(1, Math.floor(this.#limit / 2));
    this.#lowest = Math.min(this.#lowest, this.#limit);
  }

  /** A call was answered without throttling: after `limit` such calls in a row, one more is allowed. */
  answered(): void {
    if (this.#limit >= this.max) return;
    if (++this.#sinceThrottle < this.#limit) return;
    this.#sinceThrottle = 0;
    this.#limit++;
  }
}
