/** CUBIC's scale constant C. */
export const CUBIC_SCALE_CONSTANT = 0.4;
/** CUBIC's multiplicative decrease β. */
export const CUBIC_BETA = 0.7;

/**
 * The CUBIC send-rate calculator of adaptive mode, a port of botocore's
 * `retries/throttling.py` `CubicCalculator`. Times are in seconds, rates in requests per second.
 */
export class CubicCalculator {
  private wMax: number;
  private k: number;
  private lastFail: number;

  constructor(
    startingMaxRate: number,
    startTime: number,
    private readonly scaleConstant = CUBIC_SCALE_CONSTANT,
    private readonly beta = CUBIC_BETA,
  ) {
    this.wMax = startingMaxRate;
    this.k = this.zeroPoint();
    this.lastFail = startTime;
  }

  /** The rate to allow after a non-throttled response at `timestamp`: C × (t − lastFail − K)³ + Wmax. */
  successReceived(timestamp: number): number {
    const dt = timestamp - this.lastFail;
    return this.scaleConstant * (dt - this.k) ** 3 + this.wMax;
  }

  /** Records a throttled response while sending at `currentRate`; returns the reduced rate (rate × β). */
  errorReceived(currentRate: number, timestamp: number): number {
    this.wMax = currentRate;
    this.k = this.zeroPoint();
    this.lastFail = timestamp;
    return currentRate * this.beta;
  }

  /** The current parameters, for debugging and tests. */
  snapshot(): { wMax: number; k: number; lastFail: number } {
    return { wMax: this.wMax, k: this.k, lastFail: this.lastFail };
  }

  private zeroPoint(): number {
    return ((this.wMax * (1 - this.beta)) / this.scaleConstant) ** (1 / 3);
  }
}
