import type { Profile } from '../../config/profile.js';
import type { Env } from '../../config/types.js';
import type { HttpRequest } from '../../http/types.js';
import { createRetryStrategy } from '../../retry/create-retry-strategy.js';
import { resolveRetryConfig } from '../../retry/retries-option.js';
import type { RetryMode } from '../../retry/retry-configuration.js';
import type { RetryStopReason, RetryStrategy } from '../../retry/retry-strategy.js';
import type { Command } from '../command.js';
import { ConnectionError } from '../../errors/connection-error.js';
import { ServiceException } from '../../errors/service-exception.js';
import { InvalidResponseError } from '../../errors/invalid-response-error.js';
import type { Middleware } from '../handler-list.js';
import type { Result } from '../result.js';
import { invocationId } from '../invocation-id.js';

/** `command.context` key of the {@link AttemptRecord} list. */
export const ATTEMPTS_CONTEXT_KEY = 'attempts';
/** `command.context` key of the list of backoff delays slept, in milliseconds. */
export const RETRY_DELAYS_CONTEXT_KEY = 'retryDelays';
/** `command.context` key of the {@link RetrySummary}. */
export const RETRY_CONTEXT_KEY = 'retry';

/** One attempt of an operation call. Times are from the retry clock, in milliseconds since the epoch. */
export interface AttemptRecord {
  /** 1 for the first attempt. */
  attempt: number;
  /** When the attempt went to signing and sending (after any rate-limiter wait). */
  start: number;
  /** When it resolved or failed. */
  end: number;
  /** Milliseconds of backoff slept before it (0 for the first attempt). */
  retryDelay: number;
  /** Milliseconds waited for the adaptive rate limiter before it. */
  rateLimitDelay: number;
  /** The HTTP status of the response, when there was one. */
  statusCode?: number;
  /** The service's request id, when there was one. */
  requestId?: string;
  /** What the attempt failed with (a ServiceException, a ConnectionError, or anything else). */
  error?: unknown;
}

/** The whole call, as far as retries go. */
export interface RetrySummary {
  mode: RetryMode;
  maxAttempts: number;
  /**
   * Milliseconds of backoff slept in all (the same as `$metadata.totalRetryDelay`); waits for the
   * adaptive rate limiter are not included (see {@link AttemptRecord.rateLimitDelay}).
   */
  totalRetryDelay: number;
  /** Why the last failure was not retried; undefined while running and after a success. */
  stopReason?: RetryStopReason;
}

/** What the retry middleware needs from the client's configuration. */
export interface RetryMiddlewareOptions {
  /** The raw `retries` option. */
  retries: unknown;
  /** The environment (`AWS_RETRY_MODE`, `AWS_MAX_ATTEMPTS`). */
  env: Env;
  /** The selected profile (`retry_mode`, `max_attempts`). */
  profile: Profile;
}

/**
 * The `retry` middleware (step `sign`, priority `high`: it wraps signing and sending, so every
 * attempt is signed again). Parses `retries` once, when the client is made (InvalidArgumentException
 * naming `retries` for a bad value), and owns the client's quota and rate limiter.
 *
 * Each attempt gets a fresh copy of the built request with `amz-sdk-request: attempt=N; max=M`;
 * `amz-sdk-invocation-id` stays the same for all attempts of a call. The result — or the
 * thrown ServiceException — gets `$metadata.attempts` and `$metadata.totalRetryDelay`.
 *
 * For later middleware (stats, client-side monitoring) it leaves in `command.context`:
 * - `attempts` ({@link ATTEMPTS_CONTEXT_KEY}): an {@link AttemptRecord} per attempt;
 * - `retryDelays` ({@link RETRY_DELAYS_CONTEXT_KEY}): each backoff slept, in milliseconds;
 * - `retry` ({@link RETRY_CONTEXT_KEY}): a {@link RetrySummary}.
 * Read them with {@link readRetryContext}.
 */
