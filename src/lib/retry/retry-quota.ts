/** The capacity a retry quota starts with (and never exceeds). */
export const INITIAL_RETRY_TOKENS = 500;
/** The cost of retrying after most errors. */
export const RETRY_COST = 5;
/** The cost of retrying after a timeout or a connection failure. */
export const TIMEOUT_RETRY_COST = 10;
/** What a call that succeeded without any retry gives back. */
export const NO_RETRY_INCREMENT = 1;

/**
 * The retry quota of standard and adaptive modes (botocore's `RetryQuota`): every retry takes
 * capacity, success gives it back; when it runs out, failures surface at once instead of being
 * retried. One per client, shared by all its calls.
 */
export class RetryQuota {
  private readonly maxCapacity: number;
  private available: number;

  constructor(initialCapacity = INITIAL_RETRY_TOKENS) {
    this.maxCapacity = initialCapacity;
    this.available = initialCapacity;
  }

  /** Takes `amount` if that much is available; returns whether it did. */
  acquire(amount: number): boolean {
    if (amount > this.available) return false;
    this.available -= amount;
    return true;
  }

  /** Gives back `amount`, never beyond the initial capacity. */
  release(amount: number): void {
    this.available += Math.min(this.maxCapacity - this.available, amount);
  }

  /** The capacity left. */
  get availableCapacity(): number {
    return this.available;
  }
}
