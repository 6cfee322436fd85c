import { openSync, writeSync } from 'node:fs';
import type { RequestRecord } from '../../local/server/request-record.js';
import { configError } from '../errors/cli-error.js';

/** The levels of `--log-level`, quietest first. */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
/** A level of `--log-level`. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The level of a request's line: `error` for a 5xx or no answer, `warn` for a 4xx, else `info`. */
function levelOf(status: number): LogLevel {
  if (status >= 500 || status === 0) return 'error';
  return status >= 400 ? 'warn' : 'info';
}

/**
 * The request log: one JSON line per answered request at or above `level` (see {@link levelOf}),
 * on stderr or appended to `file` (several worker processes append whole lines to one file).
 * At `debug` a line also has the caller's address and user agent. Lines carry the request id, operation, status, latency, bytes in and out and
 * the access key id; never a secret, signature, token, query string or document text.
 */
export function requestLog(level: LogLevel, file: string | undefined): (record: RequestRecord) => void {
  let fd = 2;
  if (file !== undefined) {
    try {
      fd = openSync(file, 'a');
    } catch (error) {
      throw configError(`Cannot open --log-file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  const threshold = LOG_LEVELS.indexOf(level);
  return (record) => {
    const lineLevel = levelOf(record.status);
    if (LOG_LEVELS.indexOf(lineLevel) > threshold) return;
    const line = {
      time: new Date().toISOString(),
      level: lineLevel,
      msg: 'request',
      requestId: record.requestId,
      method: record.method,
      path: record.path,
      operation: record.operation,
      status: record.status,
      latencyMs: Math.round(record.latencyMs * 1000) / 1000,
      bytesIn: record.bytesIn,
      bytesOut: record.bytesOut,
      accessKeyId: record.accessKeyId ?? null,
      pid: process.pid,
      ...(level === 'debug' ? { remoteAddress: record.remoteAddress ?? null, userAgent: record.userAgent ?? null } : {}),
    };
    writeSync(fd, `${JSON.stringify(line)}\n`);
  };
}
