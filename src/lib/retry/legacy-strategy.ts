import { isLegacyRetryable } from './error-classification.js';
import type { RetryCall, RetryDecision, RetryStrategy } from './retry-strategy.js';

/** Legacy mode's delay base, in milliseconds. */
export const LEGACY_BASE_DELAY = 100;
/** Legacy mode's longest delay, in milliseconds. */
export const LEGACY_MAX_DELAY = 20_000;

/**
 * Legacy mode's delay before retry number `retries + 1` (`retries` already made): a whole number
 * of milliseconds drawn uniformly from 0 to min(20000, 2^retries × 100), both included.
 */
export function legacyDelay(retries: number, random: () => number): number {
  const ceiling = Math.min(LEGACY_MAX_DELAY, 2 ** retries * LEGACY_BASE_DELAY);
  return Math.floor(random() * (ceiling + 1));
}

/**
 * Legacy mode: retries status 500/502/503/504, the legacy throttling codes and connection
 * errors (or what the caller's classification picks), with exponential backoff and full
 * jitter; no quota, no rate limiting.
 */
export class LegacyRetryStrategy implements RetryStrategy {
  readonly mode = 'legacy' as const;

  /**
   * @param maxAttempts - attempts per call (retries + 1).
   * @param isRetryable - which failures are made again; default legacy mode's own classification.
   */
  constructor(
    readonly maxAttempts: number,
    private readonly random: () => number,
    private readonly isRetryable: (error: unknown) => boolean = isLegacyRetryable,
  ) {}

  /** Legacy mode keeps nothing per call (no quota, no limiter): every call shares this one. */
  private readonly call: RetryCall = {
    beforeAttempt: () => 0,
    succeeded: () => undefined,
    failed: (error, attempt) => this.decide(error, attempt),
  };

  begin(): RetryCall {
    return this.call;
  }

  private decide(error: unknown, attempt: number): RetryDecision {
    if (!this.isRetryable(error)) return { retry: false, reason: 'not-retryable' };
    if (attempt >= this.maxAttempts) return { retry: false, reason: 'max-attempts' };
    return { retry: true, delay: legacyDelay(attempt - 1, this.random) };
  }
}
