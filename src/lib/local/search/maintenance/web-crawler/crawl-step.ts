import type Database from 'better-sqlite3';
import { systemTrustContextWith } from '../../../../http/trust-store.js';
import { ExtractionPending } from '../../core/pending-results.js';
import { readS3Object } from '../../core/s3-files.js';
import { sql } from '../../core/statements.js';
import { addMetrics, type DataSourceRow } from '../../resources/data-source-store.js';
import { documentRoom } from '../../resources/document-quota.js';
import { recordFailure } from '../../resources/document-status-store.js';
import { writeDocument } from '../../resources/document-store.js';
import { indexFields, type IndexRow } from '../../resources/index-store.js';
import { buildDocument } from '../../resources/prepare-document.js';
import { recordSyncFailure } from '../../resources/sync-failure-store.js';
import type { SyncJobRow } from '../../resources/sync-job-store.js';
import { crawledContentType, TEXT_TYPES } from './content-types.js';
import { basicAuthorization, userPasswordOf } from './crawl-secrets.js';
import { CrawlSession, crawlSessionOf } from './crawl-session.js';
import type { CrawlSettings } from './crawl-settings.js';
import { sourceCrawlSettings } from './source-crawl-settings.js';
import { crawlDispatcher, type FetchOutcome } from './fetcher.js';
import { extractLinks, forbidsIndexing } from './links.js';
import { decodePage } from './page-charset.js';
import { parseSitemap } from './sitemap.js';
import { crawlUrl, inScope, passesPatterns, type UrlScope } from './url-scope.js';

/** The most URLs (pages and sitemaps) one sync of a web crawler data source visits; links past it are not followed. */
export const MAX_URLS_PER_SYNC = 10_000;
/** How many waiting URLs one step looks at. */
const ROWS_PER_STEP = 200;

/** The field a template's field mappings can map, of web pages and of attachments. */
const MAPPED_FIELDS = { webPage: 'page_title', attachment: 'attachment_name' } as const;

/** The file name of an attachment's URL (its path's last segment, decoded). */
function fileNameOf(url: string): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** What a crawl needs of the service beyond the store. */
export interface CrawlContext {
  db: Database.Database;
  nowMs: number;
  extractTimeLimitMs?: number;
  /** Extra certificate authorities (PEM) trusted besides the system's: `local start --ca-bundle` or `AWS_CA_BUNDLE`. */
  caBundlePem?: string;
  /** Whether `http://` sites may be crawled (`local start --allow-http-crawl`). */
  allowHttp: boolean;
  /** Secret ARN → value: the local stand-in for Secrets Manager. */
  secrets?: ReadonlyMap<string, string>;
  /** The local S3 dir, where the files of a template's `s3SeedUrl` and `s3SiteMapUrl` are read. */
  s3Dir: string;
}

/** A sync job of a web crawler data source, with its data source and index. */
export interface CrawlJob {
  job: SyncJobRow;
  source: DataSourceRow;
  index: IndexRow;
}

interface Item {
  key: string;
  kind: string;
  depth: number;
}

/** The crawl settings of a job's data source (a template's S3 seed and sitemap files read from the local S3 dir). */
function settingsOf(ctx: CrawlContext, source: DataSourceRow): CrawlSettings {
  return sourceCrawlSettings(source, (bucket, key) => readS3Object(ctx.s3Dir, bucket, key));
}

function scopeOf(settings: CrawlSettings, allowHttp: boolean): UrlScope {
  const hosts = new Set<string>();
  for (const url of [...settings.seeds, ...settings.siteMaps]) {
    const parsed = crawlUrl(url);
    if (parsed) hosts.add(parsed.hostname.toLowerCase());
  }
  return { hosts, mode: settings.mode, allowHttp };
}

