import type { WebCrawlerConfiguration } from '../../../../services/search/types.js';

/** How far a crawl may go from its seeds' hosts (Kendra's `WebCrawlerMode`). */
export type CrawlMode = 'HOST_ONLY' | 'SUBDOMAINS' | 'EVERYTHING';

/** A host and port whose pages are fetched with basic authentication, and the secret that holds the user name and password. */
export interface BasicAuthTarget {
  host: string;
  port: number;
  secretArn: string;
}

/** A web crawler data source's configuration with Kendra's documented defaults applied. */
export interface CrawlSettings {
  seeds: string[];
  siteMaps: string[];
  mode: CrawlMode;
  /** The deepest level crawled; the seeds (and the pages a sitemap lists) are level 1. */
  depth: number;
  maxLinksPerPage: number;
  maxBytesPerPage: number;
  urlsPerMinutePerHost: number;
  include: RegExp[];
  exclude: RegExp[];
  basicAuth: BasicAuthTarget[];
  proxy?: { host: string; port: number; secretArn?: string };
}

/** Kendra's defaults (API reference, WebCrawlerConfiguration). */
export const CRAWL_DEFAULTS = { depth: 2, maxLinksPerPage: 100, maxMegaBytesPerPage: 50, urlsPerMinutePerHost: 300 } as const;

/** A configuration the crawler cannot run as written; its message is the sync job's ErrorMessage. */
export class CrawlConfigurationError extends Error {
  override name = 'CrawlConfigurationError';
}

function patterns(list: readonly string[] | undefined, member: string): RegExp[] {
  return (list ?? []).map((pattern) => {
    try {
      return new RegExp(pattern);
    } catch (error) {
      throw new CrawlConfigurationError(`The ${member} pattern ${JSON.stringify(pattern)} is not a valid regular expression: ${(error as Error).message}.`);
    }
  });
}

/**
 * The settings of a `WebCrawlerConfiguration`: seeds or sitemaps (at least one), the mode
 * (HOST_ONLY unless given), depth 2, 100 links per page, 50 MB per page and 300 URLs per
 * minute per host unless given, and the URL patterns compiled. Throws a
 * {@link CrawlConfigurationError} for patterns that are not regular expressions.
 */
export function crawlSettings(config: WebCrawlerConfiguration): CrawlSettings {
  const seeds = config.Urls?.SeedUrlConfiguration?.SeedUrls ?? [];
  const siteMaps = config.Urls?.SiteMapsConfiguration?.SiteMaps ?? [];
  if (seeds.length === 0 && siteMaps.length === 0) throw new CrawlConfigurationError('The web crawler configuration gives no seed URL and no sitemap URL.');
  const proxy = config.ProxyConfiguration;
  return {
    seeds,
    siteMaps,
    mode: (config.Urls?.SeedUrlConfiguration?.WebCrawlerMode as CrawlMode | undefined) ?? 'HOST_ONLY',
    depth: Math.max(1, config.CrawlDepth ?? CRAWL_DEFAULTS.depth),
    maxLinksPerPage: config.MaxLinksPerPage ?? CRAWL_DEFAULTS.maxLinksPerPage,
    maxBytesPerPage: Math.max(1, Math.floor((config.MaxContentSizePerPageInMegaBytes ?? CRAWL_DEFAULTS.maxMegaBytesPerPage) * 1024 * 1024)),
    urlsPerMinutePerHost: config.MaxUrlsPerMinuteCrawlRate ?? CRAWL_DEFAULTS.urlsPerMinutePerHost,
    include: patterns(config.UrlInclusionPatterns, 'UrlInclusionPatterns'),
    exclude: patterns(config.UrlExclusionPatterns, 'UrlExclusionPatterns'),
    basicAuth: (config.AuthenticationConfiguration?.BasicAuthentication ?? []).map((entry) => ({
      host: entry.Host.toLowerCase(),
      port: entry.Port,
      secretArn: entry.Credentials,
    })),
    ...(proxy ? { proxy: { host: proxy.Host, port: proxy.Port, ...(proxy.Credentials ? { secretArn: proxy.Credentials } : {}) } } : {}),
  };
}
