import assert from 'node:assert/strict';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { AdaptiveRetryStrategy } from '../../../src/lib/retry/adaptive-strategy.js';
import { classifyError, isLegacyRetryable, isThrottlingError } from '../../../src/lib/retry/error-classification.js';
import { LegacyRetryStrategy, legacyDelay } from '../../../src/lib/retry/legacy-strategy.js';
import { boundedRetryAfter, retryAfterHint } from '../../../src/lib/retry/retry-after.js';
import { RetryQuota } from '../../../src/lib/retry/retry-quota.js';
import { StandardRetryStrategy, standardBackoff } from '../../../src/lib/retry/standard-strategy.js';
import { connectionError, randoms, serviceError } from './errors.js';

const NOW = Date.UTC(2024, 0, 1);

describe('retry quota, step by step', () => {
  it('takes 5 per retry, 10 after a timeout or connection failure, and refuses what it does not have', () => {
    const quota = new RetryQuota();
    assert.equal(quota.availableCapacity, 500);
    assert.equal(quota.acquire(5), true);
    assert.equal(quota.availableCapacity, 495);
    assert.equal(quota.acquire(10), true);
    assert.equal(quota.availableCapacity, 485);
    quota.release(10);
    assert.equal(quota.availableCapacity, 495);
    quota.release(1);
    assert.equal(quota.availableCapacity, 496);
    quota.release(10);
    assert.equal(quota.availableCapacity, 500, 'never above the initial 500');
    const small = new RetryQuota(12);
    assert.equal(small.acquire(10), true);
    assert.equal(small.acquire(5), false, '2 left: not enough for 5');
    assert.equal(small.availableCapacity, 2, 'a refused acquire takes nothing');
  });

  it('is drained by standard-mode retries and refilled by successes', () => {
    const strategy = new StandardRetryStrategy(1000, { random: () => 0, clock: () => NOW });
    const call = strategy.begin();
    for (let attempt = 1; attempt <= 100; attempt++) assert.deepEqual(call.failed(serviceError('InternalFailure', 500), attempt), { retry: true, delay: 0 });
    assert.equal(strategy.quota.availableCapacity, 0);
    assert.deepEqual(call.failed(serviceError('InternalFailure', 500), 101), { retry: false, reason: 'quota-exhausted' });
    call.succeeded();
    assert.equal(strategy.quota.availableCapacity, 5, 'a success after retries gives back the last retry cost');
    strategy.begin().succeeded();
    assert.equal(strategy.quota.availableCapacity, 6, 'a success without retries gives back 1');
    const timeout = strategy.begin();
    assert.deepEqual(timeout.failed(connectionError(true), 1), { retry: false, reason: 'quota-exhausted' }, 'a timeout retry costs 10');
    assert.equal(strategy.quota.availableCapacity, 6);
    assert.equal(timeout.failed(serviceError('Throttling', 400), 1).retry, true, '5 is there');
    assert.equal(strategy.quota.availableCapacity, 1);
  });
});

describe('error classification', () => {
  it('sorts errors into throttling, transient, retryable, client, server and unknown', () => {
    assert.equal(classifyError(serviceError('ThrottlingException', 400)), 'throttling');
    assert.equal(classifyError(serviceError('SlowDown', 503)), 'throttling');
    assert.equal(classifyError(serviceError('Anything', 429)), 'throttling');
    assert.equal(classifyError(serviceError('Custom', 400, { throttling: true })), 'throttling');
    assert.equal(classifyError(serviceError('InternalServerException', 500)), 'transient');
    assert.equal(classifyError(serviceError('502', 502)), 'transient');
    assert.equal(classifyError(serviceError('RequestTimeoutException', 400)), 'transient');
    assert.equal(classifyError(connectionError()), 'transient');
    assert.equal(classifyError(connectionError(true)), 'transient');
    assert.equal(classifyError(serviceError('ConflictException', 409, { retryable: true })), 'retryable');
    assert.equal(classifyError(serviceError('ValidationException', 400)), 'client');
    assert.equal(classifyError(serviceError('NotImplemented', 501)), 'server');
    assert.equal(classifyError(new TypeError('x is not a function')), 'unknown');
    assert.equal(classifyError(new InvalidArgumentException('bad input')), 'unknown');
    assert.equal(isThrottlingError(connectionError()), false);
  });

  it('has legacy mode retry 500/502/503/504, its throttling codes and connection errors only', () => {
    for (const status of [500, 502, 503, 504]) assert.equal(isLegacyRetryable(serviceError('X', status)), true, String(status));
    for (const code of [
      'Throttling',
      'ThrottlingException',
      'ThrottledException',
      'RequestThrottledException',
      'TooManyRequestsException',
      'ProvisionedThroughputExceededException',
      'RequestLimitExceeded',
      'BandwidthLimitExceeded',
      'RequestThrottled',
    ]) {
      assert.equal(isLegacyRetryable(serviceError(code, 400)), true, code);
    }
    assert.equal(isLegacyRetryable(connectionError()), true);
    assert.equal(isLegacyRetryable(serviceError('LimitExceededException', 400)), false, 'only in the standard list');
    assert.equal(isLegacyRetryable(serviceError('RequestTimeoutException', 408)), false);
    assert.equal(isLegacyRetryable(serviceError('X', 429)), false);
    assert.equal(isLegacyRetryable(serviceError('X', 501)), false);
    assert.equal(isLegacyRetryable(serviceError('Modeled', 400, { retryable: true })), false);
    assert.equal(isLegacyRetryable(new RangeError('boom')), false);
  });
});

