import assert from 'node:assert/strict';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import type { Profile } from '../../../src/lib/config/profile.js';
import { RETRIES_CACHE_KEY, resolveRetryConfig } from '../../../src/lib/retry/retries-option.js';
import { RetryConfiguration } from '../../../src/lib/retry/retry-configuration.js';

const profile = (settings: Record<string, string> = {}): Profile => ({ name: 'p', exists: true, settings, services: {} });
const none = { env: {}, profile: profile() };
const pick = (value: unknown, sources = none) => {
  const { mode, maxAttempts } = resolveRetryConfig(value, sources);
  return { mode, maxAttempts };
};

function rejectsRetries(run: () => unknown, message: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof InvalidArgumentException, String(error));
    assert.equal(error.option, 'retries');
    assert.match(error.message, message);
    assert.match(error.message, /retr/i, 'the message names retries');
    return true;
  });
}

describe('retries option parsing', () => {
  it('defaults to legacy with 3 attempts', () => {
    assert.deepEqual(pick(undefined), { mode: 'legacy', maxAttempts: 3 });
    assert.deepEqual(pick(null), { mode: 'legacy', maxAttempts: 3 });
  });

  it('takes a whole number as legacy retries (N + 1 attempts; 0 disables)', () => {
    assert.deepEqual(pick(0), { mode: 'legacy', maxAttempts: 1 });
    assert.deepEqual(pick(5), { mode: 'legacy', maxAttempts: 6 });
    assert.deepEqual(
      pick(2, { env: { AWS_RETRY_MODE: 'standard', AWS_MAX_ATTEMPTS: '9' }, profile: profile() }),
      { mode: 'legacy', maxAttempts: 3 },
      'the number wins',
    );
  });

  it('takes {mode, max_attempts}, including the misspelling "adapative", accepted for compatibility', () => {
    assert.deepEqual(pick({ mode: 'standard', max_attempts: 5 }), { mode: 'standard', maxAttempts: 5 });
    assert.deepEqual(pick({ mode: 'adaptive', max_attempts: 2 }), { mode: 'adaptive', maxAttempts: 2 });
    assert.deepEqual(pick({ mode: 'adapative', max_attempts: 4 }), { mode: 'adaptive', maxAttempts: 4 });
    assert.deepEqual(pick({ mode: 'legacy', max_attempts: 1 }), { mode: 'legacy', maxAttempts: 1 });
  });

  it('fills what the object leaves out from the environment, then the profile, then the defaults', () => {
    const env = { AWS_RETRY_MODE: 'adaptive', AWS_MAX_ATTEMPTS: '7' };
    const files = profile({ retry_mode: 'standard', max_attempts: '4' });
    assert.deepEqual(pick({ mode: 'legacy' }, { env, profile: files }), { mode: 'legacy', maxAttempts: 7 });
    assert.deepEqual(pick({ max_attempts: 2 }, { env, profile: files }), { mode: 'adaptive', maxAttempts: 2 });
    assert.deepEqual(pick(undefined, { env, profile: files }), { mode: 'adaptive', maxAttempts: 7 });
    assert.deepEqual(pick(undefined, { env: {}, profile: files }), { mode: 'standard', maxAttempts: 4 });
    assert.deepEqual(pick(undefined, { env: { AWS_MAX_ATTEMPTS: '6' }, profile: profile() }), { mode: 'legacy', maxAttempts: 6 });
    assert.deepEqual(pick({ mode: 'standard' }), { mode: 'standard', maxAttempts: 3 });
  });

  it('takes a RetryConfiguration, with its clock, random source and sleep', async () => {
    const slept: number[] = [];
    const configuration = new RetryConfiguration({
      mode: 'standard',
      max_attempts: 6,
      clock: () => 42,
      random: () => 0.25,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    const resolved = resolveRetryConfig(configuration, none);
    assert.equal(resolved.mode, 'standard');
    assert.equal(resolved.maxAttempts, 6);
    assert.equal(resolved.clock(), 42);
    assert.equal(resolved.random(), 0.25);
    await resolved.sleep(12);
    assert.deepEqual(slept, [12]);
    assert.deepEqual(configuration.toArray(), { mode: 'standard', max_attempts: 6 });
    assert.equal(configuration.getMode(), 'standard');
    assert.equal(configuration.getMaxAttempts(), 6);
    assert.deepEqual(pick(new RetryConfiguration({ random: () => 0 }), { env: { AWS_RETRY_MODE: 'standard' }, profile: profile() }), {
      mode: 'standard',
      maxAttempts: 3,
    });
  });

  it('calls a function once and uses what it returns', () => {
    let calls = 0;
    assert.deepEqual(
      pick(() => {
        calls++;
        return { mode: 'adaptive', max_attempts: 8 };
      }),
      { mode: 'adaptive', maxAttempts: 8 },
    );
    assert.equal(calls, 1);
    assert.deepEqual(
      pick(() => 4),
      { mode: 'legacy', maxAttempts: 5 },
    );
    assert.deepEqual(
      pick(() => new RetryConfiguration({ mode: 'standard' })),
      { mode: 'standard', maxAttempts: 3 },
    );
  });

  it('resolves the default into a cache object once, and reads it from there afterwards', () => {
    const store = new Map<string, unknown>();
    const cache = { get: (key: string) => store.get(key), set: (key: string, value: unknown) => store.set(key, value) };
    assert.deepEqual(pick(cache, { env: { AWS_RETRY_MODE: 'standard', AWS_MAX_ATTEMPTS: '5' }, profile: profile() }), { mode: 'standard', maxAttempts: 5 });
    const cached = store.get(RETRIES_CACHE_KEY);
    assert.ok(cached instanceof RetryConfiguration);
    assert.deepEqual(cached.toArray(), { mode: 'standard', max_attempts: 5 });
    assert.deepEqual(pick(cache, none), { mode: 'standard', maxAttempts: 5 }, 'the cached value wins over the (now empty) environment');
    store.set(RETRIES_CACHE_KEY, { mode: 'adaptive', max_attempts: 2 });
    assert.deepEqual(pick(cache, none), { mode: 'adaptive', maxAttempts: 2 });
  });

  it('rejects invalid values with an InvalidArgumentException naming retries', () => {
    rejectsRetries(() => pick(-1), /at least 0/);
    rejectsRetries(() => pick(1.5), /whole number/);
    rejectsRetries(() => pick(Number.NaN), /whole number/);
    rejectsRetries(() => pick('3'), /expected a number of retries/);
    rejectsRetries(() => pick(true), /expected a number of retries/);
    rejectsRetries(() => pick([1]), /expected a number of retries/);
    rejectsRetries(() => pick({ mode: 'fast' }), /unknown mode "fast"/);
    rejectsRetries(() => pick({ mode: 'Standard' }), /unknown mode/);
    rejectsRetries(() => pick({ mode: 'standard', max_attempts: 0 }), /max_attempts must be a whole number of at least 1/);
    rejectsRetries(() => pick({ mode: 'standard', max_attempts: '3' }), /max_attempts/);
    rejectsRetries(() => pick({ mode: 'standard', maxAttempts: 3 }), /unknown key "maxAttempts"/);
    rejectsRetries(() => pick({ mode: 'standard', random: () => 0 }), /unknown key "random"/);
    rejectsRetries(() => pick(() => Promise.resolve(3)), /must return/);
    rejectsRetries(() => pick(() => () => 3), /must return/);
    rejectsRetries(() => pick(() => 'x'), /expected a number of retries/);
    rejectsRetries(() => new RetryConfiguration({ mode: 'standard', sleep: 5 as never }), /sleep must be a function/);
    rejectsRetries(() => new RetryConfiguration({ speed: 1 } as never), /unknown key "speed"/);
    rejectsRetries(() => pick({ get: () => 7, set: () => undefined }), /cache holds something other/);
  });

  it('names the source of a bad environment or profile setting', () => {
    rejectsRetries(() => pick(undefined, { env: { AWS_RETRY_MODE: 'turbo' }, profile: profile() }), /AWS_RETRY_MODE/);
    rejectsRetries(() => pick(undefined, { env: {}, profile: profile({ max_attempts: 'many' }) }), /max_attempts in profile p/);
    assert.deepEqual(pick(1, { env: { AWS_RETRY_MODE: 'turbo' }, profile: profile() }), { mode: 'legacy', maxAttempts: 2 }, 'settings not needed are not read');
  });
});
