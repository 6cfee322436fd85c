import type { WebCrawlerConfiguration } from '../../../../services/search/types.js';

/** How far a crawl may go from its seeds' hosts (Kendra's `WebCrawlerMode`). */
export type CrawlMode = 'HOST_ONLY' | 'SUBDOMAINS' | 'EVERYTHING';

/** A host and port whose pages are fetched with basic authentication, and the secret that holds the user name and password. */
export interface BasicAuthTarget {
  host: string;
  port: number;
  secretArn: string;
}

/** A field mapping of a Web Crawler v2.0 template: a field the crawler reads from a page or attachment, into an index field. */
export interface TemplateFieldMapping {
  dataSourceFieldName: string;
  indexFieldName: string;
  indexFieldType: 'STRING' | 'DATE' | 'LONG';
  /** Whether it maps a field of web pages (`webPage`) or of attachments (`attachment`). */
  of: 'webPage' | 'attachment';
}

/** What a Web Crawler v2.0 template says beyond a v1.0 `WebCrawlerConfiguration` (v1.0 obeys robots.txt and indexes attachments). */
export interface CrawlExtras {
  honorRobots: boolean;
  crawlAttachments: boolean;
  /** URL patterns of the pages indexed (those crawled but not matched are only followed). */
  indexInclude: string[];
  indexExclude: string[];
  /** URL patterns of the attachments (files that are not web pages) indexed. */
  fileInclude: string[];
  fileExclude: string[];
  fieldMappings: TemplateFieldMapping[];
  /** With deletion protection: a sync deletes nothing when it would delete more than this percentage of the documents. */
  deletionProtectionPercent?: number;
}

/** A v1.0 configuration's extras: robots.txt obeyed, attachments indexed, no other patterns or mappings. */
export const V1_EXTRAS: CrawlExtras = {
  honorRobots: true,
  crawlAttachments: true,
  indexInclude: [],
  indexExclude: [],
  fileInclude: [],
  fileExclude: [],
  fieldMappings: [],
};

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
  honorRobots: boolean;
  crawlAttachments: boolean;
  indexInclude: RegExp[];
  indexExclude: RegExp[];
  fileInclude: RegExp[];
  fileExclude: RegExp[];
  fieldMappings: TemplateFieldMapping[];
  deletionProtectionPercent?: number;
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
 * minute per host unless given, and the URL patterns compiled; `extras` for a v2.0 template. Throws a
 * {@link CrawlConfigurationError} for patterns that are not regular expressions.
 */
export function crawlSettings(config: WebCrawlerConfiguration, extras: CrawlExtras = V1_EXTRAS): CrawlSettings {
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
    honorRobots: extras.honorRobots,
    crawlAttachments: extras.crawlAttachments,
    indexInclude: patterns(extras.indexInclude, 'inclusionURLIndexPatterns'),
    indexExclude: patterns(extras.indexExclude, 'exclusionURLIndexPatterns'),
    fileInclude: patterns(extras.fileInclude, 'inclusionFileIndexPatterns'),
    fileExclude: patterns(extras.fileExclude, 'exclusionFileIndexPatterns'),
    fieldMappings: extras.fieldMappings,
    ...(extras.deletionProtectionPercent !== undefined ? { deletionProtectionPercent: extras.deletionProtectionPercent } : {}),
  };
}
