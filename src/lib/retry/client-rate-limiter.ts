import { CubicCalculator } from './cubic-calculator.js';
import { RateClocker } from './rate-clocker.js';
import { TokenBucket } from './token-bucket.js';

/** The token bucket's rate never exceeds this multiple of the measured send rate. */
export const MAX_RATE_ADJUST_SCALE = 2;

/**
 * Adaptive mode's client-side rate limiter, a port of botocore's `retries/adaptive.py`
 * `ClientRateLimiter`: off until the first throttling response; from then on every attempt
 * takes a token from a {@link TokenBucket} whose rate follows CUBIC — cut to β × the rate on
 * throttling, growing back along the cubic curve on other responses, never above twice the
 * measured send rate. One per client. Times are in seconds.
 */
export class ClientRateLimiter {
  private enabled = false;
  private readonly rateAdjustor: CubicCalculator;
  private readonly tokenBucket: TokenBucket;
  private readonly rateClocker: RateClocker;

  /**
   * @param clock - seconds.
   * @param sleep - waits that many seconds.
   */
  constructor(
    private readonly clock: () => number,
    sleep: (seconds: number) => Promise<void>,
  ) {
    this.rateAdjustor = new CubicCalculator(0, clock());
    this.tokenBucket = new TokenBucket(1, clock, sleep);
    this.rateClocker = new RateClocker(clock);
  }

  /** Before each attempt: takes a token once the limiter is on (a promise of the seconds waited); 0 while it is off. */
  beforeSend(): number | Promise<number> {
    return this.enabled ? this.tokenBucket.acquire() : 0;
  }

  /** After each response (or transport failure): measures the send rate and adjusts the allowed rate. */
  onResponse(throttled: boolean): void {
    const measuredRate = this.rateClocker.record();
    const timestamp = this.clock();
    let newRate: number;
    if (!throttled) {
      newRate = this.rateAdjustor.successReceived(timestamp);
    } else {
      const rateToUse = this.enabled ? Math.min(measuredRate, this.tokenBucket.maxRate) : measuredRate;
      newRate = this.rateAdjustor.errorReceived(rateToUse, timestamp);
      this.enabled = true;
    }
    this.tokenBucket.maxRate = Math.min(newRate, MAX_RATE_ADJUST_SCALE * measuredRate);
  }

  /** The limiter's state, for debugging and tests. */
  snapshot(): {
    enabled: boolean;
    measuredRate: number;
    fillRate: number;
    maxCapacity: number;
    availableCapacity: number;
    cubic: ReturnType<CubicCalculator['snapshot']>;
  } {
    return {
      enabled: this.enabled,
      measuredRate: this.rateClocker.measuredRate,
      fillRate: this.tokenBucket.maxRate,
      maxCapacity: this.tokenBucket.maxCapacity,
      availableCapacity: this.tokenBucket.availableCapacity,
      cubic: this.rateAdjustor.snapshot(),
    };
  }
}
