import type { WebCrawlerConfiguration } from '../../../../services/search/types.js';
import { CrawlConfigurationError, type CrawlExtras, type TemplateFieldMapping } from './crawl-settings.js';

/** The template `type` of the Web Crawler connector v2.0. */
export const WEB_CRAWLER_TEMPLATE_TYPE = 'WEBCRAWLERV2';

/** What a Web Crawler v2.0 template says beyond what a v1.0 `WebCrawlerConfiguration` can. */
export interface TemplateExtras extends CrawlExtras {
  /** `s3://bucket/key` of a text file of seed URLs, one a line. */
  s3SeedUrl?: string;
  /** `s3://bucket/key` of a sitemap XML file (maybe gzip-compressed). */
  s3SiteMapUrl?: string;
}

/** A template that does not follow the documented schema: CreateDataSource and UpdateDataSource refuse it. */
export class MalformedTemplateError extends Error {
  override name = 'MalformedTemplateError';
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a template's members by path, each problem a {@link MalformedTemplateError} naming the member. */
class TemplateReader {
  fail(path: string, problem: string): never {
    throw new MalformedTemplateError(`The Template of a ${WEB_CRAWLER_TEMPLATE_TYPE} data source is not valid: ${path} ${problem}.`);
  }

  object(parent: Json, name: string, path: string, required: boolean): Json | undefined {
    const value = parent[name];
    if (value === undefined || value === null) return required ? this.fail(`${path}${name}`, 'is required') : undefined;
    return isObject(value) ? value : this.fail(`${path}${name}`, 'must be an object');
  }

  string(parent: Json, name: string, path: string, options: { required?: boolean; oneOf?: readonly string[] } = {}): string | undefined {
    const value = parent[name];
    if (value === undefined || value === null) return options.required ? this.fail(`${path}${name}`, 'is required') : undefined;
    if (typeof value !== 'string') return this.fail(`${path}${name}`, 'must be a string');
    if (options.oneOf && !options.oneOf.includes(value)) return this.fail(`${path}${name}`, `must be one of ${options.oneOf.join(', ')}`);
    return value;
  }

  /** A number written as a string (`"300"`), as the schema has them (a JSON number is taken too); `fallback` when absent (the schema's default). */
  number(parent: Json, name: string, path: string, limits: { min: number; max: number; whole: boolean }, fallback?: number): number {
    const value = parent[name];
    if (value === undefined || value === null) return fallback ?? this.fail(`${path}${name}`, 'is required');
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
    const parsed = text !== undefined && /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
    if (Number.isNaN(parsed) || (limits.whole && !Number.isInteger(parsed)) || parsed < limits.min || parsed > limits.max) {
      const range = limits.max === Number.MAX_SAFE_INTEGER ? `of ${limits.min} or more` : `from ${limits.min} to ${limits.max}`;
      return this.fail(`${path}${name}`, `must be a ${limits.whole ? 'whole number' : 'number'} ${range}, as a string`);
    }
    return parsed;
  }

  /** A boolean, or the string "true" or "false" (the schema takes both); false when absent (the schema's default). */
  flag(parent: Json, name: string, path: string): boolean {
    const value = parent[name];
    if (value === undefined || value === null) return false;
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    return this.fail(`${path}${name}`, 'must be true or false');
  }

  strings(parent: Json, name: string, path: string, pattern?: { test: RegExp; what: string }): string[] {
    const value = parent[name];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return this.fail(`${path}${name}`, 'must be an array of strings');
    for (const item of value as string[])
      if (pattern && !pattern.test.test(item)) this.fail(`${path}${name}`, `holds ${JSON.stringify(item)}, which is not ${pattern.what}`);
    return value as string[];
  }

  /** A list of regular expressions, each checked. */
  patterns(parent: Json, name: string, path: string): string[] {
    const list = this.strings(parent, name, path);
    for (const pattern of list) {
      try {
        new RegExp(pattern);
      } catch (error) {
        this.fail(`${path}${name}`, `holds ${JSON.stringify(pattern)}, which is not a valid regular expression (${(error as Error).message})`);
      }
    }
    return list;
  }

