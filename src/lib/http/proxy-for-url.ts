import { BlockList, isIP } from 'node:net';
import { ConfigurationError } from '../errors/configuration-error.js';
import { isServedByThisThread } from './in-thread-servers.js';

/** An environment variable in either case, the lower-case one first (as curl and Python read them); empty means unset. */
function variable(env: NodeJS.ProcessEnv, name: string): [string, string] | undefined {
  for (const spelling of [name.toLowerCase(), name.toUpperCase()]) if (env[spelling]) return [spelling, env[spelling]];
  return undefined;
}

/** True when `NO_PROXY` (or `no_proxy`) exempts `url`: `*`, a host or domain suffix, `host:port`, or an IP range in CIDR form. */
function bypassed(url: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const cidr = /^([\d.]+|[\da-f:]+)\/(\d{1,3})$/.exec(entry);
    if (cidr) {
      const family = isIP(cidr[1]!) === 6 ? 'ipv6' : 'ipv4';
      if (isIP(host) && isIP(cidr[1]!)) {
        const list = new BlockList();
        list.addSubnet(cidr[1]!, Number(cidr[2]), family);
        if (list.check(host, isIP(host) === 6 ? 'ipv6' : 'ipv4')) return true;
      }
      continue;
    }
    if (isIP(entry)) {
      if (host === entry) return true;
      continue;
    }
    const match = /^(.*?)(?::(\d+))?$/.exec(entry.replace(/^\[(.*)\](:\d+)?$/, '$1$2'))!;
    const name = match[1]!.replace(/^\*?\./, '');
    if (match[2] && match[2] !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/**
 * The proxy a request to `url` goes through, or undefined to connect directly. A server running
 * in this very thread (the local service embedded by `--local`) is always reached directly. An
 * explicit proxy (the `http` option's `proxy`) applies to every other request. Otherwise the
 * environment decides as the AWS CLI does: `HTTPS_PROXY` for https URLs, `HTTP_PROXY` for http
 * ones (either case), and none for a host that `NO_PROXY` exempts.
 * @throws ConfigurationError when the variable that applies is not an http:// or https:// URL.
 */
export function proxyForUrl(url: URL, explicit: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (isServedByThisThread(url)) return undefined;
  if (explicit) return explicit;
  const found = variable(env, url.protocol === 'https:' ? 'https_proxy' : 'http_proxy');
  if (!found || bypassed(url, variable(env, 'no_proxy')?.[1])) return undefined;
  const [name, value] = found;
  // A proxy given as host:port, as some tools accept, is an http:// proxy.
  const proxy = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  if (!URL.canParse(proxy) || !/^https?:$/.test(new URL(proxy).protocol)) {
    const shown = value.replace(/\/\/[^@/]*@/, '//***@');
    throw new ConfigurationError(`${name} must be an http:// or https:// proxy URL such as http://proxy.local:3128, not "${shown}"`);
  }
  return proxy;
}

