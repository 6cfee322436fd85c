import type Database from 'better-sqlite3';
import { TokenBuckets } from '../server/token-buckets.js';
import type { LocalContext, RateGate } from '../types.js';
import { mobileError } from './mobile-error.js';
import { RATE_BURST, RATE_PER_SECOND } from './limits.js';

/** Buckets per database for a context without a shared gate, so that two servers in one process do not share them. */
const ownGates = new WeakMap<Database.Database, RateGate>();

function gateOf(ctx: LocalContext): RateGate {
  if (ctx.rateGate) return ctx.rateGate;
  let gate = ownGates.get(ctx.db);
  if (gate === undefined) ownGates.set(ctx.db, (gate = new TokenBuckets()));
  return gate;
}

/**
 * Takes one request from the access key's token bucket ({@link RATE_BURST} requests, refilled
 * at {@link RATE_PER_SECOND} a second), shared by every worker of the service; an empty bucket
 * is a 429 `TooManyRequestsException` with the seconds until the next token in `Retry-After`.
 */
export async function takeToken(ctx: LocalContext, accessKey: string, now: number): Promise<void> {
  const wait = await gateOf(ctx).take(`mobile:${accessKey}`, now, { perSecond: RATE_PER_SECOND, burst: RATE_BURST });
  if (wait > 0) {
    throw mobileError('TooManyRequestsException', `too many requests for this access key (more than ${RATE_PER_SECOND} a second); retry after ${wait} s`, wait);
  }
}
