import { readFileSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { measureTransfer } from '../../http/transfer-stats.js';
import type { HttpOptions } from '../../http/http-options.js';
import type { HttpRequest, HttpResponse } from '../../http/types.js';
import { toConnectionError, type HttpHandler } from '../../http/undici-handler.js';
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
 * option's `verify`, `connect_timeout` and `timeout`; with a `proxy` the library's undici handler
 * is used instead. Transfer statistics are reported as the undici handler reports them.
 */
export function createNodeHttpHandler(options: HttpOptions, fallback: () => Promise<HttpHandler>): HttpHandler {
  if (options.proxy) {
    let handler: Promise<HttpHandler> | undefined;
    return async (request) => (await (handler ??= fallback()))(request);
  }
  const ca = typeof options.verify === 'string' ? readFileSync(options.verify) : undefined;
  const tls = { rejectUnauthorized: options.verify !== false, ...(ca ? { ca } : {}) };
  const plain = { agent: new HttpAgent({ keepAlive: true }), request: httpRequest };
  // TLS is loaded for https endpoints only (the local service is plain http).
  let secure: Promise<typeof plain> | undefined;
  const transport = (https: boolean): Promise<typeof plain> | typeof plain =>
    https ? (secure ??= import('node:https').then((module) => ({ agent: new module.Agent({ keepAlive: true, ...tls }), request: module.request }))) : plain;
  const connectMs = options.connect_timeout === undefined ? undefined : options.connect_timeout * 1000;
  const responseMs = options.timeout === undefined ? undefined : options.timeout * 1000;

  return (request: HttpRequest) => {
    const query = buildQueryString(request.query);
    const path = query ? `${request.path}?${query}` : request.path;
    const host = request.hostname.includes(':') ? `[${request.hostname}]` : request.hostname;
    const url = `${request.protocol}//${host}${request.port === undefined ? '' : `:${request.port}`}${request.path}`;
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
          ...(https ? tls : {}),
        });
        const fail = (error: NodeJS.ErrnoException): void => {
          req.destroy();
          reject(toConnectionError(error, url));
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
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', fail);
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({
              statusCode: response.statusCode ?? 0,
              headers: flattenHeaders(response.headers),
              body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
            });
          });
        });
        req.end(request.body === undefined ? undefined : request.body);
      });
    });
  };
}
