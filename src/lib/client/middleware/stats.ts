import { performance } from 'node:perf_hooks';
import { requestUrl } from '../../http/uri-encode.js';
import type { Command } from '../command.js';
import { receiveTransferStats, type TransferStatsEntry } from '../../http/transfer-stats.js';
import { ServiceException } from '../../errors/service-exception.js';
import type { HandlerList, Middleware } from '../handler-list.js';
import { invalid } from '../../errors/option-checks.js';
import type { TransferStats } from '../result.js';
import { readRetryContext } from './retry.js';

/** The `stats` option, parsed: which statistics `$metadata.transferStats` carries. */
export interface StatsSettings {
  /** `retries_attempted` and `total_retry_delay`. */
  retries: boolean;
  /** `http`: one entry of transfer statistics per attempt. */
  http: boolean;
  /** `total_time`: wall-clock seconds of the whole call. */
  timer: boolean;
}

const KEYS = ['retries', 'http', 'timer'] as const;

/**
 * Parses the `stats` option: `true` turns every statistic on, `false` or undefined none; an
 * object turns each of `retries`, `http` and `timer` on (true) or off (false or absent).
 * @throws InvalidArgumentException naming `stats` for any other value.
 */
export function parseStatsOption(value: unknown): StatsSettings {
  if (value === undefined || value === null || typeof value === 'boolean') {
    const on = value === true;
    return { retries: on, http: on, timer: on };
  }
  if (typeof value !== 'object' || Array.isArray(value)) invalid('stats', 'expected true, false or an object {retries, http, timer}');
  const options = value as Record<string, unknown>;
  for (const [key, flag] of Object.entries(options)) {
    if (!(KEYS as readonly string[]).includes(key)) invalid('stats', `unknown key "${key}" (known: ${KEYS.join(', ')})`);
    if (typeof flag !== 'boolean') invalid('stats', `${key} must be true or false`);
  }
  return { retries: options.retries === true, http: options.http === true, timer: options.timer === true };
}

/** True when any statistic is on. */
export function statsEnabled(settings: StatsSettings): boolean {
  return settings.retries || settings.http || settings.timer;
}

const attemptsByCommand = new WeakMap<Command, TransferStatsEntry[]>();

/**
 * The call-level `stats` middleware (step `init`): times the whole call and, when it ends, puts
 * `transferStats` in the `$metadata` of the result, or of the ServiceException thrown. Retries
 * come from what the `retry` middleware left in the command's context.
 */
export function statsMiddleware(settings: StatsSettings): Middleware {
  return (next) => async (command, request) => {
    const started = performance.now();
    const attempts: TransferStatsEntry[] = [];
    attemptsByCommand.set(command, attempts);
    const collect = (): TransferStats => {
      const stats: TransferStats = {};
      if (settings.timer) stats.total_time = Math.round(performance.now() - started) / 1000;
      if (settings.retries) {
        const retry = readRetryContext(command);
        const made = retry.attempts?.length ?? attempts.length;
        stats.retries_attempted = Math.max(0, made - 1);
        stats.total_retry_delay = retry.retry?.totalRetryDelay ?? 0;
      }
      if (settings.http) stats.http = attempts;
      return stats;
    };
    try {
      const result = await next(command, request);
      if (result && typeof result === 'object')
        result.$metadata = { ...(result.$metadata ?? { headers: {}, attempts: 1, totalRetryDelay: 0 }), transferStats: collect() };
      return result;
    } catch (error) {
      if (error instanceof ServiceException && error.$metadata) error.$metadata.transferStats = collect();
      throw error;
    }
  };
}

/**
 * The attempt-level `stats` middleware (step `send`: once per attempt): collects the transfer
 * statistics the HTTP handler reports for the attempt (the undici handler reports connect,
 * pretransfer and starttransfer times and the peer address); for a handler that reports
 * nothing, the URL, status and the attempt's total time measured here.
 */
export function attemptStatsMiddleware(): Middleware {
  return (next) => async (command, request) => {
    const attempts = attemptsByCommand.get(command);
    if (!attempts || !request) return next(command, request);
    const started = performance.now();
    let reported: TransferStatsEntry | undefined;
    const measured = (statusCode?: number): TransferStatsEntry =>
      reported ?? {
        url: requestUrl(request),
        ...(statusCode === undefined ? {} : { http_code: statusCode }),
        total_time: Math.round((performance.now() - started) * 1000) / 1_000_000,
      };
    try {
      const result = await receiveTransferStats(
        (stats) => {
          reported = stats;
        },
        () => next(command, request),
      );
      attempts.push(measured(result?.$metadata?.statusCode));
      return result;
    } catch (error) {
      attempts.push(measured(error instanceof ServiceException ? error.statusCode : undefined));
      throw error;
    }
  };
}

/** Installs `stats` (step `init`, priority `high`) and, for `http`, `stats-attempt` (step `send`). */
export function installStatsMiddleware(list: HandlerList, settings: StatsSettings): void {
  list.add('init', 'stats', statsMiddleware(settings), { priority: 'high' });
  if (settings.http) list.add('send', 'stats-attempt', attemptStatsMiddleware(), { priority: 'high' });
}
