import { invalid } from './errors.js';

/** An epoch-milliseconds time as the `Date` a response member holds. */
export function dateOf(ms: number): Date {
  return new Date(ms);
}

/**
 * A timestamp of the input (epoch seconds, as botocore sends them, or an ISO 8601 string) in
 * epoch milliseconds. Throws a `ValidationException` naming `what` when it is not a time.
 */
export function parseTimestamp(value: unknown, what: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value * 1000);
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) return parsed;
  }
  throw invalid(`${what} is not a valid timestamp: ${JSON.stringify(value)}`);
}
