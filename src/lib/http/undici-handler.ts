import { readFileSync } from 'node:fs';
import type { Dispatcher } from 'undici';
import { measureTransfer } from './transfer-stats.js';
import { ConnectionError } from '../errors/connection-error.js';
import type { HttpOptions } from './http-options.js';
import type { HttpRequest, HttpResponse } from './types.js';
import { buildQueryString } from './uri-encode.js';

/** Sends one HTTP request and resolves to the whole response. */
export type HttpHandler = (request: HttpRequest) => Promise<HttpResponse>;

type Undici = typeof import('undici');

let undiciModule: Promise<Undici> | undefined;

/** undici, loaded on the first request: a process that never sends (most CLI runs) never pays for it. */
function loadUndici(): Promise<Undici> {
  return (undiciModule ??= import('undici'));
}

const dispatchers = new Map<string, Dispatcher>();

/** One keep-alive pool per distinct set of transport options, shared by every client. */
function dispatcherFor({ Agent, ProxyAgent }: Undici, options: HttpOptions): Dispatcher {
  const key = JSON.stringify([options.verify ?? true, options.proxy ?? '', options.connect_timeout ?? 0]);
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    const connect: Record<string, unknown> = {};
    if (options.verify === false) connect.rejectUnauthorized = false;
    else if (typeof options.verify === 'string') connect.ca = readFileSync(options.verify);
    if (options.connect_timeout !== undefined) connect.timeout = options.connect_timeout * 1000;
    const common = { connect, keepAliveTimeout: 30_000, connections: 128, pipelining: 1 };
    dispatcher = options.proxy
      ? new ProxyAgent({ uri: options.proxy, ...common, requestTls: connect, proxyTls: connect })
      : new Agent(common);
    dispatchers.set(key, dispatcher);
  }
  return dispatcher;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** Turns a transport failure into a {@link ConnectionError} the retry layer recognises. */
export function toConnectionError(error: unknown, url: string): ConnectionError {
  const cause = error as { code?: string; message?: string; cause?: { code?: string } };
  const code = cause?.code ?? cause?.cause?.code ?? 'ECONNECTION';
  const timeout = TIMEOUT_CODES.has(code);
  return new ConnectionError(`${timeout ? 'Timed out' : 'Connection failed'} sending the request to ${url}: ${cause?.message ?? code}`, {
    code,
    timeout,
    cause: error,
  });
}

/** Lower-cases undici's response headers and joins repeated ones with `, `. */
function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/**
 * The default HTTP handler: undici over a shared keep-alive pool, honouring the `http` option's
 * `verify`, `proxy`, `connect_timeout` and `timeout`; reports each request's transfer statistics
 * to `http_stats_receiver` and to the `stats` middleware (see {@link measureTransfer}).
 */
export function createUndiciHandler(options: HttpOptions = {}): HttpHandler {
  const timeoutMs = options.timeout === undefined ? undefined : options.timeout * 1000;
  let undici: Undici | undefined;
  let dispatcher: Dispatcher | undefined;
  return async (request) => {
    if (!undici) {
      undici = await loadUndici();
      dispatcher = dispatcherFor(undici, options);
    }
    const send = undici.request;
    const query = buildQueryString(request.query);
    const origin = `${request.protocol}//${request.hostname.includes(':') ? `[${request.hostname}]` : request.hostname}${request.port === undefined ? '' : `:${request.port}`}`;
    const path = query ? `${request.path}?${query}` : request.path;
    return measureTransfer(origin + path, request.body, options.http_stats_receiver, async () => {
      try {
        const response = await send(origin + path, {
          method: request.method as Dispatcher.HttpMethod,
          headers: request.headers,
          body: request.body,
          dispatcher,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const body = new Uint8Array(await response.body.arrayBuffer());
        return { statusCode: response.statusCode, headers: flattenHeaders(response.headers), body };
      } catch (error) {
        throw toConnectionError(error, origin + request.path);
      }
    });
  };
}
