import { isIP } from 'node:net';
import type { CrawlMode } from './crawl-settings.js';

/** Which URLs a crawl may fetch: those of its seeds' hosts as its mode says, over HTTPS (or HTTP when allowed). */
export interface UrlScope {
  /** The host names of the seed and sitemap URLs, lower case. */
  hosts: ReadonlySet<string>;
  mode: CrawlMode;
  /** Whether `http:` URLs may be fetched (`local start --allow-http-crawl`); HTTPS only otherwise. */
  allowHttp: boolean;
}

/** The URL `text` parsed, without its fragment; undefined when it is not a URL. */
export function crawlUrl(text: string, base?: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return undefined;
  }
  url.hash = '';
  return url;
}

/** Whether `host` is the seed host `seed` or one of its subdomains. */
function isSubdomainOf(host: string, seed: string): boolean {
  return host === seed || host.endsWith(`.${seed}`);
}

/** The IPv4 ranges of this machine and private networks: loopback, RFC 1918, link-local (cloud metadata), CGNAT, unspecified. */
const PRIVATE_V4: Array<[number, number]> = [
  [0x7f000000, 8],
  [0x0a000000, 8],
  [0xac100000, 12],
  [0xc0a80000, 16],
  [0xa9fe0000, 16],
  [0x64400000, 10],
  [0x00000000, 8],
];

/**
 * Whether a host name stands for this machine or a private network: `localhost` (and its
 * subdomains), or an IP address literal in a loopback, private, link-local or unique-local range.
 */
export function isPrivateHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) {
    const value = name.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
    return PRIVATE_V4.some(([base, bits]) => value >>> (32 - bits) === base >>> (32 - bits));
  }
  if (isIP(name) === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(name);
    if (mapped) return isPrivateHost(mapped[1]!);
    return name === '::1' || name === '::' || /^f[cd]/.test(name) || /^fe[89ab]/.test(name);
  }
  return false;
}

/**
 * Whether the crawl may fetch `url`: an https URL (or http when allowed), without user info,
 * on a seed's host (HOST_ONLY), a seed's host or one of its subdomains (SUBDOMAINS), or any
 * host (EVERYTHING: the domains the pages link to, within the crawl depth). In EVERYTHING mode
 * a link to this machine or a private network (see {@link isPrivateHost}) is followed only
 * when a seed is on one too, so that a public site cannot steer the crawler at them.
 */
export function inScope(url: URL, scope: UrlScope): boolean {
  if (url.protocol !== 'https:' && !(scope.allowHttp && url.protocol === 'http:')) return false;
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  switch (scope.mode) {
    case 'EVERYTHING':
      return scope.hosts.has(host) || !isPrivateHost(host) || [...scope.hosts].some(isPrivateHost);
    case 'SUBDOMAINS':
      return [...scope.hosts].some((seed) => isSubdomainOf(host, seed));
    default:
      return scope.hosts.has(host);
  }
}

/**
 * Whether the URL `url` passes the data source's URL patterns: it matches no exclusion pattern
 * (they win), and one of the inclusion patterns when there are any.
 */
export function passesPatterns(url: string, include: readonly RegExp[], exclude: readonly RegExp[]): boolean {
  if (exclude.some((pattern) => pattern.test(url))) return false;
  return include.length === 0 || include.some((pattern) => pattern.test(url));
}
