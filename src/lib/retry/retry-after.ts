import { ServiceException } from '../errors/service-exception.js';

/** The most a retry-after hint may add to the computed backoff, in milliseconds (botocore's bound). */
export const RETRY_AFTER_MAX_EXTRA = 5_000;

/**
 * The wait the service asked for, in milliseconds: `x-amz-retry-after` (milliseconds), else
 * `Retry-After` (seconds, or an HTTP date measured against `now`). Undefined when the error is
 * not a service error, or neither header is present and readable.
 */
export function retryAfterHint(error: unknown, now: number): number | undefined {
  if (!(error instanceof ServiceException)) return undefined;
  const headers = error.$metadata?.headers ?? {};
  const amz = headers['x-amz-retry-after']?.trim();
  if (amz !== undefined && /^\d+$/.test(amz)) return Number(amz);
  const standard = headers['retry-after']?.trim();
  if (standard === undefined || standard === '') return undefined;
  if (/^\d+$/.test(standard)) return Number(standard) * 1000;
  const date = Date.parse(standard);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The delay to use given the computed `backoff` and a retry-after `hint`: the hint is honoured
 * within bounds — never less than the backoff, never more than the backoff plus
 * {@link RETRY_AFTER_MAX_EXTRA}, never more than `maxDelay`.
 */
export function boundedRetryAfter(backoff: number, hint: number | undefined, maxDelay: number): number {
  if (hint === undefined) return backoff;
  return Math.max(backoff, Math.min(hint, backoff + RETRY_AFTER_MAX_EXTRA, maxDelay));
}
