import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { measureTransfer } from '../../http/transfer-stats.js';
import { toConnectionError } from '../../http/connection-failure.js';
import type { HttpOptions } from '../../http/http-options.js';
import { proxyChooser } from '../../http/proxy-for-url.js';
import { attemptTimeoutError, DEFAULT_ATTEMPT_TIMEOUT, DEFAULT_MAX_RESPONSE_BYTES, readLimitedBody } from '../../http/response-limits.js';
import type { HttpRequest, HttpResponse } from '../../http/types.js';
import type { HttpHandler } from '../../http/undici-handler.js';
import { buildQueryString } from '../../http/uri-encode.js';

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

function timedOut(what: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`no ${what} within the time limit`), { code: 'ETIMEDOUT' });
}

/**
 * An HTTP handler on Node's own `http`/`https` modules, for the CLI: a CLI run sends a few
 * requests and exits, so it has no use for a connection pool, and Node's built-in parser costs
 * nothing to start (undici's costs tens of milliseconds per process). It honours the `http`
 * option's `verify`, `connect_timeout`, `timeout`, `attempt_timeout` and `max_response_bytes`.
 * A request that goes through a proxy (the `proxy` option, or `HTTPS_PROXY` / `HTTP_PROXY` in
 * `env` unless `NO_PROXY` exempts its host) is sent by `fallback`, the library's undici handler,
 * whose proxy support does the tunnelling and proxy authentication. Transfer statistics are
 * reported as the undici handler reports them.
 */
export function createNodeHttpHandler(options: HttpOptions, fallback: () => Promise<HttpHandler>, env: NodeJS.ProcessEnv = process.env): HttpHandler {
  let proxied: Promise<HttpHandler> | undefined;
  const plain = { agent: new HttpAgent({ keepAlive: true }), request: httpRequest };
  // TLS (node:https and the trust store) is loaded for https endpoints only: the local service is plain http.
  let secure: Promise<typeof plain> | undefined;
  const transport = (https: boolean): Promise<typeof plain> | typeof plain =>
    https
      ? (secure ??= Promise.all([import('node:https'), import('../../http/trust-store.js')]).then(([module, trust]) => ({
          agent: new module.Agent({ keepAlive: true, ...trust.tlsTrustOptions(options.verify, env) }),
          request: module.request,
        })))
      : plain;
  const connectMs = options.connect_timeout === undefined ? undefined : options.connect_timeout * 1000;
  const responseMs = options.timeout === undefined ? undefined : options.timeout * 1000;
  const attemptSeconds = options.attempt_timeout ?? DEFAULT_ATTEMPT_TIMEOUT;
  const maxBytes = options.max_response_bytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const chooseProxy = proxyChooser(options.proxy, env);

  return async (request: HttpRequest) => {
    const host = request.hostname.includes(':') ? `[${request.hostname}]` : request.hostname;
    const origin = `${request.protocol}//${host}${request.port === undefined ? '' : `:${request.port}`}`;
    if (chooseProxy(new URL(origin))) return (await (proxied ??= fallback()))(request);
    const query = buildQueryString(request.query);
    const path = query ? `${request.path}?${query}` : request.path;
    const url = `${origin}${request.path}`;
    const https = request.protocol === 'https:';
    return measureTransfer(url, request.body, options.http_stats_receiver, async () => {
      const { agent, request: send } = await transport(https);
      return new Promise<HttpResponse>((resolve, reject) => {
        const req = send({
          method: request.method,
          hostname: request.hostname,
          port: request.port,
          path,
          headers: request.headers,
          agent,
        });
        let settled = false;
        const deadline = setTimeout(() => fail(attemptTimeoutError(attemptSeconds)), attemptSeconds * 1000);
        const fail = (error: NodeJS.ErrnoException): void => {
          clearTimeout(deadline);
          req.destroy();
          if (!settled) reject(toConnectionError(error, url));
          settled = true;
        };
        req.on('error', fail);
        if (connectMs !== undefined) {
          req.on('socket', (socket) => {
            if (!socket.connecting) return;
            const timer = setTimeout(() => fail(timedOut('connection')), connectMs);
            socket.once(https ? 'secureConnect' : 'connect', () => clearTimeout(timer));
            socket.once('close', () => clearTimeout(timer));
          });
        }
        if (responseMs !== undefined) req.setTimeout(responseMs, () => fail(timedOut('response')));
        req.on('response', (response) => {
          readLimitedBody(response, maxBytes, response.headers['content-length']).then((body) => {
            clearTimeout(deadline);
            if (settled) return;
            settled = true;
            resolve({ statusCode: response.statusCode ?? 0, headers: flattenHeaders(response.headers), body });
          }, fail);
        });
        req.end(request.body === undefined ? undefined : request.body);
      });
    });
  };
}
