import type { Dispatcher } from 'undici';
import { AttemptDeadline } from './attempt-deadline.js';
import { measureTransfer } from './transfer-stats.js';
import { toConnectionError } from './connection-failure.js';
import type { HttpOptions } from './http-options.js';
import { attemptTimeoutError, DEFAULT_ATTEMPT_TIMEOUT, DEFAULT_MAX_RESPONSE_BYTES, readLimitedBody } from './response-limits.js';
import type { HttpRequest, HttpResponse } from './types.js';
import { buildQueryString } from './uri-encode.js';

/** Sends one HTTP request and resolves to the whole response. */
export type HttpHandler = (request: HttpRequest) => Promise<HttpResponse>;

type Undici = typeof import('undici');
type DispatcherChooserFactory = typeof import('./undici-dispatcher.js').dispatcherChooser;
type DispatcherChooser = import('./undici-dispatcher.js').DispatcherChooser;

let transportModules: Promise<[Undici, DispatcherChooserFactory]> | undefined;

/**
 * undici and the pool set-up (TLS included), loaded on the first request: a process that never
 * sends (most CLI runs) never pays for them.
 */
function loadTransport(): Promise<[Undici, DispatcherChooserFactory]> {
  return (transportModules ??= Promise.all([import('undici'), import('./undici-dispatcher.js').then((module) => module.dispatcherChooser)]));
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
 * The default HTTP handler: undici over shared keep-alive pools, honouring every key of the
 * `http` option (`verify`, `proxy`, `connect_timeout`, `timeout`, `attempt_timeout`,
 * `max_response_bytes`) and, without an explicit proxy, the proxy variables of `env`. Reports
 * each request's transfer statistics to `http_stats_receiver` and to the `stats` middleware (see
 * {@link measureTransfer}).
 */
export function createUndiciHandler(options: HttpOptions = {}, env: NodeJS.ProcessEnv = process.env): HttpHandler {
  const timeoutMs = options.timeout === undefined ? undefined : options.timeout * 1000;
  const attemptSeconds = options.attempt_timeout ?? DEFAULT_ATTEMPT_TIMEOUT;
  const maxBytes = options.max_response_bytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  // What depends on the options and env alone (proxy variables, NO_PROXY, the pools) is settled on the first request.
  let chooseDispatcher: DispatcherChooser | undefined;
  return async (request) => {
    const [undici, dispatcherChooser] = await loadTransport();
    chooseDispatcher ??= dispatcherChooser(undici, options, env);
    const query = buildQueryString(request.query);
    const origin = `${request.protocol}//${request.hostname.includes(':') ? `[${request.hostname}]` : request.hostname}${request.port === undefined ? '' : `:${request.port}`}`;
    const path = query ? `${request.path}?${query}` : request.path;
    const dispatcher = chooseDispatcher(new URL(origin));
    return measureTransfer(origin + path, request.body, options.http_stats_receiver, async () => {
      const deadline = new AttemptDeadline(attemptSeconds * 1000, () => attemptTimeoutError(attemptSeconds));
      try {
        const response = await undici.request(origin + path, {
          method: request.method as Dispatcher.HttpMethod,
          headers: request.headers,
          body: request.body,
          dispatcher,
          signal: deadline,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const body = await readLimitedBody(response.body, maxBytes, response.headers['content-length']);
        return { statusCode: response.statusCode, headers: flattenHeaders(response.headers), body };
      } catch (error) {
        throw toConnectionError(deadline.aborted ? deadline.reason : error, origin + request.path);
      } finally {
        deadline.clear();
      }
    });
  };
}