describe('legacy mode', () => {
  it('draws each delay from 0 to min(20000, 2^retries × 100) ms, both included', () => {
    assert.equal(
      legacyDelay(0, () => 0),
      0,
    );
    assert.equal(
      legacyDelay(0, () => 0.999999),
      100,
    );
    assert.equal(
      legacyDelay(1, () => 0.5),
      100,
    );
    assert.equal(
      legacyDelay(3, () => 0.25),
      200,
    );
    assert.equal(
      legacyDelay(8, () => 0.999999),
      20000,
      '2^8 × 100 = 25600, capped',
    );
    assert.equal(
      legacyDelay(2000, () => 0.5),
      10000,
      'no overflow for huge retry counts',
    );
  });

  it('retries up to max attempts, then stops; never retries what it does not know', () => {
    const strategy = new LegacyRetryStrategy(3, randoms(0.5, 0.5));
    const call = strategy.begin();
    assert.deepEqual(call.failed(serviceError('X', 503), 1), { retry: true, delay: 50 });
    assert.deepEqual(call.failed(connectionError(), 2), { retry: true, delay: 100 });
    assert.deepEqual(call.failed(serviceError('X', 503), 3), { retry: false, reason: 'max-attempts' });
    assert.deepEqual(strategy.begin().failed(serviceError('ValidationException', 400), 1), { retry: false, reason: 'not-retryable' });
    assert.deepEqual(strategy.begin().failed(new TypeError('oops'), 1), { retry: false, reason: 'not-retryable' });
    assert.deepEqual(new LegacyRetryStrategy(1, randoms()).begin().failed(serviceError('X', 500), 1), { retry: false, reason: 'max-attempts' }, 'retries: 0');
  });
});