  fieldMappings(parent: Json | undefined, of: 'webPage' | 'attachment'): TemplateFieldMapping[] {
    const part = parent && this.object(parent, of, 'repositoryConfigurations.', false);
    if (!part) return [];
    const list = part.fieldMappings;
    const path = `repositoryConfigurations.${of}.fieldMappings`;
    if (!Array.isArray(list)) return this.fail(path, 'is required and must be an array');
    return list.map((item, at) => {
      if (!isObject(item)) return this.fail(`${path}[${at}]`, 'must be an object');
      const where = `${path}[${at}].`;
      return {
        dataSourceFieldName: this.string(item, 'dataSourceFieldName', where, { required: true })!,
        indexFieldName: this.string(item, 'indexFieldName', where, { required: true })!,
        indexFieldType: this.string(item, 'indexFieldType', where, {
          required: true,
          oneOf: ['STRING', 'DATE', 'LONG'],
        }) as TemplateFieldMapping['indexFieldType'],
        of,
      };
    });
  }
}

/** An `s3://bucket/key` path: its bucket and key. */
export const S3_PATH = /^s3:\/\/([^/]+)\/(.+)$/;

const HTTP_URL = { test: /^https?:\/\/\S+$/i, what: 'an https:// URL' };

/**
 * The type a data source template names (`type`), or a {@link MalformedTemplateError} when the
 * template is no JSON object with a string `type`.
 */
export function templateType(template: unknown): string {
  if (!isObject(template) || typeof template.type !== 'string' || template.type === '') {
    throw new MalformedTemplateError(
      'The Template of a TEMPLATE data source must be a JSON object with its data source type in "type" (WEBCRAWLERV2 for the web crawler).',
    );
  }
  return template.type;
}

/**
 * Reads a Web Crawler connector v2.0 template (Kendra's "Amazon Kendra Web Crawler template
 * schema") as the v1.0 `WebCrawlerConfiguration` it amounts to, and what v1.0 cannot say
 * (robots.txt, attachments, index and file patterns, field mappings). `seedUrlConnections`,
 * `siteMapUrls`, `crawlDepth`, `maxLinksPerUrl`, `maxFileSize`, `rateLimit`, `crawlSubDomain` /
 * `crawlAllDomain`, the URL crawl patterns, `proxy` and `BasicAuth` (the template's
 * `secretArn`, sent to the seeds' hosts) map onto it. Throws a {@link MalformedTemplateError}
 * for a template that breaks the schema, and a `CrawlConfigurationError` for one the local
 * service cannot run (NTLM, form or SAML sign-in).
 */
export function readCrawlTemplate(template: unknown): { configuration: WebCrawlerConfiguration; extras: TemplateExtras } {
  if (templateType(template) !== WEB_CRAWLER_TEMPLATE_TYPE) {
    throw new MalformedTemplateError(`The template type ${JSON.stringify((template as Json).type)} is not the web crawler's (${WEB_CRAWLER_TEMPLATE_TYPE}).`);
  }
  const root = template as Json;
  const read = new TemplateReader();
  read.string(root, 'syncMode', '', { required: true, oneOf: ['FORCED_FULL_CRAWL', 'FULL_CRAWL'] });
  read.string(root, 'version', '', { oneOf: ['1.0.0'] });
  const secretArn = read.string(root, 'secretArn', '');
  if (secretArn !== undefined && (secretArn.length < 20 || secretArn.length > 2048)) read.fail('secretArn', 'must be 20 to 2,048 characters long');
  const connection = read.object(root, 'connectionConfiguration', '', true)!;
  const endpoint = read.object(connection, 'repositoryEndpointMetadata', 'connectionConfiguration.', true)!;
  const where = 'connectionConfiguration.repositoryEndpointMetadata.';
  const siteMaps = read.strings(endpoint, 'siteMapUrls', where, HTTP_URL);
  const connections = endpoint.seedUrlConnections ?? [];
  if (!Array.isArray(connections)) read.fail(`${where}seedUrlConnections`, 'must be an array');
  const seeds = (connections as unknown[]).map((item, at) => {
    const path = `${where}seedUrlConnections[${at}]`;
    if (!isObject(item)) return read.fail(path, 'must be an object');
    const seed = read.string(item, 'seedUrl', `${path}.`, { required: true })!;
    return HTTP_URL.test.test(seed) ? seed : read.fail(`${path}.seedUrl`, `is ${JSON.stringify(seed)}, which is not ${HTTP_URL.what}`);
  });
  const s3SeedUrl = read.string(endpoint, 's3SeedUrl', where);
  const s3SiteMapUrl = read.string(endpoint, 's3SiteMapUrl', where);
  for (const [name, value] of [
    ['s3SeedUrl', s3SeedUrl],
    ['s3SiteMapUrl', s3SiteMapUrl],
  ] as const) {
    if (value !== undefined && !S3_PATH.test(value)) read.fail(`${where}${name}`, 'must be an s3://bucket/key path');
  }
  const authentication =
    read.string(endpoint, 'authentication', where, { oneOf: ['NoAuthentication', 'BasicAuth', 'NTLM_Kerberos', 'Form', 'SAML'] }) ?? 'NoAuthentication';
  if (seeds.length === 0 && siteMaps.length === 0 && s3SeedUrl === undefined && s3SiteMapUrl === undefined) {
    throw new MalformedTemplateError(
      `The Template of a ${WEB_CRAWLER_TEMPLATE_TYPE} data source is not valid: ${where.slice(0, -1)} gives no seedUrlConnections, siteMapUrls, s3SeedUrl or s3SiteMapUrl.`,
    );
  }
  // the schema lists repositoryConfigurations and additionalProperties as required, but gives every property a default;
  // Kendra's own Terraform example omits them, so they default here too
  const repository = read.object(root, 'repositoryConfigurations', '', false);
  const fieldMappings = [...read.fieldMappings(repository, 'webPage'), ...read.fieldMappings(repository, 'attachment')];
  const more = read.object(root, 'additionalProperties', '', false) ?? {};
  const at = 'additionalProperties.';
  const any = Number.MAX_SAFE_INTEGER;
  const depth = read.number(more, 'crawlDepth', at, { min: 0, max: any, whole: true }, 2);
  const links = read.number(more, 'maxLinksPerUrl', at, { min: 1, max: any, whole: true }, 100);
  const maxFileSize = read.number(more, 'maxFileSize', at, { min: 0.000001, max: 50, whole: false }, 50);
  // the single-file limit, when given, is the one that counts
  const megaBytes = read.number(more, 'maxFileSizeInMegaBytes', at, { min: 0.000001, max: 50, whole: false }, maxFileSize);
  // read as served, a page has no script to wait for: the wait is checked, and has nothing to do
  read.number(more, 'implicitWaitDuration', at, { min: 0, max: 10, whole: false }, 0);
  const deletionProtection = read.flag(more, 'enableDeletionProtection', at);
  const threshold = read.number(more, 'deletionProtectionThreshold', at, { min: 0, max: 100, whole: false }, 15);
  const rate = read.number(more, 'rateLimit', at, { min: 1, max: any, whole: true }, 300);
  const subDomains = read.flag(more, 'crawlSubDomain', at);
  const allDomains = read.flag(more, 'crawlAllDomain', at);
  const honorRobots = read.flag(more, 'honorRobots', at);
  const crawlAttachments = read.flag(more, 'crawlAttachments', at);
  const proxy = read.object(more, 'proxy', at, false);
  const proxyHost = proxy && read.string(proxy, 'host', `${at}proxy.`);
  const proxyPort = proxy && proxyHost !== undefined ? read.number(proxy, 'port', `${at}proxy.`, { min: 1, max: 65535, whole: true }) : undefined;
  const proxySecret = proxy && read.string(proxy, 'secretArn', `${at}proxy.`);
  const extras: TemplateExtras = {
    honorRobots,
    crawlAttachments,
    indexInclude: read.patterns(more, 'inclusionURLIndexPatterns', at),
    indexExclude: read.patterns(more, 'exclusionURLIndexPatterns', at),
    fileInclude: read.patterns(more, 'inclusionFileIndexPatterns', at),
    fileExclude: read.patterns(more, 'exclusionFileIndexPatterns', at),
    fieldMappings,
    ...(deletionProtection ? { deletionProtectionPercent: threshold } : {}),
    ...(s3SeedUrl !== undefined ? { s3SeedUrl } : {}),
    ...(s3SiteMapUrl !== undefined ? { s3SiteMapUrl } : {}),
  };
  const configuration: WebCrawlerConfiguration = {
    Urls: {
      SeedUrlConfiguration: { SeedUrls: seeds, WebCrawlerMode: allDomains ? 'EVERYTHING' : subDomains ? 'SUBDOMAINS' : 'HOST_ONLY' },
      ...(siteMaps.length > 0 ? { SiteMapsConfiguration: { SiteMaps: siteMaps } } : {}),
    },
    CrawlDepth: depth,
    MaxLinksPerPage: links,
    MaxContentSizePerPageInMegaBytes: megaBytes,
    MaxUrlsPerMinuteCrawlRate: rate,
    UrlInclusionPatterns: read.patterns(more, 'inclusionURLCrawlPatterns', at),
    UrlExclusionPatterns: read.patterns(more, 'exclusionURLCrawlPatterns', at),
    ...(proxyHost !== undefined && proxyPort !== undefined
      ? { ProxyConfiguration: { Host: proxyHost, Port: proxyPort, ...(proxySecret ? { Credentials: proxySecret } : {}) } }
      : {}),
  };
  if (authentication === 'BasicAuth') {
    if (secretArn === undefined) read.fail('secretArn', 'is required with BasicAuth authentication');
    configuration.AuthenticationConfiguration = { BasicAuthentication: basicAuthTargets(seeds, siteMaps, secretArn!) };
  } else if (authentication !== 'NoAuthentication') {
    throw new CrawlConfigurationError(
      `The local service cannot sign in with ${authentication} authentication (it needs a browser session or a Windows domain); it crawls with NoAuthentication or BasicAuth.`,
    );
  }
  return { configuration, extras };
}

/** The hosts and ports of the seed and sitemap URLs, each with the template's secret: where BasicAuth signs in. */
function basicAuthTargets(seeds: readonly string[], siteMaps: readonly string[], secretArn: string) {
  const targets = new Map<string, { Host: string; Port: number; Credentials: string }>();
  for (const text of [...seeds, ...siteMaps]) {
    const url = URL.canParse(text) ? new URL(text) : undefined;
    if (!url) continue;
    const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    targets.set(`${url.hostname}:${port}`, { Host: url.hostname, Port: port, Credentials: secretArn });
  }
  return [...targets.values()];
}
