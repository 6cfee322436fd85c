import type Database from 'better-sqlite3';
import { mobileError } from './mobile-error.js';
import { RATE_BURST, RATE_PER_SECOND } from './limits.js';

interface Bucket {
  tokens: number;
  at: number;
}

/** One set of token buckets per database, so that two servers in one process do not share them. */
const buckets = new WeakMap<Database.Database, Map<string, Bucket>>();

/**
 * Takes one request from the access key's token bucket ({@link RATE_BURST} requests, refilled
 * at {@link RATE_PER_SECOND} a second); an empty bucket is a 429 `TooManyRequestsException`
 * with the seconds until the next token in `Retry-After`.
 */
export function takeToken(db: Database.Database, accessKey: string, now: number): void {
  let byKey = buckets.get(db);
  if (byKey === undefined) buckets.set(db, (byKey = new Map()));
  const bucket = byKey.get(accessKey) ?? { tokens: RATE_BURST, at: now };
  bucket.tokens = Math.min(RATE_BURST, bucket.tokens + ((now - bucket.at) / 1000) * RATE_PER_SECOND);
  bucket.at = now;
  byKey.set(accessKey, bucket);
  if (bucket.tokens < 1) {
    const wait = Math.max(1, Math.ceil((1 - bucket.tokens) / RATE_PER_SECOND));
    throw mobileError('TooManyRequestsException', `too many requests for this access key (more than ${RATE_PER_SECOND} a second); retry after ${wait} s`, wait);
  }
  bucket.tokens -= 1;
}
