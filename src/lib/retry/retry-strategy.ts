import type { RetryMode } from './retry-configuration.js';

/** Why a failed call was not retried. */
export type RetryStopReason = 'not-retryable' | 'max-attempts' | 'quota-exhausted';

/** What to do after a failed attempt: wait `delay` milliseconds and try again, or give up. */
export type RetryDecision = { retry: true; delay: number } | { retry: false; reason: RetryStopReason };

/** The retry state of one operation call (all of its attempts). */
export interface RetryCall {
  /**
   * When the next attempt may be sent: the milliseconds waited, or a promise of them when there is
   * a wait (adaptive mode, for a rate-limiter token). Nothing to wait for is answered at once, so
   * that an attempt is not put off by a turn of the event loop's microtask queue.
   */
  beforeAttempt(): number | Promise<number>;
  /** Records that the last attempt succeeded (the call is over). */
  succeeded(): void;
  /** Records that attempt number `attempt` (1-based) failed with `error`, and decides whether to retry. */
  failed(error: unknown, attempt: number): RetryDecision;
}

/** A retry mode: its limits and the state shared by all calls of one client (quota, rate limiter). */
export interface RetryStrategy {
  readonly mode: RetryMode;
  /** Attempts per call, the first included. */
  readonly maxAttempts: number;
  /** Starts one operation call. */
  begin(): RetryCall;
}
