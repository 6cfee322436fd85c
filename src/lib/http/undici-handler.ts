import type { Dispatcher } from 'undici';
import { measureTransfer } from './transfer-stats.js';
import { toConnectionError } from './connection-failure.js';
import type { HttpOptions } from './http-options.js';
import { attemptTimeoutError, DEFAULT_ATTEMPT_TIMEOUT, DEFAULT_MAX_RESPONSE_BYTES } from './response-limits.js';
import type { HttpRequest, HttpResponse } from './types.js';
import { buildQueryString } from './uri-encode.js';
import { WholeResponse } from './whole-response.js';

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

/**
 * The default HTTP handler: undici over shared keep-alive pools, honouring every key of the
 * `http` option (`verify`, `proxy`, `connect_timeout`, `timeout`, `attempt_timeout`,
 * `max_response_bytes`) and, without an explicit proxy, the proxy variables of `env`. Reports
 * each request's transfer statistics to `http_stats_receiver` and to the `stats` middleware (see
 * {@link measureTransfer}). Each response is collected whole by a dispatch handler (see
 * {@link WholeResponse}), without a body stream.
 */
export function createUndiciHandler(options: HttpOptions = {}, env: NodeJS.ProcessEnv = process.env): HttpHandler {
  const timeoutMs = options.timeout === undefined ? undefined : options.timeout * 1000;
  const attemptSeconds = options.attempt_timeout ?? DEFAULT_ATTEMPT_TIMEOUT;
  const maxBytes = options.max_response_bytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  // What depends on the options and env alone (proxy variables, NO_PROXY, the pools) is settled on the first request.
  let chooseDispatcher: DispatcherChooser | undefined;
  // The origin and pool of the last request: a client sends to the same origin call after call.
  let last: { protocol: string; hostname: string; port?: number; origin: string; dispatcher: Dispatcher } | undefined;

  const destination = (request: HttpRequest): { origin: string; dispatcher: Dispatcher } => {
    if (last?.hostname === request.hostname && last.port === request.port && last.protocol === request.protocol) return last;
    const { protocol, hostname, port } = request;
    const origin = `${protocol}//${hostname.includes(':') ? `[${hostname}]` : hostname}${port === undefined ? '' : `:${port}`}`;
    const dispatcher = last?.origin === origin ? last.dispatcher : chooseDispatcher!(new URL(origin));
    last = { protocol, hostname, port, origin, dispatcher };
    return last;
  };

  /** Sends one request on `dispatcher`; settles with the whole response or the failure, within the attempt's deadline. */
  const exchange = (dispatcher: Dispatcher, origin: string, path: string, request: HttpRequest): Promise<HttpResponse> =>
    new Promise<HttpResponse>((resolve, reject) => {
      const handler = new WholeResponse(
        maxBytes,
        (response) => {
          clearTimeout(timer);
          resolve(response);
        },
        (error) => {
          clearTimeout(timer);
          reject(toConnectionError(error, origin + request.path));
        },
      );
      const timer = setTimeout(() => handler.abort(attemptTimeoutError(attemptSeconds)), attemptSeconds * 1000);
      try {
        dispatcher.dispatch(
          {
            origin,
            path,
            method: request.method as Dispatcher.HttpMethod,
            headers: request.headers,
            body: request.body,
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          },
          handler,
        );
      } catch (error) {
        handler.onError(error as Error);
      }
    });

  const send = (request: HttpRequest): Promise<HttpResponse> => {
    try {
      const query = buildQueryString(request.query);
      const { origin, dispatcher } = destination(request);
      const path = query ? `${request.path}?${query}` : request.path;
      return measureTransfer(origin + path, request.body, options.http_stats_receiver, () => exchange(dispatcher, origin, path, request));
    } catch (error) {
      return Promise.reject(error);
    }
  };

  return (request) => {
    if (chooseDispatcher) return send(request);
    return loadTransport().then(([undici, dispatcherChooser]) => {
      chooseDispatcher ??= dispatcherChooser(undici, options, env);
      return send(request);
    });
  };
}
