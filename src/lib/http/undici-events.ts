import { AsyncLocalStorage } from 'node:async_hooks';
import diagnosticsChannel from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';

/** Where a connection goes, as undici reports it. */
export interface ConnectTarget {
  host: string;
  protocol: string;
  port: string;
}

/** One event of undici's diagnostics channels, for a request sent by an observed call. */
export type UndiciEvent = { time: number } & (
  | { name: 'create'; method: string; origin: string; path: string }
  | ({ name: 'beforeConnect' } & ConnectTarget)
  | ({ name: 'connected'; remoteAddress?: string; remotePort?: number } & ConnectTarget)
  | ({ name: 'connectError'; error: Error } & ConnectTarget)
  | { name: 'sendHeaders'; headers: string; remoteAddress?: string; remotePort?: number }
  | { name: 'bodySent' }
  | { name: 'headers'; statusCode: number; statusText: string; headers: Array<[string, string]> }
  | { name: 'trailers' }
  | { name: 'error'; error: Error }
);

/** Receives the undici events of the requests an observed call sends. */
export type UndiciListener = (event: UndiciEvent) => void;

interface Socketish {
  remoteAddress?: string;
  remotePort?: number;
}

const scope = new AsyncLocalStorage<readonly UndiciListener[]>();
const byRequest = new WeakMap<object, readonly UndiciListener[]>();
let observing = 0;

function emit(listeners: readonly UndiciListener[] | undefined, event: UndiciEvent): void {
  if (!listeners) return;
  for (const listener of listeners) listener(event);
}

function target(params: { host?: string; hostname?: string; protocol?: string; port?: string }): ConnectTarget {
  return { host: params.host ?? params.hostname ?? '', protocol: params.protocol ?? '', port: params.port ?? '' };
}

function text(value: unknown): string {
  return Buffer.isBuffer(value) ? value.toString('latin1') : String(value);
}

/** Pairs of a raw header array `[name, value, name, value…]`. */
function headerPairs(raw: unknown): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (Array.isArray(raw)) for (let index = 0; index + 1 < raw.length; index += 2) pairs.push([text(raw[index]), text(raw[index + 1])]);
  return pairs;
}

type Message = Record<string, unknown> & { request?: object };

/** The handlers, by channel name: requests are tied to listeners when created, connections by async context. */
const HANDLERS: Record<string, (message: Message) => void> = {
  'undici:request:create': ({ request }) => {
    const listeners = scope.getStore();
    if (!listeners || !request) return;
    byRequest.set(request, listeners);
    const { method, origin, path } = request as { method?: string; origin?: unknown; path?: string };
    emit(listeners, { name: 'create', time: performance.now(), method: method ?? '', origin: String(origin ?? ''), path: path ?? '' });
  },
  'undici:client:beforeConnect': ({ connectParams }) => {
    emit(scope.getStore(), { name: 'beforeConnect', time: performance.now(), ...target(connectParams as object) });
  },
  'undici:client:connected': ({ connectParams, socket }) => {
    const { remoteAddress, remotePort } = (socket ?? {}) as Socketish;
    emit(scope.getStore(), { name: 'connected', time: performance.now(), ...target(connectParams as object), remoteAddress, remotePort });
  },
  'undici:client:connectError': ({ connectParams, error }) => {
    emit(scope.getStore(), { name: 'connectError', time: performance.now(), ...target(connectParams as object), error: error as Error });
  },
  'undici:client:sendHeaders': ({ request, headers, socket }) => {
    const { remoteAddress, remotePort } = (socket ?? {}) as Socketish;
    emit(request && byRequest.get(request), { name: 'sendHeaders', time: performance.now(), headers: text(headers), remoteAddress, remotePort });
  },
  'undici:request:bodySent': ({ request }) => {
    emit(request && byRequest.get(request), { name: 'bodySent', time: performance.now() });
  },
  'undici:request:headers': ({ request, response }) => {
    const { statusCode, statusText, headers } = response as { statusCode: number; statusText?: string; headers?: unknown };
    emit(request && byRequest.get(request), {
      name: 'headers',
      time: performance.now(),
      statusCode,
      statusText: statusText ?? '',
      headers: headerPairs(headers),
    });
  },
  'undici:request:trailers': ({ request }) => {
    emit(request && byRequest.get(request), { name: 'trailers', time: performance.now() });
  },
  'undici:request:error': ({ request, error }) => {
    emit(request && byRequest.get(request), { name: 'error', time: performance.now(), error: error as Error });
  },
};

function subscribeAll(): void {
  for (const [name, handler] of Object.entries(HANDLERS)) diagnosticsChannel.subscribe(name, handler as (message: unknown) => void);
}

function unsubscribeAll(): void {
  for (const [name, handler] of Object.entries(HANDLERS)) diagnosticsChannel.unsubscribe(name, handler as (message: unknown) => void);
}

/**
 * Runs `run` and passes `listener` the undici events of the HTTP requests sent within it (and
 * of the connections opened for them) — and only those. undici's channels are subscribed only
 * while at least one observed call is in flight. Observations nest: an inner one adds its
 * listener to the outer ones.
 */
export async function observeUndici<T>(listener: UndiciListener, run: () => Promise<T>): Promise<T> {
  if (observing++ === 0) subscribeAll();
  try {
    return await scope.run([...(scope.getStore() ?? []), listener], run);
  } finally {
    if (--observing === 0) unsubscribeAll();
  }
}
