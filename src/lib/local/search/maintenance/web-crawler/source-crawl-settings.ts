import type { DataSourceConfiguration } from '../../../../services/search/types.js';
import { CrawlConfigurationError, crawlSettings, type CrawlSettings } from './crawl-settings.js';
import { readCrawlTemplate, templateType, WEB_CRAWLER_TEMPLATE_TYPE } from './crawl-template.js';

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

/**
 * The crawl settings of a web crawler data source: its `WebCrawlerConfiguration`, or its v2.0
 * template read as one (see `readCrawlTemplate`), with the seeds of the template's
 * `s3SeedUrl` read through `readS3` (from the local S3 dir: one URL a line, at most 100).
 * Throws a `CrawlConfigurationError` for a configuration the crawler cannot run.
 */
export function sourceCrawlSettings(source: CrawledSource, readS3: (bucket: string, key: string) => Buffer): CrawlSettings {
  const configuration = configurationOf(source);
  if (source.type === 'WEBCRAWLER') return crawlSettings(configuration.WebCrawlerConfiguration!);
  const { configuration: webCrawler, extras } = readCrawlTemplate(configuration.TemplateConfiguration?.Template);
  if (extras.s3SeedUrl !== undefined) {
    const [, bucket, key] = /^s3:\/\/([^/]+)\/(.+)$/.exec(extras.s3SeedUrl)!;
    let text: string;
    try {
      text = readS3(bucket!, key!).toString('utf8');
    } catch (error) {
      throw new CrawlConfigurationError(`The seed URL file ${extras.s3SeedUrl} (s3SeedUrl) could not be read: ${(error as Error).message}.`);
    }
    const listed = text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    if (listed.length > MAX_S3_SEED_URLS) {
      throw new CrawlConfigurationError(`The seed URL file ${extras.s3SeedUrl} lists ${listed.length} URLs; it can list up to ${MAX_S3_SEED_URLS}.`);
    }
    const seeds = webCrawler.Urls.SeedUrlConfiguration;
    webCrawler.Urls.SeedUrlConfiguration = { ...seeds, SeedUrls: [...(seeds?.SeedUrls ?? []), ...listed] };
  }
  return crawlSettings(webCrawler, extras);
}
