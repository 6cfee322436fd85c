import { BlockList, isIP } from 'node:net';
import { ConfigurationError } from '../errors/configuration-error.js';
import { isServedByThisThread } from './in-thread-servers.js';

/** An environment variable in either case, the lower-case one first (as curl and Python read them); empty means unset. */
function variable(env: NodeJS.ProcessEnv, name: string): [string, string] | undefined {
  for (const spelling of [name.toLowerCase(), name.toUpperCase()]) if (env[spelling]) return [spelling, env[spelling]];
  return undefined;
}

/** One `NO_PROXY` entry: whether it exempts a host (brackets removed, lower case) on a port. */
type Exemption = (host: string, port: string) => boolean;

/** The entries of `NO_PROXY` (or `no_proxy`): `*`, a host or domain suffix, `host:port`, or an IP range in CIDR form. */
function exemptions(noProxy: string | undefined): Exemption[] {
  const list: Exemption[] = [];
  for (const raw of (noProxy ?? '').split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') {
      list.push(() => true);
      continue;
    }
    const cidr = /^([\d.]+|[\da-f:]+)\/(\d{1,3})$/.exec(entry);
    if (cidr) {
      const family = isIP(cidr[1]!) === 6 ? 'ipv6' : 'ipv4';
      // An address that is not one, or a prefix longer than the address, exempts nothing.
      if (!isIP(cidr[1]!) || Number(cidr[2]) > (family === 'ipv6' ? 128 : 32)) continue;
      const range = new BlockList();
      range.addSubnet(cidr[1]!, Number(cidr[2]), family);
      list.push((host) => isIP(host) !== 0 && range.check(host, isIP(host) === 6 ? 'ipv6' : 'ipv4'));
      continue;
    }
    if (isIP(entry)) {
      list.push((host) => host === entry);
      continue;
    }
    const match = /^(.*?)(?::(\d+))?$/.exec(entry.replace(/^\[(.*)\](:\d+)?$/, '$1$2'))!;
    const name = match[1]!.replace(/^\*?\./, '');
    const onPort = match[2];
    list.push((host, port) => (!onPort || onPort === port) && (host === name || host.endsWith(`.${name}`)));
  }
  return list;
}

/** The proxy a variable names, or the error to throw when a request would use it. */
type EnvProxy = { proxy: string } | { error: ConfigurationError };

/** The proxy of the `https_proxy` or `http_proxy` variable (either case), undefined when it is unset. */
function envProxy(env: NodeJS.ProcessEnv, variableName: string): EnvProxy | undefined {
  const found = variable(env, variableName);
  if (!found) return undefined;
  const [name, value] = found;
  // A proxy given as host:port, as some tools accept, is an http:// proxy.
  const proxy = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  if (!URL.canParse(proxy) || !/^https?:$/.test(new URL(proxy).protocol)) {
    const shown = value.replace(/\/\/[^@/]*@/, '//***@');
    return { error: new ConfigurationError(`${name} must be an http:// or https:// proxy URL such as http://proxy.local:3128, not "${shown}"`) };
  }
  return { proxy };
}

/** Picks the proxy of a request's URL, or undefined to connect directly. */
export type ProxyChooser = (url: URL) => string | undefined;

/**
 * The proxy choice of one transport. An explicit proxy (the `http` option's `proxy`) applies to
 * every request. Otherwise the environment decides as the AWS CLI does: `HTTPS_PROXY` for https
 * URLs, `HTTP_PROXY` for http ones (either case), and none for a host that `NO_PROXY` exempts.
 * The variables are read once, here, as botocore reads them once per client; what depends on
 * the URL is decided per request. A server running in this very thread (the local service
 * embedded by `--local`) is always reached directly.
 * The chooser throws a ConfigurationError when the variable that applies to a URL is not an
 * http:// or https:// URL.
 */
export function proxyChooser(explicit: string | undefined, env: NodeJS.ProcessEnv): ProxyChooser {
  if (explicit) return (url) => (isServedByThisThread(url) ? undefined : explicit);
  const byScheme = { 'https:': envProxy(env, 'https_proxy'), 'http:': envProxy(env, 'http_proxy') };
  // Without a proxy variable every request connects directly: NO_PROXY is not even read.
  if (!byScheme['https:'] && !byScheme['http:']) return () => undefined;
  const exempt = exemptions(variable(env, 'no_proxy')?.[1]);
  return (url) => {
    if (isServedByThisThread(url)) return undefined;
    const found = url.protocol === 'https:' ? byScheme['https:'] : byScheme['http:'];
    if (!found) return undefined;
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    if (exempt.some((exemption) => exemption(host, port))) return undefined;
    if ('error' in found) throw found.error;
    return found.proxy;
  };
}
