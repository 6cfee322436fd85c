import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { HttpRequest, HttpResponse } from './types.js';
import { observeUndici, type UndiciEvent } from './undici-events.js';

/**
 * The transfer statistics of one HTTP request, named like curl's: `url`, `http_code`,
 * `total_time`, `connect_time` (a new connection only), `pretransfer_time`, `starttransfer_time`
 * (seconds from the start of the request), `primary_ip`, `primary_port`, `size_upload`,
 * `size_download` (bytes) and `error` (the failure's code) when there was no response.
 */
export type TransferStatsEntry = Record<string, number | string>;

/** Receives the statistics of each HTTP request (the `http_stats_receiver` of the `stats` option). */
export type TransferStatsReceiver = (stats: TransferStatsEntry) => void;

const receivers = new AsyncLocalStorage<TransferStatsReceiver>();

/**
 * Runs `run`; the HTTP handler reports the statistics of each request sent within it to
 * `receiver` (the `stats` middleware collects one entry per attempt this way).
 */
export function receiveTransferStats<T>(receiver: TransferStatsReceiver, run: () => Promise<T>): Promise<T> {
  return receivers.run(receiver, run);
}

/**
 * For HTTP handlers: sends one request with `send` and, when anyone wants them (the `stats`
 * middleware of the current call, or the `http` option's `http_stats_receiver`), measures its
 * transfer statistics from undici's diagnostics channels and reports them. When nobody wants
 * them this is just `send()`.
 */
export function measureTransfer(
  url: string,
  body: HttpRequest['body'],
  userReceiver: TransferStatsReceiver | undefined,
  send: () => Promise<HttpResponse>,
): Promise<HttpResponse> {
  const scoped = receivers.getStore();
  return scoped || userReceiver ? measured(url, body, scoped, userReceiver, send) : send();
}

async function measured(
  url: string,
  body: HttpRequest['body'],
  scoped: TransferStatsReceiver | undefined,
  userReceiver: TransferStatsReceiver | undefined,
  send: () => Promise<HttpResponse>,
): Promise<HttpResponse> {
  const start = performance.now();
  const seconds = (time: number): number => Math.round((time - start) * 1000) / 1_000_000;
  const bytesUp = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  const stats: TransferStatsEntry = { url, size_upload: bytesUp };
  const listener = (event: UndiciEvent): void => {
    if (event.name === 'connected') stats.connect_time = seconds(event.time);
    else if (event.name === 'sendHeaders') {
      stats.pretransfer_time = seconds(event.time);
      if (event.remoteAddress) stats.primary_ip = event.remoteAddress;
      if (event.remotePort) stats.primary_port = event.remotePort;
    } else if (event.name === 'headers') stats.starttransfer_time = seconds(event.time);
  };
  let response: HttpResponse | undefined;
  let failure: unknown;
  try {
    response = await observeUndici(listener, send);
    stats.http_code = response.statusCode;
    stats.size_download = response.body.byteLength;
  } catch (error) {
    failure = error;
    stats.error = String((error as { code?: unknown }).code ?? (error as Error)?.name ?? 'Error');
  }
  stats.total_time = seconds(performance.now());
  scoped?.({ ...stats });
  userReceiver?.({ ...stats });
  if (!response) throw failure;
  return response;
}