export function retryMiddleware(options: RetryMiddlewareOptions): Middleware {
  const config = resolveRetryConfig(options.retries, { env: options.env, profile: options.profile });
  return retryMiddlewareFor(createRetryStrategy(config), config.clock, config.sleep);
}

/** The retry middleware around an existing strategy (shared state and all). */
export function retryMiddlewareFor(strategy: RetryStrategy, clock: () => number, sleep: (ms: number) => Promise<void>): Middleware {
  return (next) => async (command, request) => {
    if (!request) return next(command, request);
    request.headers['amz-sdk-invocation-id'] ??= invocationId();
    const attempts: AttemptRecord[] = [];
    const delays: number[] = [];
    const summary: RetrySummary = { mode: strategy.mode, maxAttempts: strategy.maxAttempts, totalRetryDelay: 0 };
    command.context[ATTEMPTS_CONTEXT_KEY] = attempts;
    command.context[RETRY_DELAYS_CONTEXT_KEY] = delays;
    command.context[RETRY_CONTEXT_KEY] = summary;
    const call = strategy.begin();
    let retryDelay = 0;
    for (let attempt = 1; ; attempt++) {
      const waiting = call.beforeAttempt();
      const rateLimitDelay = typeof waiting === 'number' ? waiting : await waiting;
      const record: AttemptRecord = { attempt, start: clock(), end: 0, retryDelay, rateLimitDelay };
      attempts.push(record);
      try {
        const result = await next(command, attemptRequest(request, attempt, strategy.maxAttempts));
        record.end = clock();
        record.statusCode = result?.$metadata?.statusCode;
        record.requestId = result?.$metadata?.requestId;
        call.succeeded();
        return withRetryMetadata(result, attempt, summary.totalRetryDelay);
      } catch (error) {
        record.end = clock();
        record.error = error;
        if (error instanceof ServiceException || error instanceof InvalidResponseError) {
          record.statusCode = error.statusCode;
          record.requestId = error.requestId;
        }
        const decision = call.failed(error, attempt);
        if (!decision.retry) {
          summary.stopReason = decision.reason;
          if ((error instanceof ServiceException || error instanceof InvalidResponseError) && error.$metadata) {
            error.$metadata.attempts = attempt;
            error.$metadata.totalRetryDelay = summary.totalRetryDelay;
          } else if (error instanceof ConnectionError) {
            error.$metadata = { headers: {}, attempts: attempt, totalRetryDelay: summary.totalRetryDelay };
          }
          throw error;
        }
        retryDelay = decision.delay;
        delays.push(retryDelay);
        summary.totalRetryDelay += retryDelay;
        await sleep(retryDelay);
      }
    }
  };
}

/** What the retry middleware left in a command's context (undefined keys when it did not run). */
export function readRetryContext(command: Command): { attempts?: AttemptRecord[]; retryDelays?: number[]; retry?: RetrySummary } {
  return {
    attempts: command.context[ATTEMPTS_CONTEXT_KEY] as AttemptRecord[] | undefined,
    retryDelays: command.context[RETRY_DELAYS_CONTEXT_KEY] as number[] | undefined,
    retry: command.context[RETRY_CONTEXT_KEY] as RetrySummary | undefined,
  };
}

/** A fresh copy of the built request for one attempt, with its `amz-sdk-request` header. */
function attemptRequest(request: HttpRequest, attempt: number, maxAttempts: number): HttpRequest {
  const query: HttpRequest['query'] = {};
  for (const name in request.query) {
    if (!Object.hasOwn(request.query, name)) continue;
    const value = request.query[name]!;
    query[name] = Array.isArray(value) ? [...value] : value;
  }
  return { ...request, query, headers: { ...request.headers, 'amz-sdk-request': `attempt=${attempt}; max=${maxAttempts}` } };
}

function withRetryMetadata(result: Result, attempts: number, totalRetryDelay: number): Result {
  if (result === null || typeof result !== 'object') return result;
  result.$metadata = { ...(result.$metadata ?? { headers: {} }), attempts, totalRetryDelay };
  return result;
}
