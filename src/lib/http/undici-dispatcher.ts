import type { Dispatcher } from 'undici';
import type { HttpOptions } from './http-options.js';
import { proxyForUrl } from './proxy-for-url.js';
import { tlsTrustOptions } from './trust-store.js';

type Undici = typeof import('undici');

const dispatchers = new Map<string, Dispatcher>();

/**
 * The undici connection pool for a request to `url`: direct (an `Agent`) or through the proxy
 * that {@link proxyForUrl} picks (a `ProxyAgent`: a CONNECT tunnel, with the credentials of the
 * proxy URL sent as `Proxy-Authorization`), verifying certificates as `options.verify` says.
 * One keep-alive pool per distinct transport setting, shared by every client of the process.
 */
export function dispatcherForUrl({ Agent, ProxyAgent }: Undici, options: HttpOptions, url: URL, env: NodeJS.ProcessEnv): Dispatcher {
  const proxy = proxyForUrl(url, options.proxy, env);
  const key = JSON.stringify([options.verify ?? true, proxy ?? '', options.connect_timeout ?? 0]);
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
