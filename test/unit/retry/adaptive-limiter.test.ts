import assert from 'node:assert/strict';
import { CubicCalculator } from '../../../src/lib/retry/cubic-calculator.js';
import { RateClocker } from '../../../src/lib/retry/rate-clocker.js';
import { TokenBucket } from '../../../src/lib/retry/token-bucket.js';
import { close, fakeTime, ourTrace, type LimiterStep } from './limiter-trace.js';

describe('adaptive mode: CUBIC calculator', () => {
  it('cuts the rate to β × rate on throttling and grows back along C × (t − K)³ + Wmax', () => {
    const cubic = new CubicCalculator(0, 10);
    assert.deepEqual(cubic.snapshot(), { wMax: 0, k: 0, lastFail: 10 });
    close(cubic.successReceived(11), 0.4, 'one second after start');
    close(cubic.errorReceived(10, 20), 7, 'β = 0.7');
    const k = Math.cbrt((10 * 0.3) / 0.4);
    close(cubic.snapshot().k, k, 'K = ∛(Wmax × (1 − β) / C)');
    close(cubic.successReceived(20), 10 - 0.4 * k ** 3, 'right after the throttle: back to 0.7 × Wmax');
    close(cubic.successReceived(20), 7, 'which is β × Wmax');
    close(cubic.successReceived(20 + k), 10, 'K seconds later: Wmax again');
    close(cubic.successReceived(22 + k), 10 + 0.4 * 8, 'then beyond, cubically');
  });
});

describe('adaptive mode: token bucket', () => {
  it('fills at the rate (never below 0.5/s), holds at most max(1, rate) and makes acquire wait for a token', async () => {
    const { time, clock, sleep } = fakeTime(100);
    const bucket = new TokenBucket(1, clock, sleep);
    assert.equal(bucket.availableCapacity, 0);
    time.now += 0.25;
    assert.equal(await bucket.acquire(), 0.75, 'waits (1 − 0.25) / 1 s');
    assert.deepEqual(time.sleeps, [0.75]);
    close(bucket.availableCapacity, 0, 'the token was taken');
    bucket.maxRate = 0.1;
    assert.equal(bucket.maxRate, 0.5, 'minimum fill rate');
    assert.equal(bucket.maxCapacity, 1);
    time.now += 10;
    assert.equal(await bucket.acquire(), 0, 'capacity capped at 1 token, which is there');
    bucket.maxRate = 4;
    assert.equal(bucket.maxCapacity, 4);
    time.now += 0.5;
    close(await bucket.acquire(), 0, 'two tokens were earned at 4/s');
    close(bucket.availableCapacity, 1, 'one left');
    bucket.maxRate = 0.5;
    time.now += 1;
    close(bucket.availableCapacity, 1, 'capacity is credited at the old rate before the change, then capped');
  });

  it('credits the time before a rate change at the old rate', async () => {
    const { time, clock, sleep } = fakeTime(0);
    const bucket = new TokenBucket(2, clock, sleep);
    time.now += 0.25;
    bucket.maxRate = 0.5;
    close(bucket.availableCapacity, 0.5, '0.25 s at 2/s');
    assert.equal(await bucket.acquire(), 1, 'the other half token takes 1 s at 0.5/s');
  });
});

describe('adaptive mode: rate clocker', () => {
  it('measures the send rate in 0.5 s buckets, smoothed at 0.8', () => {
    const { time, clock } = fakeTime(10.2);
    const clocker = new RateClocker(clock);
    assert.equal(clocker.record(), 0, 'same bucket as the start (floored to the second: 10)');
    time.now = 10.4;
    assert.equal(clocker.record(), 0, 'bucket 10.0, not past the last one');
    time.now = 10.6;
    close(clocker.record(), (3 / 0.5) * 0.8, '3 requests over 0.5 s');
    time.now = 11.7;
    close(clocker.record(), (1 / 1) * 0.8 + 4.8 * 0.2, '1 request over 1 s, smoothed');
  });
});

describe('adaptive mode: client rate limiter, step by step', () => {
  it('matches values computed by hand from the published algorithm', async () => {
    const steps: LimiterStep[] = [
      { advance: 0.1, event: 'ok' },
      { advance: 0.5, event: 'throttle' },
      { advance: 0, event: 'send' },
    ];
    const trace = await ourTrace(0, steps);
    // t = 0.1, success: rate 0 (nothing measured yet), C × 0.1³ = 0.0004 → bucket rate min(0.0004, 2 × 0) → 0.5/s floor.
    assert.equal(trace[0].enabled, false);
    assert.equal(trace[0].fillRate, 0.5);
    close(trace[0].availableCapacity, 0.1, '0.1 s at the initial 1/s');
    // t = 0.6, throttle: 2 requests in bucket [0, 0.5) → 4/s × 0.8 = 3.2 measured; W = 3.2 → rate 2.24.
    assert.equal(trace[1].enabled, true);
    close(trace[1].measuredRate, 3.2, 'measured rate');
    close(trace[1].wMax, 3.2, 'Wmax');
    close(trace[1].k, Math.cbrt((3.2 * 0.3) / 0.4), 'K');
    close(trace[1].fillRate, 2.24, 'β × 3.2');
    close(trace[1].maxCapacity, 2.24, 'capacity follows the rate');
    close(trace[1].availableCapacity, 0.35, '0.1 + 0.5 s at 0.5/s');
    // t = 0.6, send: the limiter is on, a token needs (1 − 0.35) / 2.24 s.
    close(trace[2].waited, 0.65 / 2.24, 'wait for a token');
    close(trace[2].availableCapacity, 0, 'token taken');
  });
});
