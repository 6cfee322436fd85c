import { ConnectionError } from '../errors/connection-error.js';
import { classifyError, type ErrorKind } from './error-classification.js';
import { boundedRetryAfter, retryAfterHint } from './retry-after.js';
import { NO_RETRY_INCREMENT, RETRY_COST, RetryQuota, TIMEOUT_RETRY_COST } from './retry-quota.js';
import type { RetryCall, RetryDecision, RetryStrategy } from './retry-strategy.js';

/** The delay base after most errors, in milliseconds. */
export const DEFAULT_RETRY_DELAY_BASE = 100;
/** The delay base after a throttling error, in milliseconds. */
export const THROTTLING_RETRY_DELAY_BASE = 500;
/** The longest computed backoff, in milliseconds. */
export const MAXIMUM_RETRY_DELAY = 20_000;

/** The kinds of error standard mode retries. */
const RETRIED: ReadonlySet<ErrorKind> = new Set(['throttling', 'transient', 'retryable']);

/**
 * Standard mode's backoff before the next retry, `retries` retries having been made:
 * floor(min(20000, random × 2^retries × base)) milliseconds, base 500 after throttling, else 100.
 */
export function standardBackoff(retries: number, throttling: boolean, random: () => number): number {
  const base = throttling ? THROTTLING_RETRY_DELAY_BASE : DEFAULT_RETRY_DELAY_BASE;
  return Math.floor(Math.min(MAXIMUM_RETRY_DELAY, random() * 2 ** retries * base));
}

/** The quota a retry after `error` costs: more after a timeout or connection failure. */
export function retryCost(error: unknown): number {
  return error instanceof ConnectionError ? TIMEOUT_RETRY_COST : RETRY_COST;
}

/**
 * Standard mode (the published SDKs' "standard" retry behaviour): retries throttling errors,
 * transient errors (connection failures, timeouts, 500/502/503/504, transient codes) and
 * modeled `retryable` errors, within max attempts and the client's {@link RetryQuota}. The
 * backoff is exponential with full jitter; `x-amz-retry-after` / `Retry-After` are honoured
 * within bounds (see {@link boundedRetryAfter}). Client errors and anything that is not a
 * service or connection error are never retried.
 */
export class StandardRetryStrategy implements RetryStrategy {
  readonly mode = 'standard' as const;

  /**
   * @param maxAttempts - attempts per call, the first included.
   * @param hooks - the random source (jitter) and clock (for a `Retry-After` date), milliseconds.
   * @param quota - the client's retry quota.
   */
  constructor(
    readonly maxAttempts: number,
    private readonly hooks: { random: () => number; clock: () => number },
    readonly quota: RetryQuota = new RetryQuota(),
  ) {}

  begin(): RetryCall {
    let lastCost: number | undefined;
    return {
      beforeAttempt: () => 0,
      succeeded: () => this.quota.release(lastCost ?? NO_RETRY_INCREMENT),
      failed: (error, attempt) => {
        const decision = this.decide(error, attempt);
        if (decision.retry) lastCost = retryCost(error);
        return decision;
      },
    };
  }

  private decide(error: unknown, attempt: number): RetryDecision {
    const kind = classifyError(error);
    if (!RETRIED.has(kind)) return { retry: false, reason: 'not-retryable' };
    if (attempt >= this.maxAttempts) return { retry: false, reason: 'max-attempts' };
    if (!this.quota.acquire(retryCost(error))) return { retry: false, reason: 'quota-exhausted' };
    const backoff = standardBackoff(attempt - 1, kind === 'throttling', this.hooks.random);
    return { retry: true, delay: boundedRetryAfter(backoff, retryAfterHint(error, this.hooks.clock()), MAXIMUM_RETRY_DELAY) };
  }
}
