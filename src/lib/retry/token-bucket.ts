/** The lowest fill rate of the bucket, in tokens per second. */
export const MIN_FILL_RATE = 0.5;

/** Waits this short (seconds) are rounding remainders, not waited for. */
export const WAIT_RESOLUTION = 1e-6;

/**
 * The token bucket of adaptive mode, a port of botocore's `retries/bucket.py` `TokenBucket`:
 * fills at `maxRate` tokens per second (never below {@link MIN_FILL_RATE}), holds at most
 * max(1, maxRate) tokens, and `acquire` waits until a token is there. Times are in seconds.
 *
 * botocore wakes blocked callers when the rate changes; here a waiting caller re-checks after the
 * wait it computed, then waits again if a token is still missing. A remaining wait of at most
 * {@link WAIT_RESOLUTION} (floating-point rounding) is not waited for, nor is one after a wait that
 * did not move the clock at all: the token is taken rather than waiting forever.
 */
export class TokenBucket {
  private fillRate = MIN_FILL_RATE;
  private capacityLimit = 1;
  private current = 0;
  private lastTimestamp?: number;

  /**
   * @param maxRate - the initial rate, tokens per second.
   * @param clock - seconds.
   * @param sleep - waits that many seconds.
   */
  constructor(
    maxRate: number,
    private readonly clock: () => number,
    private readonly sleep: (seconds: number) => Promise<void>,
    private readonly minRate = MIN_FILL_RATE,
  ) {
    this.maxRate = maxRate;
  }

  /** The fill rate, tokens per second. */
  get maxRate(): number {
    return this.fillRate;
  }

  /** Changes the rate, after crediting the tokens earned at the old rate; capacity becomes max(1, value). */
  set maxRate(value: number) {
    this.refill();
    this.fillRate = Math.max(value, this.minRate);
    this.capacityLimit = value >= 1 ? value : 1;
    this.current = Math.min(this.current, this.capacityLimit);
  }

  /** The most tokens the bucket holds. */
  get maxCapacity(): number {
    return this.capacityLimit;
  }

  /** The tokens in the bucket (as of the last refill). */
  get availableCapacity(): number {
    return this.current;
  }

  /** Takes `amount` tokens, waiting for them if needed; resolves to the seconds waited. */
  async acquire(amount = 1): Promise<number> {
    this.refill();
    let waited = 0;
    let wait = this.sleepAmount(amount);
    while (wait > WAIT_RESOLUTION) {
      const before = this.clock();
      await this.sleep(wait);
      waited += wait;
      if (this.clock() === before) break;
      this.refill();
      wait = this.sleepAmount(amount);
    }
    this.current -= amount;
    return waited;
  }

  private sleepAmount(amount: number): number {
    return (amount - this.current) / this.fillRate;
  }

  private refill(): void {
    const timestamp = this.clock();
    if (this.lastTimestamp === undefined) {
      this.lastTimestamp = timestamp;
      return;
    }
    const fillAmount = (timestamp - this.lastTimestamp) * this.fillRate;
    this.current = Math.min(this.capacityLimit, this.current + fillAmount);
    this.lastTimestamp = timestamp;
  }
}
