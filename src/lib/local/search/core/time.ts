import { invalid } from './errors.js';

/** An epoch-milliseconds time as the JSON protocol sends timestamps: epoch seconds. */
export function toEpochSeconds(ms: number): number {
  return ms / 1000;
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