/** The port a URL connects to. */
function portOf(url: URL): number {
  return url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Makes the in-memory session of a crawl: its TLS trust, proxy, credentials per host and port, and limits. */
function newSession(ctx: CrawlContext, settings: CrawlSettings, scope: UrlScope): CrawlSession {
  const trust = systemTrustContextWith(ctx.caBundlePem ?? '');
  const proxy = settings.proxy && {
    host: settings.proxy.host,
    port: settings.proxy.port,
    ...(settings.proxy.secretArn
      ? { authorization: basicAuthorization(userPasswordOf(ctx.secrets, settings.proxy.secretArn, 'ProxyConfiguration credentials')) }
      : {}),
  };
  const credentials = new Map(
    settings.basicAuth.map((target) => [
      `${target.host}:${target.port}`,
      basicAuthorization(userPasswordOf(ctx.secrets, target.secretArn, 'BasicAuthentication credentials')),
    ]),
  );
  return new CrawlSession(
    {
      dispatcher: crawlDispatcher(trust, proxy),
      maxBytes: settings.maxBytesPerPage,
      mayFollow: (url) => inScope(url, scope) && passesPatterns(url.href, [], settings.exclude),
      authorization: (url) => credentials.get(`${url.hostname.toLowerCase()}:${portOf(url)}`),
    },
    settings.urlsPerMinutePerHost,
  );
}

/**
 * Plans a crawl: checks its configuration (patterns, HTTPS, the secrets it names) and queues
 * its seeds and sitemaps at depth 1. Returns the reason the sync fails, or undefined.
 */
export function planCrawl(ctx: CrawlContext, { job, source }: CrawlJob): string | undefined {
  let settings: CrawlSettings;
  try {
    settings = settingsOf(ctx, source);
    const unknown = settings.fieldMappings.find((mapping) => MAPPED_FIELDS[mapping.of] !== mapping.dataSourceFieldName || mapping.indexFieldType !== 'STRING');
    if (unknown) {
      return `The local web crawler cannot map the ${unknown.of} field ${unknown.dataSourceFieldName} to a ${unknown.indexFieldType} field; it maps page_title (webPage) and attachment_name (attachment) to STRING fields.`;
    }
    for (const url of [...settings.seeds, ...settings.siteMaps]) {
      const parsed = crawlUrl(url);
      if (!parsed) return `The URL ${url} is not a valid URL.`;
      if (parsed.protocol === 'http:' && !ctx.allowHttp) {
        return `You can only crawl websites that use the secure communication protocol, Hypertext Transfer Protocol Secure (HTTPS); ${url} does not. (For a development site, start the local service with --allow-http-crawl.)`;
      }
    }
    for (const target of settings.basicAuth) userPasswordOf(ctx.secrets, target.secretArn, 'BasicAuthentication credentials');
    if (settings.proxy?.secretArn) userPasswordOf(ctx.secrets, settings.proxy.secretArn, 'ProxyConfiguration credentials');
  } catch (error) {
    return (error as Error).message;
  }
  const add = sql(ctx.db, 'INSERT OR IGNORE INTO search_sync_items (job_rowid, key, kind, depth) VALUES (?, ?, ?, 1)');
  for (const url of settings.seeds) {
    if (passesPatterns(url, [], settings.exclude)) add.run(job.rowid, crawlUrl(url)!.href, 'page');
  }
  for (const url of settings.siteMaps) add.run(job.rowid, crawlUrl(url)!.href, 'sitemap');
  return undefined;
}

/** The deletion protection threshold (a percentage) of a crawl's data source, when its template enables it. */
export function crawlDeletionProtection(ctx: CrawlContext, { source }: CrawlJob): number | undefined {
  return settingsOf(ctx, source).deletionProtectionPercent;
}

/** Queues `urls` (of kind `kind`, at `depth`) that the crawl may visit, within {@link MAX_URLS_PER_SYNC}. */
function enqueue(db: Database.Database, jobRowid: number, urls: readonly string[], kind: string, depth: number, admits: (url: URL) => boolean): void {
  const count = sql(db, 'SELECT COUNT(*) FROM search_sync_items WHERE job_rowid = ?').pluck().get(jobRowid) as number;
  let room = MAX_URLS_PER_SYNC - count;
  const add = sql(db, 'INSERT OR IGNORE INTO search_sync_items (job_rowid, key, kind, depth) VALUES (?, ?, ?, ?)');
  for (const text of urls) {
    if (room <= 0) return;
    const url = crawlUrl(text);
    if (!url || !admits(url)) continue;
    room -= add.run(jobRowid, url.href, kind, depth).changes;
  }
}

/** The crawl of one job in one step: its settings, scope and session, and the statements it runs. */
class Crawl {
  readonly settings: CrawlSettings;
  readonly scope: UrlScope;
  readonly session: CrawlSession;
  private readonly markDone;
  private room: ReturnType<typeof documentRoom> | undefined;

  constructor(
    readonly ctx: CrawlContext,
    readonly work: CrawlJob,
  ) {
    this.settings = settingsOf(ctx, work.source);
    this.scope = scopeOf(this.settings, ctx.allowHttp);
    this.session = crawlSessionOf(ctx.db, work.job.execution_id, () => newSession(ctx, this.settings, this.scope));
    this.markDone = sql(ctx.db, 'UPDATE search_sync_items SET done = 1, doc_id = ? WHERE job_rowid = ? AND key = ?');
  }

  /** Whether the crawl may visit the linked URL `url`: in scope, and through the URL patterns. */
  readonly admits = (url: URL): boolean => inScope(url, this.scope) && passesPatterns(url.href, this.settings.include, this.settings.exclude);

  done(item: Item, docId: string | null): void {
    this.markDone.run(docId, this.work.job.rowid, item.key);
  }

  /** Counts a document that could not be indexed, and keeps what was indexed of it before. */
  fail(item: Item, docId: string, reason: string): void {
    const { db, nowMs } = this.ctx;
    addMetrics(db, this.work.job.rowid, { scanned: 1, failed: 1 });
    recordFailure(db, this.work.index.rowid, { docId, dataSourceId: this.work.source.id, code: 'InvalidRequest', reason }, nowMs);
    recordSyncFailure(db, this.work.job.rowid, docId, reason);
    this.done(item, docId);
  }

  /** Starts the fetch of a waiting item when robots.txt, the rate limit and the fetches at once allow. */
  startFetch(item: Item): void {
    if (this.session.isRunning(item.key) || !this.session.hasRoom()) return;
    const url = new URL(item.key);
    if (!this.settings.honorRobots) {
      if (this.session.limiter.tryTake(url.host, this.ctx.nowMs, undefined)) this.session.start(item.key);
      return;
    }
    const robots = this.session.robotsOf(url);
    if (robots === undefined) return;
    if ('unreachable' in robots) {
      if (item.kind === 'page') this.fail(item, item.key, `The page was not crawled: ${robots.unreachable}.`);
      else this.failSitemap(item, robots.unreachable);
      return;
    }
    if (!robots.rules.allows(`${url.pathname}${url.search}`)) return this.done(item, null);
    if (!this.session.limiter.tryTake(url.host, this.ctx.nowMs, robots.rules.crawlDelaySeconds)) return;
    this.session.start(item.key);
  }

  /** Counts a sitemap that could not be read (it is not a document: only the job records why). */
  failSitemap(item: Item, reason: string): void {
    addMetrics(this.ctx.db, this.work.job.rowid, { failed: 1 });
    recordSyncFailure(this.ctx.db, this.work.job.rowid, item.key, `The sitemap could not be read: ${reason}.`);
    this.done(item, null);
  }

  /** Queues the pages and sitemaps a fetched sitemap lists. */
  sitemap(item: Item, outcome: FetchOutcome): void {
    const failed = (reason: string) => this.failSitemap(item, reason);
    if (outcome.kind === 'failed' || outcome.kind === 'redirect-refused') return failed(outcome.reason);
    if (outcome.kind === 'too-large') return failed(`it is larger than MaxContentSizePerPageInMegaBytes`);
    if (outcome.status < 200 || outcome.status >= 300) return failed(`it answered ${outcome.status}`);
    let sitemap;
    try {
      sitemap = parseSitemap(outcome.body);
    } catch (error) {
      return failed((error as Error).message);
    }
    const { db } = this.ctx;
    enqueue(db, this.work.job.rowid, sitemap.sitemaps, 'sitemap', 1, (url) => inScope(url, this.scope));
    enqueue(db, this.work.job.rowid, sitemap.pages, 'page', 1, this.admits);
    this.done(item, null);
  }

  /** Handles a fetched page; false when its text is still being read (the outcome is kept for a later step). */
  page(item: Item, outcome: FetchOutcome): boolean {
    if (outcome.kind === 'failed') return (this.fail(item, item.key, `The page could not be fetched: ${outcome.reason}.`), true);
    if (outcome.kind === 'too-large') {
      const limit = this.settings.maxBytesPerPage / (1024 * 1024);
      return (this.fail(item, outcome.url, `The page is larger than MaxContentSizePerPageInMegaBytes (${limit} MB).`), true);
    }
    if (outcome.kind === 'redirect-refused') return (this.done(item, null), true);
    if (outcome.status >= 400 && outcome.status < 500 && outcome.status !== 429) return (this.done(item, null), true);
    if (outcome.status < 200 || outcome.status >= 300) return (this.fail(item, item.key, `The page answered HTTP ${outcome.status}.`), true);
    const url = new URL(outcome.url);
    const contentType = crawledContentType(outcome.contentType, url);
    if (contentType === undefined) return (this.done(item, null), true);
    // text is stored as UTF-8, decoded from the page's own encoding (binary formats are kept as fetched)
    const text = TEXT_TYPES.has(contentType) ? decodePage(outcome.body, outcome.charset, contentType === 'HTML') : undefined;
    const html = contentType === 'HTML' ? text : undefined;
    if (html !== undefined && item.depth < this.settings.depth) {
      const links = extractLinks(html, outcome.url).slice(0, this.settings.maxLinksPerPage);
      enqueue(this.ctx.db, this.work.job.rowid, links, 'page', item.depth + 1, this.admits);
    }
    const { include, exclude, indexInclude, indexExclude, fileInclude, fileExclude } = this.settings;
    const attachment = contentType !== 'HTML';
    const indexable =
      passesPatterns(outcome.url, include, exclude) &&
      passesPatterns(outcome.url, indexInclude, indexExclude) &&
      (!attachment || (this.settings.crawlAttachments && passesPatterns(outcome.url, fileInclude, fileExclude))) &&
      !(html !== undefined && forbidsIndexing(html));
    if (!indexable || this.alreadyIndexed(outcome.url, item.key)) return (this.done(item, indexable ? outcome.url : null), true);
    return this.index(item, outcome.url, contentType, text === undefined ? outcome.body : Buffer.from(text, 'utf8'));
  }

  /** Whether another URL of this crawl (one that redirected there) already gave the document `docId`. */
  private alreadyIndexed(docId: string, key: string): boolean {
    return (
      sql(this.ctx.db, 'SELECT 1 FROM search_sync_items WHERE job_rowid = ? AND doc_id = ? AND key != ?').get(this.work.job.rowid, docId, key) !== undefined
    );
  }

  private index(item: Item, docId: string, contentType: string, bytes: Buffer): boolean {
    const { db, nowMs } = this.ctx;
    const { job, source, index } = this.work;
    this.room ??= documentRoom(db, index);
    const full = this.room.admit(docId);
    if (full !== null) return (this.fail(item, docId, full), true);
    try {
      const doc = buildDocument(
        {
          id: docId,
          bytes,
          contentType,
          attrs: { _source_uri: { t: 'STRING_VALUE', v: docId }, _data_source_id: { t: 'STRING_VALUE', v: source.id } },
          acl: null,
        },
        undefined,
        this.ctx.extractTimeLimitMs,
      );
      for (const mapping of this.settings.fieldMappings) {
        const value = mapping.of === 'webPage' ? (contentType === 'HTML' ? doc.title : null) : contentType === 'HTML' ? null : fileNameOf(docId);
        if (value) doc.attrs[mapping.indexFieldName] = { t: 'STRING_VALUE', v: value };
      }
      const outcome = writeDocument(db, index.rowid, indexFields(index), doc, nowMs);
      addMetrics(db, job.rowid, { scanned: 1, ...(outcome === 'added' ? { added: 1 } : outcome === 'modified' ? { modified: 1 } : {}) });
      this.done(item, docId);
    } catch (error) {
      if (error instanceof ExtractionPending) return false;
      this.fail(item, docId, (error as Error).message);
    }
    return true;
  }
}

/**
 * Advances a crawl by one step: hands the fetches that finished to their pages and sitemaps
 * (documents written, links and sitemap entries queued, one level deeper), and starts the
 * next fetches the rate limit and robots.txt allow. Returns true once nothing is left to
 * fetch. A configuration it cannot run throws (the job fails with the reason).
 */
export function crawlStep(ctx: CrawlContext, work: CrawlJob): boolean {
  const crawl = new Crawl(ctx, work);
  const items = sql(ctx.db, 'SELECT key, kind, depth FROM search_sync_items WHERE job_rowid = ? AND done = 0 ORDER BY rowid LIMIT ?').all(
    work.job.rowid,
    ROWS_PER_STEP,
  ) as Item[];
  if (items.length === 0) return !crawl.session.busy;
  for (const item of items) {
    const outcome = crawl.session.take(item.key);
    if (outcome === undefined) {
      crawl.startFetch(item);
      continue;
    }
    if (item.kind === 'sitemap') crawl.sitemap(item, outcome);
    else if (!crawl.page(item, outcome)) crawl.session.putBack(item.key, outcome);
  }
  return false;
}
