import { invalid } from '../errors/option-checks.js';

/** The retry modes: `legacy` (fixed error list, no quota), `standard` (retry quota), `adaptive` (standard plus a client-side rate limiter). */
export type RetryMode = 'legacy' | 'standard' | 'adaptive';

/** The modes by the names the `retries` option accepts (the misspelling `adapative` included, for compatibility). */
const MODE_NAMES: Readonly<Record<string, RetryMode>> = {
  legacy: 'legacy',
  standard: 'standard',
  adaptive: 'adaptive',
  adapative: 'adaptive',
};

/**
 * What retries run on: a wall clock, a random source and a sleep. Replaceable so that tests (and
 * simulations) see exact, repeatable delays.
 */
export interface RetryHooks {
  /** Milliseconds since the epoch, like `Date.now` (the default). */
  clock?: () => number;
  /** A number in [0, 1), like `Math.random` (the default). */
  random?: () => number;
  /** Waits `ms` milliseconds (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
}

/** The constructor argument of {@link RetryConfiguration}. */
export interface RetryConfigurationOptions extends RetryHooks {
  /** `legacy`, `standard` or `adaptive` (also `adapative`); when absent, from AWS_RETRY_MODE, the profile, else legacy. */
  mode?: string;
  /** Attempts per request, the first included (a whole number ≥ 1); when absent, from AWS_MAX_ATTEMPTS, the profile, else 3. */
  max_attempts?: number;
}

const OPTION_KEYS = new Set(['mode', 'max_attempts', 'clock', 'random', 'sleep']);

/** Checks a mode name; throws InvalidArgumentException (option `retries`) for an unknown one. */
export function parseRetryMode(value: unknown): RetryMode {
  const mode = typeof value === 'string' && Object.hasOwn(MODE_NAMES, value) ? MODE_NAMES[value] : undefined;
  if (!mode) invalid('retries', `unknown mode ${JSON.stringify(value)} (expected legacy, standard or adaptive)`);
  return mode;
}

/** Checks a max_attempts value; throws InvalidArgumentException (option `retries`) unless it is a whole number ≥ 1. */
export function parseMaxAttempts(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    invalid('retries', `max_attempts must be a whole number of at least 1, not ${JSON.stringify(value)}`);
  }
  return value;
}

function optionalHook<T extends (...args: never[]) => unknown>(value: unknown, name: string): T | undefined {
  if (value !== undefined && typeof value !== 'function') invalid('retries', `${name} must be a function`);
  return value as T | undefined;
}

/**
 * A retry configuration object, one of the forms the `retries` option takes:
 * `new SearchClient({…, retries: new RetryConfiguration({ mode: 'standard', max_attempts: 5 })})`.
 * Beyond the option's `mode` and `max_attempts` it carries the {@link RetryHooks} (`clock`,
 * `random`, `sleep`), which is how tests and simulations make delays exact. A mode or
 * max_attempts left out is resolved like the client's default (environment, profile, default).
 */
export class RetryConfiguration {
  /** The mode, or undefined to take it from the environment, the profile or the default. */
  readonly mode?: RetryMode;
  /** Attempts per request, or undefined to take it from the environment, the profile or the default. */
  readonly maxAttempts?: number;
  /** The clock, random source and sleep given (each undefined for the default). */
  readonly hooks: Readonly<RetryHooks>;

  /** @throws InvalidArgumentException (option `retries`) for an unknown key, mode or a bad max_attempts or hook. */
  constructor(options: RetryConfigurationOptions = {}) {
    if (options === null || typeof options !== 'object') invalid('retries', 'a RetryConfiguration takes an object of options');
    for (const key of Object.keys(options)) {
      if (!OPTION_KEYS.has(key)) invalid('retries', `unknown key "${key}" (known: ${[...OPTION_KEYS].join(', ')})`);
    }
    if (options.mode !== undefined) this.mode = parseRetryMode(options.mode);
    if (options.max_attempts !== undefined) this.maxAttempts = parseMaxAttempts(options.max_attempts);
    this.hooks = Object.freeze({
      clock: optionalHook<() => number>(options.clock, 'clock'),
      random: optionalHook<() => number>(options.random, 'random'),
      sleep: optionalHook<(ms: number) => Promise<void>>(options.sleep, 'sleep'),
    });
  }

  /** The mode (undefined when left to the defaults). */
  getMode(): RetryMode | undefined {
    return this.mode;
  }

  /** The attempts per request (undefined when left to the defaults). */
  getMaxAttempts(): number | undefined {
    return this.maxAttempts;
  }

  /** The array form (`toArray()`): `{mode, max_attempts}` (keys left to the defaults are omitted). */
  toArray(): { mode?: RetryMode; max_attempts?: number } {
    return {
      ...(this.mode === undefined ? {} : { mode: this.mode }),
      ...(this.maxAttempts === undefined ? {} : { max_attempts: this.maxAttempts }),
    };
  }
}