describe('standard mode', () => {
  it('backs off floor(min(20000, random × 2^retries × base)) ms, base 100, or 500 after throttling', () => {
    assert.equal(
      standardBackoff(0, false, () => 0.5),
      50,
    );
    assert.equal(
      standardBackoff(1, false, () => 0.5),
      100,
    );
    assert.equal(
      standardBackoff(3, false, () => 0.3),
      240,
    );
    assert.equal(
      standardBackoff(0, true, () => 0.5),
      250,
    );
    assert.equal(
      standardBackoff(2, true, () => 0.999),
      1998,
    );
    assert.equal(
      standardBackoff(10, true, () => 0.9),
      20000,
    );
  });

  it('retries throttling, transient and modeled retryable errors; never client errors or unknown errors', () => {
    const strategy = new StandardRetryStrategy(5, { random: randoms(0.5, 0.5, 0.5, 0.5), clock: () => NOW });
    const call = strategy.begin();
    assert.deepEqual(call.failed(serviceError('ThrottlingException', 400), 1), { retry: true, delay: 250 });
    assert.deepEqual(call.failed(serviceError('X', 500), 2), { retry: true, delay: 100 });
    assert.deepEqual(call.failed(connectionError(true), 3), { retry: true, delay: 200 });
    assert.deepEqual(call.failed(serviceError('ResourceInUseException', 400, { retryable: true }), 4), { retry: true, delay: 400 });
    assert.deepEqual(call.failed(serviceError('X', 500), 5), { retry: false, reason: 'max-attempts' });
    assert.equal(strategy.quota.availableCapacity, 500 - 5 - 5 - 10 - 5);
    assert.deepEqual(strategy.begin().failed(serviceError('ValidationException', 400), 1), { retry: false, reason: 'not-retryable' });
    assert.deepEqual(strategy.begin().failed(serviceError('AccessDeniedException', 403), 1), { retry: false, reason: 'not-retryable' });
    assert.deepEqual(strategy.begin().failed(new TypeError('undefined is not a function'), 1), { retry: false, reason: 'not-retryable' });
    assert.equal(strategy.quota.availableCapacity, 475, 'nothing taken for what is not retried');
  });

  it('honours x-amz-retry-after and Retry-After within [backoff, backoff + 5 s] and never beyond 20 s', () => {
    assert.equal(retryAfterHint(serviceError('X', 503, { headers: { 'x-amz-retry-after': '1500' } }), NOW), 1500);
    assert.equal(retryAfterHint(serviceError('X', 503, { headers: { 'retry-after': '3' } }), NOW), 3000);
    assert.equal(retryAfterHint(serviceError('X', 503, { headers: { 'retry-after': new Date(NOW + 4000).toUTCString() } }), NOW), 4000);
    assert.equal(retryAfterHint(serviceError('X', 503, { headers: { 'retry-after': new Date(NOW - 4000).toUTCString() } }), NOW), 0);
    assert.equal(retryAfterHint(serviceError('X', 503, { headers: { 'x-amz-retry-after': '-5', 'retry-after': 'soon' } }), NOW), undefined);
    assert.equal(retryAfterHint(serviceError('X', 503, { headers: { 'x-amz-retry-after': '700', 'retry-after': '9' } }), NOW), 700, 'x-amz-retry-after first');
    assert.equal(retryAfterHint(connectionError(), NOW), undefined);
    assert.equal(boundedRetryAfter(100, undefined, 20000), 100);
    assert.equal(boundedRetryAfter(100, 3000, 20000), 3000);
    assert.equal(boundedRetryAfter(100, 50, 20000), 100, 'never less than the backoff');
    assert.equal(boundedRetryAfter(100, 60000, 20000), 5100, 'at most 5 s more than the backoff');
    assert.equal(boundedRetryAfter(18000, 60000, 20000), 20000, 'at most 20 s');

    const strategy = new StandardRetryStrategy(3, { random: randoms(0.5, 0.5), clock: () => NOW });
    const call = strategy.begin();
    assert.deepEqual(call.failed(serviceError('X', 503, { headers: { 'x-amz-retry-after': '2500' } }), 1), { retry: true, delay: 2500 });
    assert.deepEqual(call.failed(serviceError('X', 503, { headers: { 'retry-after': '3600' } }), 2), { retry: true, delay: 5100 });
  });
});

describe('adaptive mode strategy', () => {
  it('decides like standard mode, and turns the rate limiter on at the first throttle', async () => {
    let now = 1_700_000_000_000;
    const sleeps: number[] = [];
    const strategy = new AdaptiveRetryStrategy(4, {
      clock: () => now,
      random: randoms(0.5, 0.5, 0.5),
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
    });
    const call = strategy.begin();
    assert.equal(await call.beforeAttempt(), 0, 'off: no token needed');
    assert.deepEqual(call.failed(serviceError('X', 500), 1), { retry: true, delay: 50 });
    assert.equal(strategy.limiter.snapshot().enabled, false);
    assert.equal(await call.beforeAttempt(), 0);
    assert.deepEqual(call.failed(serviceError('ThrottlingException', 400), 2), { retry: true, delay: 500 });
    assert.equal(strategy.limiter.snapshot().enabled, true);
    now += 500;
    // The bucket holds 0.5 s × 0.5/s = 0.25 token; the rest takes 0.75 / 0.5 s.
    assert.equal(await call.beforeAttempt(), 1500, 'on: waits for a token at the 0.5/s floor');
    assert.deepEqual(sleeps, [1500]);
    assert.equal(strategy.quota.availableCapacity, 490);
    call.succeeded();
    assert.equal(strategy.quota.availableCapacity, 495);
    strategy.begin().failed(new TypeError('bug'), 1);
    assert.equal(strategy.limiter.snapshot().enabled, true);
  });
  it('answers beforeAttempt at once when there is nothing to wait for, and with a promise when there is', async () => {
    const hooks = { clock: () => NOW, random: () => 0.5, sleep: async () => undefined };
    assert.equal(new LegacyRetryStrategy(3, hooks.random).begin().beforeAttempt(), 0, 'legacy: a number, not a promise');
    assert.equal(new StandardRetryStrategy(3, hooks).begin().beforeAttempt(), 0, 'standard: a number, not a promise');
    const adaptive = new AdaptiveRetryStrategy(3, hooks);
    assert.equal(adaptive.begin().beforeAttempt(), 0, 'adaptive with its limiter off: a number');
    adaptive.begin().failed(serviceError('ThrottlingException', 400), 1);
    const waiting = adaptive.begin().beforeAttempt();
    assert.ok(waiting instanceof Promise, 'adaptive with its limiter on: a promise of the wait');
    assert.equal(typeof (await waiting), 'number');
  });
});
