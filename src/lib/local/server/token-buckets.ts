import type { RateGate } from '../types.js';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets by name, in one process: a bucket holds up to `burst` tokens and refills at
 * `perSecond`. The gate of a service that runs alone, and the primary's for its workers.
 */
export class TokenBuckets implements RateGate {
  private readonly buckets = new Map<string, Bucket>();

  take(name: string, nowMs: number, rate: { perSecond: number; burst: number; cost?: number }): number {
    const bucket = this.buckets.get(name) ?? { tokens: rate.burst, at: nowMs };
    bucket.tokens = Math.min(rate.burst, bucket.tokens + (Math.max(0, nowMs - bucket.at) / 1000) * rate.perSecond);
    bucket.at = Math.max(bucket.at, nowMs);
    this.buckets.set(name, bucket);
    if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / rate.perSecond));
    bucket.tokens -= rate.cost ?? 1;
    return 0;
  }
}
