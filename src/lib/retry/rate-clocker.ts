/** The weight of the newest measurement in the smoothed send rate. */
export const RATE_SMOOTHING = 0.8;
/** The width of a measurement bucket, in seconds. */
export const TIME_BUCKET_RANGE = 0.5;

/**
 * Measures the rate a client sends at, a port of botocore's `retries/adaptive.py`
 * `RateClocker`: requests are counted in 0.5 s buckets and the rate is smoothed at 0.8.
 * Times are in seconds.
 */
export class RateClocker {
  private measured = 0;
  private lastBucket: number;
  private count = 0;
  private readonly timeBucketScale = 1 / TIME_BUCKET_RANGE;

  constructor(private readonly clock: () => number) {
    this.lastBucket = Math.floor(clock());
  }

  /** Counts `amount` requests now and returns the measured rate (requests per second). */
  record(amount = 1): number {
    const t = this.clock();
    const bucket = Math.floor(t * this.timeBucketScale) / this.timeBucketScale;
    this.count += amount;
    if (bucket > this.lastBucket) {
      const currentRate = this.count / (bucket - this.lastBucket);
      this.measured = currentRate * RATE_SMOOTHING + this.measured * (1 - RATE_SMOOTHING);
      this.count = 0;
      this.lastBucket = bucket;
    }
    return this.measured;
  }

  /** The last measured rate. */
  get measuredRate(): number {
    return this.measured;
  }
}
