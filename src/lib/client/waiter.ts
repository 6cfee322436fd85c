import { setTimeout as sleep } from 'node:timers/promises';
import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';
import { ServiceException } from '../errors/service-exception.js';
import type { OperationRunner } from './paginator.js';
import type { Result } from './result.js';
import { preparePaths } from './jmespath-path.js';
import { acceptorMatches, describeOutcome, type AttemptOutcome, type WaiterConfig } from './waiter-config.js';
import { WaiterError } from '../errors/waiter-error.js';

/** One attempt as `after` sees it: the outcome and the state it led to (`retry` when no acceptor matched a result). */
export type WaiterAttempt = AttemptOutcome & { state: 'success' | 'failure' | 'retry' };

/** Per-call waiter options, given in the args as `'@waiter': {…}`. */
export interface WaiterOptions {
  /** Seconds between attempts (default: the model's). */
  delay?: number;
  /** Attempts before giving up (default: the model's). */
  maxAttempts?: number;
  /** Stops the waiter at once, even mid-request or mid-delay. */
  signal?: AbortSignal;
  /** Called before each attempt (1-based) with the operation's args, which it may change. */
  before?: (attempt: number, args: Record<string, unknown>) => void;
  /** Called after each attempt with its outcome. */
  after?: (attempt: number, outcome: WaiterAttempt) => void;
}

const OPTION_KEYS = new Set(['delay', 'maxAttempts', 'signal', 'before', 'after']);

/**
 * Polls an operation until one of the waiter's acceptors says success or failure, sleeping
 * `delay` seconds between attempts, at most `maxAttempts` times. Start it with {@link promise}.
 */
export class Waiter {
  /** The waiter's definition from `waiters.json`. */
  readonly config: WaiterConfig;
  /** The effective delay (seconds) and attempt limit, after the per-call options. */
  readonly delay: number;
  readonly maxAttempts: number;
  private readonly run: OperationRunner;
  private readonly args: Record<string, unknown>;
  private readonly options: WaiterOptions;
  private running?: Promise<Result>;

  constructor(run: OperationRunner, config: WaiterConfig, args: Record<string, unknown> = {}) {
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      throw new InvalidArgumentException(`The arguments of the ${config.name} waiter must be an object`, { operation: config.operation });
    }
    const { '@waiter': options, ...rest } = args;
    this.run = run;
    this.config = config;
    this.args = rest;
    this.options = parseOptions(config.name, options);
    this.delay = this.options.delay ?? config.delay;
    this.maxAttempts = this.options.maxAttempts ?? config.maxAttempts;
  }

  /**
   * Starts waiting (once; later calls return the same promise). Resolves with the last result
   * (for a success on an error code, an empty result carrying that response's `$metadata`);
   * rejects with a {@link WaiterError}, or with a non-service error as the operation threw it.
   */
  promise(): Promise<Result> {
    this.running ??= this.wait();
    return this.running;
  }

  private async wait(): Promise<Result> {
    const { config } = this;
    const { signal, before, after } = this.options;
    let lastResult: Result | undefined;
    await preparePaths(config.acceptors.map((acceptor) => acceptor.argument));
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw this.aborted(attempt - 1, signal, lastResult);
      const args = { ...this.args };
      before?.(attempt, args);
      let outcome: AttemptOutcome;
      try {
        outcome = { result: await abortable(this.run(config.operation, args), signal) };
        lastResult = outcome.result;
      } catch (error) {
        if (signal?.aborted) throw this.aborted(attempt, signal, lastResult);
        if (!(error instanceof ServiceException)) throw error;
        outcome = { error };
      }
      const acceptor = config.acceptors.find((candidate) => acceptorMatches(candidate, outcome));
      const state = acceptor?.state ?? (outcome.error ? 'failure' : 'retry');
      after?.(attempt, { ...outcome, state });
      const plural = attempt === 1 ? 'attempt' : 'attempts';
      if (state === 'success') return outcome.result ?? ({ $metadata: outcome.error.$metadata } as Result);
      if (state === 'failure') {
        const message = acceptor
          ? `Waiter ${config.name} reached a failure state after ${attempt} ${plural}: ${describeOutcome(config, outcome)}`
          : `Waiter ${config.name} stopped after ${attempt} ${plural}: ${config.operation} failed with ${outcome.error!.code}: ${outcome.error!.message}`;
        throw new WaiterError(message, { waiter: config.name, reason: acceptor ? 'failure' : 'error', attempts: attempt, lastResult, cause: outcome.error });
      }
      if (attempt >= this.maxAttempts) {
        throw new WaiterError(`Waiter ${config.name} gave up after ${attempt} ${plural}: last ${describeOutcome(config, outcome)}`, {
          waiter: config.name,
          reason: 'timeout',
          attempts: attempt,
          lastResult,
          cause: outcome.error,
        });
      }
      try {
        await sleep(this.delay * 1000, undefined, { signal });
      } catch (error) {
        if (signal?.aborted) throw this.aborted(attempt, signal, lastResult);
        throw error;
      }
    }
  }

  private aborted(attempts: number, signal: AbortSignal, lastResult: Result | undefined): WaiterError {
    return new WaiterError(`Waiter ${this.config.name} was aborted after ${attempts} attempt${attempts === 1 ? '' : 's'}`, {
      waiter: this.config.name,
      reason: 'aborted',
      attempts,
      lastResult,
      cause: signal.reason,
    });
  }
}

function parseOptions(name: string, options: unknown): WaiterOptions {
  if (options === undefined) return {};
  const fail = (problem: string): never => {
    throw new InvalidArgumentException(`Invalid @waiter options for ${name}: ${problem}`, {});
  };
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail('expected an object');
  const raw = options as Record<string, unknown>;
  for (const key of Object.keys(raw)) if (!OPTION_KEYS.has(key)) fail(`unknown key "${key}" (expected ${[...OPTION_KEYS].join(', ')})`);
  if (raw.delay !== undefined && (typeof raw.delay !== 'number' || !Number.isFinite(raw.delay) || raw.delay < 0))
    fail('delay must be a number of seconds, 0 or more');
  if (raw.maxAttempts !== undefined && (!Number.isSafeInteger(raw.maxAttempts) || (raw.maxAttempts as number) < 1))
    fail('maxAttempts must be a positive integer');
  if (raw.signal !== undefined && !(raw.signal instanceof AbortSignal)) fail('signal must be an AbortSignal');
  for (const key of ['before', 'after'] as const) if (raw[key] !== undefined && typeof raw[key] !== 'function') fail(`${key} must be a function`);
  return raw as WaiterOptions;
}

/** The promise, or a rejection as soon as the signal fires (the request itself is left to finish). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
