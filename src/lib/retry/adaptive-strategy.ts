import { ClientRateLimiter } from './client-rate-limiter.js';
import { isResponseOrTransportError, isThrottlingError } from './error-classification.js';
import { RetryQuota } from './retry-quota.js';
import type { RetryCall, RetryStrategy } from './retry-strategy.js';
import { StandardRetryStrategy } from './standard-strategy.js';

/**
 * Adaptive mode: standard mode (same retry decisions, delays and quota) plus the client-side
 * {@link ClientRateLimiter}, which every attempt passes through before it is sent and which
 * learns from every response. The limiter and the quota belong to the client.
 */
export class AdaptiveRetryStrategy implements RetryStrategy {
  readonly mode = 'adaptive' as const;
  /** The client's rate limiter. */
  readonly limiter: ClientRateLimiter;
  private readonly standard: StandardRetryStrategy;

  /**
   * @param maxAttempts - attempts per call, the first included.
   * @param hooks - clock (milliseconds), random source and sleep (milliseconds).
   */
  constructor(
    readonly maxAttempts: number,
    hooks: { clock: () => number; random: () => number; sleep: (ms: number) => Promise<void> },
    quota: RetryQuota = new RetryQuota(),
  ) {
    this.standard = new StandardRetryStrategy(maxAttempts, hooks, quota);
    this.limiter = new ClientRateLimiter(
      () => hooks.clock() / 1000,
      (seconds) => hooks.sleep(seconds * 1000),
    );
  }

  /** The client's retry quota. */
  get quota(): RetryQuota {
    return this.standard.quota;
  }

  begin(): RetryCall {
    const call = this.standard.begin();
    return {
      beforeAttempt: () => {
        const waited = this.limiter.beforeSend();
        return typeof waited === 'number' ? waited * 1000 : waited.then((seconds) => seconds * 1000);
      },
      succeeded: () => {
        this.limiter.onResponse(false);
        call.succeeded();
      },
      failed: (error, attempt) => {
        if (isResponseOrTransportError(error)) this.limiter.onResponse(isThrottlingError(error));
        return call.failed(error, attempt);
      },
    };
  }
}
