import { invalid } from '../errors/option-checks.js';
import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import type { Profile } from '../config/profile.js';
import { resolveMaxAttempts, resolveRetryMode } from '../config/retry-settings.js';
import type { Env } from '../config/types.js';
import { parseMaxAttempts, parseRetryMode, RetryConfiguration, type RetryMode } from './retry-configuration.js';

/** The mode when neither the option, the environment nor the profile names one. */
export const DEFAULT_RETRY_MODE: RetryMode = 'legacy';

/** Attempts per request when neither the option, the environment nor the profile gives a number. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** The key a cache object given as `retries` holds the resolved configuration under. */
export const RETRIES_CACHE_KEY = 'aws_retries_config';

/** The "cache object" form of the `retries` option: anything with `get(key)` and `set(key, value)`. */
export interface RetriesCache {
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
}

/** A retry configuration with every value decided. */
export interface ResolvedRetryConfig {
  mode: RetryMode;
  /** Attempts per request, the first included (1 means no retries). */
  maxAttempts: number;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** A number in [0, 1). */
  random: () => number;
  /** Waits that many milliseconds. */
  sleep: (ms: number) => Promise<void>;
}

/** Where defaults come from when the option leaves them open. */
export interface RetrySources {
  env: Env;
  profile: Profile;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const PLAIN_KEYS = new Set(['mode', 'max_attempts']);

/**
 * Parses the `retries` option, once, when a client is made. Accepted forms:
 * - a whole number N ≥ 0: legacy mode with N retries (N + 1 attempts; 0 disables retries);
 * - `{mode, max_attempts}`: `legacy`, `standard` or `adaptive` (also the misspelling `adapative`, accepted for compatibility);
 * - a {@link RetryConfiguration} (which may also carry a clock, random source and sleep);
 * - a cache object (`get`/`set`): the default configuration, cached under {@link RETRIES_CACHE_KEY};
 * - a function returning one of the first three, called once here.
 *
 * What the option leaves open comes from `AWS_RETRY_MODE` / `AWS_MAX_ATTEMPTS`, then the
 * profile's `retry_mode` / `max_attempts`, then legacy with 3 attempts.
 * @throws InvalidArgumentException naming `retries` for anything else, or for a bad setting.
 */
export function resolveRetryConfig(value: unknown, sources: RetrySources): ResolvedRetryConfig {
  if (typeof value === 'function') {
    const returned: unknown = (value as () => unknown)();
    if (typeof returned === 'function' || isThenable(returned) || isCache(returned)) {
      invalid('retries', 'a retries function must return a number, {mode, max_attempts} or a RetryConfiguration');
    }
    return resolveRetryConfig(returned, sources);
  }
  if (value === undefined || value === null) return fromConfiguration(new RetryConfiguration(), sources);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) invalid('retries', `a number of retries must be a whole number of at least 0, not ${value}`);
    return fromConfiguration(new RetryConfiguration({ mode: 'legacy', max_attempts: value + 1 }), sources);
  }
  if (value instanceof RetryConfiguration) return fromConfiguration(value, sources);
  if (isCache(value)) return fromCache(value, sources);
  if (typeof value === 'object' && !Array.isArray(value)) return fromConfiguration(fromPlainObject(value as Record<string, unknown>), sources);
  return invalid('retries', 'expected a number of retries, {mode, max_attempts}, a RetryConfiguration, a cache object or a function');
}

function fromPlainObject(options: Record<string, unknown>): RetryConfiguration {
  for (const key of Object.keys(options)) {
    if (!PLAIN_KEYS.has(key)) invalid('retries', `unknown key "${key}" (known: mode, max_attempts)`);
  }
  return new RetryConfiguration({
    ...(options.mode === undefined ? {} : { mode: parseRetryMode(options.mode) }),
    ...(options.max_attempts === undefined ? {} : { max_attempts: parseMaxAttempts(options.max_attempts) }),
  });
}

function fromCache(cache: RetriesCache, sources: RetrySources): ResolvedRetryConfig {
  const cached = cache.get(RETRIES_CACHE_KEY);
  if (cached !== undefined && cached !== null) {
    if (cached instanceof RetryConfiguration) return fromConfiguration(cached, sources);
    if (typeof cached === 'object' && !Array.isArray(cached)) return fromConfiguration(fromPlainObject(cached as Record<string, unknown>), sources);
    invalid('retries', `the cache holds something other than a retry configuration under "${RETRIES_CACHE_KEY}"`);
  }
  const resolved = fromConfiguration(new RetryConfiguration(), sources);
  cache.set(RETRIES_CACHE_KEY, new RetryConfiguration({ mode: resolved.mode, max_attempts: resolved.maxAttempts }));
  return resolved;
}

function fromConfiguration(configuration: RetryConfiguration, sources: RetrySources): ResolvedRetryConfig {
  const { clock, random, sleep } = configuration.hooks;
  return {
    mode: configuration.mode ?? fromSettings(() => resolveRetryMode(sources.profile, sources.env)) ?? DEFAULT_RETRY_MODE,
    maxAttempts: configuration.maxAttempts ?? fromSettings(() => resolveMaxAttempts(sources.profile, sources.env)) ?? DEFAULT_MAX_ATTEMPTS,
    clock: clock ?? Date.now,
    random: random ?? Math.random,
    sleep: sleep ?? defaultSleep,
  };
}

/** Reads a setting from the environment or the profile; a bad value names its source and the option. */
function fromSettings<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ConfigurationError) throw new InvalidArgumentException(`Invalid retry setting: ${error.message}`, { option: 'retries', cause: error });
    throw error;
  }
}

function isCache(value: unknown): value is RetriesCache {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof RetryConfiguration) &&
    typeof (value as RetriesCache).get === 'function' &&
    typeof (value as RetriesCache).set === 'function'
  );
}

function isThenable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
