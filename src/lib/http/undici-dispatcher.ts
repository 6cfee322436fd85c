import type { Dispatcher } from 'undici';
import type { HttpOptions } from './http-options.js';
import { proxyChooser } from './proxy-for-url.js';
import { tlsTrustOptions } from './trust-store.js';

type Undici = typeof import('undici');

const dispatchers = new Map<string, Dispatcher>();

/** Picks the undici connection pool of a request's URL. */
export type DispatcherChooser = (url: URL) => Dispatcher;

/**
 * The pool choice of one transport: the proxy variables and `NO_PROXY` are read once, here, and
 * the pool of each proxy (and of direct requests) is looked up once; per request, only the proxy
 * decision, which depends on the URL (see {@link proxyChooser}), is made. A request goes direct
 * (an `Agent`) or through its proxy (a `ProxyAgent`: a CONNECT tunnel, with the credentials of
 * the proxy URL sent as `Proxy-Authorization`), verifying certificates as `options.verify` says.
 * There is one keep-alive pool per distinct transport setting, shared by every client of the
 * process.
 */
export function dispatcherChooser(undici: Undici, options: HttpOptions, env: NodeJS.ProcessEnv): DispatcherChooser {
  const chooseProxy = proxyChooser(options.proxy, env);
  const byProxy = new Map<string, Dispatcher>();
  return (url) => {
    const proxy = chooseProxy(url) ?? '';
    let dispatcher = byProxy.get(proxy);
    if (!dispatcher) {
      dispatcher = sharedDispatcher(undici, options, proxy, env);
      byProxy.set(proxy, dispatcher);
    }
    return dispatcher;
  };
}

/** The pool for a single request to `url`, as {@link dispatcherChooser} picks it. */
export function dispatcherForUrl(undici: Undici, options: HttpOptions, url: URL, env: NodeJS.ProcessEnv): Dispatcher {
  return dispatcherChooser(undici, options, env)(url);
}

/** The process's pool for these settings and `proxy` ('' for none), made on first use. */
function sharedDispatcher({ Agent, ProxyAgent }: Undici, options: HttpOptions, proxy: string, env: NodeJS.ProcessEnv): Dispatcher {
  const key = JSON.stringify([options.verify ?? true, proxy, options.connect_timeout ?? 0]);
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    const connect: Record<string, unknown> = { ...tlsTrustOptions(options.verify, env) };
    if (options.connect_timeout !== undefined) connect.timeout = options.connect_timeout * 1000;
    const common = { connect, keepAliveTimeout: 30_000, connections: 128, pipelining: 1 };
    dispatcher = proxy ? new ProxyAgent({ uri: proxy, ...common, requestTls: connect, proxyTls: connect }) : new Agent(common);
    dispatchers.set(key, dispatcher);
  }
  return dispatcher;
}
