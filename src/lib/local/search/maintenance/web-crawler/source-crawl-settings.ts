import type { DataSourceConfiguration } from '../../../../services/search/types.js';
import { CrawlConfigurationError, crawlSettings, type CrawlSettings } from './crawl-settings.js';
import { readCrawlTemplate, S3_PATH, templateType, WEB_CRAWLER_TEMPLATE_TYPE } from './crawl-template.js';
import { parseSitemap } from './sitemap.js';
import { passesPatterns } from './url-scope.js';

/** The most seed URLs a template's `s3SeedUrl` file may list. */
export const MAX_S3_SEED_URLS = 100;

/** What the crawl settings of a data source are read from: its type and its stored settings (JSON). */
interface CrawledSource {
  type: string;
  settings: string;
}

function configurationOf(source: CrawledSource): DataSourceConfiguration {
  return (JSON.parse(source.settings) as { Configuration?: DataSourceConfiguration }).Configuration ?? {};
}

/** Whether a template (`TemplateConfiguration.Template`) is the Web Crawler v2.0's. */
export function isWebCrawlerTemplate(template: unknown): boolean {
  try {
    return templateType(template) === WEB_CRAWLER_TEMPLATE_TYPE;
  } catch {
    return false;
  }
}

/** Whether the web crawler syncs a data source: WEBCRAWLER (v1.0), or TEMPLATE of type WEBCRAWLERV2 (v2.0). */
export function isCrawledSource(source: CrawledSource): boolean {
  if (source.type === 'WEBCRAWLER') return true;
  return source.type === 'TEMPLATE' && isWebCrawlerTemplate(configurationOf(source).TemplateConfiguration?.Template);
}

/** Reads an object of the local S3 dir by its `s3://bucket/key` path, saying which template member named it when it cannot. */
function s3Object(readS3: (bucket: string, key: string) => Buffer, path: string, what: string, member: string): Buffer {
  const [, bucket, key] = S3_PATH.exec(path)!;
  try {
    return readS3(bucket!, key!);
  } catch (error) {
    throw new CrawlConfigurationError(`The ${what} file ${path} (${member}) could not be read: ${(error as Error).message}.`);
  }
}

/**
 * The crawl settings of a web crawler data source: its `WebCrawlerConfiguration`, or its v2.0
 * template read as one (see `readCrawlTemplate`), with the files its `s3SeedUrl` and
 * `s3SiteMapUrl` name read through `readS3` (from the local S3 dir): seed URLs one a line, at
 * most 100; a sitemap (maybe gzip-compressed) whose pages are crawled as a sitemap's are, at
 * level 1 and through the URL patterns, and whose nested sitemaps are fetched. Throws a
 * `CrawlConfigurationError` for a configuration the crawler cannot run.
 */
export function sourceCrawlSettings(source: CrawledSource, readS3: (bucket: string, key: string) => Buffer): CrawlSettings {
  const configuration = configurationOf(source);
  if (source.type === 'WEBCRAWLER') return crawlSettings(configuration.WebCrawlerConfiguration!);
  const { configuration: webCrawler, extras } = readCrawlTemplate(configuration.TemplateConfiguration?.Template);
  const seeds: string[] = [];
  if (extras.s3SeedUrl !== undefined) {
    const listed = s3Object(readS3, extras.s3SeedUrl, 'seed URL', 's3SeedUrl')
      .toString('utf8')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    if (listed.length > MAX_S3_SEED_URLS) {
      throw new CrawlConfigurationError(`The seed URL file ${extras.s3SeedUrl} lists ${listed.length} URLs; it can list up to ${MAX_S3_SEED_URLS}.`);
    }
    seeds.push(...listed);
  }
  let sitemapPages: string[] = [];
  if (extras.s3SiteMapUrl !== undefined) {
    let sitemap;
    try {
      sitemap = parseSitemap(s3Object(readS3, extras.s3SiteMapUrl, 'sitemap', 's3SiteMapUrl'));
    } catch (error) {
      if (error instanceof CrawlConfigurationError) throw error;
      throw new CrawlConfigurationError(`The sitemap file ${extras.s3SiteMapUrl} (s3SiteMapUrl) could not be read: ${(error as Error).message}.`);
    }
    sitemapPages = sitemap.pages;
    webCrawler.Urls.SiteMapsConfiguration = { SiteMaps: [...(webCrawler.Urls.SiteMapsConfiguration?.SiteMaps ?? []), ...sitemap.sitemaps] };
  }
  const given = webCrawler.Urls.SeedUrlConfiguration;
  webCrawler.Urls.SeedUrlConfiguration = { ...given, SeedUrls: [...(given?.SeedUrls ?? []), ...seeds, ...sitemapPages] };
  const settings = crawlSettings(webCrawler, extras);
  // a sitemap's pages pass the URL patterns, as those of a fetched sitemap do (seeds only the exclusions)
  const listedOnly = new Set(sitemapPages.filter((url) => !passesPatterns(url, settings.include, settings.exclude)));
  return listedOnly.size === 0 ? settings : { ...settings, seeds: settings.seeds.filter((url) => !listedOnly.has(url)) };
}
