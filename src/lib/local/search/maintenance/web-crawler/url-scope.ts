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

/**
 * Whether the crawl may fetch `url`: an https URL (or http when allowed), without user info,
 * on a seed's host (HOST_ONLY), a seed's host or one of its subdomains (SUBDOMAINS), or any
 * host (EVERYTHING: the domains the pages link to, within the crawl depth).
 */
export function inScope(url: URL, scope: UrlScope): boolean {
  if (url.protocol !== 'https:' && !(scope.allowHttp && url.protocol === 'http:')) return false;
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  switch (scope.mode) {
    case 'EVERYTHING':
      return true;
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
