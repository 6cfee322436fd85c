import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { fieldMap } from '../core/fields.js';
import { listS3Keys } from '../core/s3-files.js';
import { sentence } from '../core/sentence.js';
import { sql } from '../core/statements.js';
import type { DataSourceRow } from '../resources/data-source-store.js';
import { addMetrics } from '../resources/data-source-store.js';
import type { DataSourceSettings } from '../resources/data-source-config.js';
import { recordFailure } from '../resources/document-status-store.js';
import { documentRoom } from '../resources/document-quota.js';
import { deleteDocument, writeDocument } from '../resources/document-store.js';
import { indexFields, type IndexRow } from '../resources/index-store.js';
import { buildDocument } from '../resources/prepare-document.js';
import { ExtractionPending } from '../core/pending-results.js';
import { failureMessage, recordSyncFailure } from '../resources/sync-failure-store.js';
import type { SyncJobRow } from '../resources/sync-job-store.js';
import { metadataKey, objectDocument, selectKeys, type S3Config } from './s3-objects.js';
import { AccessControlError, readAclRules, type AclRules } from '../core/s3-acl-file.js';
import { configurationIdOf } from '../core/document-access.js';
import { findAccessConfig } from '../resources/access-control-configurations-store.js';
import type { PreparedDocument } from '../resources/document-store.js';
import type { FieldConfig } from '../core/fields.js';
import type { DocumentSource } from '../resources/prepare-document.js';
import type { CustomDocumentEnrichmentConfiguration } from '../../../services/search/types.js';
import { enrichDocument, hasHooks } from '../core/enrichment/enrich-document.js';
import { applyInlineConfigurations } from '../core/enrichment/inline-enrichment.js';
import { enrichedOrPending } from '../core/enrichment/pending-enrichments.js';
import { extractText } from '../core/extract-text.js';
import { crawlDeletionProtection, crawlStep as webCrawlStep, planCrawl, type CrawlContext } from './web-crawler/crawl-step.js';
import { endCrawlSessions } from './web-crawler/crawl-session.js';
import { isCrawledSource } from './web-crawler/source-crawl-settings.js';

/** This process's name on the job leases it holds. */
const OWNER = randomUUID();
/** How long a lease lasts without a heartbeat; after that any process may take the job over. */
const LEASE_MS = 3000;
const ITEMS_PER_STEP = 100;

interface Job {
  job: SyncJobRow;
  source: DataSourceRow;
  index: IndexRow;
}

/** What a runner needs: the store, the S3 dir, the time and how long one document may be read. */
export interface RunnerContext {
  db: Database.Database;
  s3Dir: string;
  nowMs: number;
  /** How long reading one PDF or Office document may take, in milliseconds. */
  extractTimeLimitMs?: number;
  /** What stands in for the Lambda functions of enrichment hooks: ARN → command or URL. */
  functions?: ReadonlyMap<string, string>;
  /** Extra certificate authorities (PEM) the web crawler trusts besides the system's. */
  caBundlePem?: string;
  /** Whether the web crawler may crawl `http://` sites (`local start --allow-http-crawl`). */
  allowHttpCrawl?: boolean;
  /** Secret ARN → value: the local stand-in for Secrets Manager (web crawler credentials). */
  secrets?: ReadonlyMap<string, string>;
}

/**
 * The document an object stands for, after the data source's Custom Document Enrichment: inline
 * configurations at once; hooks in the background (an `ExtractionPending` until they finish).
 */
function enrichedDocument(
  ctx: RunnerContext,
  object: DocumentSource,
  enrichment: CustomDocumentEnrichmentConfiguration | undefined,
  fields: ReadonlyMap<string, FieldConfig>,
  name: string,
): PreparedDocument {
  if (!enrichment) return buildDocument(object, undefined, ctx.extractTimeLimitMs);
  if (!hasHooks(enrichment)) {
    const inline = applyInlineConfigurations(enrichment.InlineConfigurations ?? [], object.attrs);
    const document = buildDocument({ ...object, attrs: inline.attrs }, undefined, ctx.extractTimeLimitMs);
    return inline.deleteContent ? { ...document, text: '' } : document;
  }
  const enriched = enrichedOrPending(name, object.bytes, () =>
    enrichDocument(
      { id: object.id, bytes: object.bytes, attrs: object.attrs, ...(object.title !== undefined ? { title: object.title } : {}), fromBlob: false },
      enrichment,
      {
        s3Dir: ctx.s3Dir,
        functions: ctx.functions ?? new Map(),
        fields,
        extract: (bytes) => extractText(bytes, object.contentType, object.id, ctx.extractTimeLimitMs),
      },
    ),
  );
  return buildDocument({ ...object, attrs: enriched.attrs, ...(enriched.title !== undefined ? { title: enriched.title } : {}) }, enriched.extracted);
}

function finish(db: Database.Database, job: SyncJobRow, status: string, nowMs: number, error?: string): void {
  sql(db, 'UPDATE search_sync_jobs SET status = ?, end_time = ?, error_code = ?, error_message = ?, lease_owner = NULL, lease_until = 0 WHERE rowid = ?').run(
    status,
    nowMs,
    error ? 'InvalidRequest' : null,
    error ? error.slice(0, 2048) : null,
    job.rowid,
  );
  sql(db, 'DELETE FROM search_sync_items WHERE job_rowid = ?').run(job.rowid);
}

/**
 * Ends a job whose work is done: SUCCEEDED (or `clean` for a CUSTOM job), or INCOMPLETE when
 * documents failed, with each failed document and its reason as the ErrorMessage.
 */
function complete(db: Database.Database, job: SyncJobRow, clean: string, nowMs: number): void {
  if (job.failed === 0) return finish(db, job, clean, nowMs);
  sql(db, "UPDATE search_sync_jobs SET status = 'INCOMPLETE', end_time = ?, error_message = ?, lease_owner = NULL, lease_until = 0 WHERE rowid = ?").run(
    nowMs,
    failureMessage(db, job.rowid, job.failed),
    job.rowid,
  );
  sql(db, 'DELETE FROM search_sync_items WHERE job_rowid = ?').run(job.rowid);
}

function setPhase(db: Database.Database, job: SyncJobRow, phase: string): void {
  sql(db, 'UPDATE search_sync_jobs SET phase = ? WHERE rowid = ?').run(phase, job.rowid);
}

/** The data source's access control file, read and checked (an empty list without one). */
function aclRulesOf(ctx: RunnerContext, config: S3Config): AclRules {
  const keyPath = config.AccessControlListConfiguration?.KeyPath;
  return keyPath ? readAclRules(ctx.s3Dir, keyPath, config.BucketName) : [];
}

/**
 * Crawls the next keys of a job. A document whose access cannot be applied as written (an
 * {@link AccessControlError}, or a metadata file naming an access control configuration the
 * index lacks) is not indexed, and fails the whole job rather than show the document to all.
 */
function crawlStep(ctx: RunnerContext, { job, source, index }: Job, config: S3Config): void {
  const { db } = ctx;
  const keys = sql(db, 'SELECT key FROM search_sync_items WHERE job_rowid = ? AND done = 0 ORDER BY key LIMIT ?')
    .pluck()
    .all(job.rowid, ITEMS_PER_STEP) as string[];
  if (keys.length === 0) return setPhase(db, job, 'prune');
  const fields = indexFields(index);
  const byName = fieldMap(fields);
  const acl = aclRulesOf(ctx, config);
  const enrichment = (JSON.parse(source.settings) as DataSourceSettings).CustomDocumentEnrichmentConfiguration;
  const markDone = sql(db, 'UPDATE search_sync_items SET done = 1, doc_id = ? WHERE job_rowid = ? AND key = ?');
  const room = documentRoom(db, index);
  for (const key of keys) {
    let docId: string | null = `s3://${config.BucketName}/${key}`;
    try {
      const object = objectDocument(ctx.s3Dir, config, key, byName, source.id, acl);
      docId = object.id;
      const configurationId = configurationIdOf(object.acl);
      if (configurationId !== null && !findAccessConfig(db, index.rowid, configurationId)) {
        throw new AccessControlError(
          `The metadata file s3://${config.BucketName}/${metadataKey(key, config)} names the access control configuration ${configurationId}, which does not exist in index ${index.id}`,
        );
      }
      const full = room.admit(object.id);
      if (full !== null) throw new Error(full);
      const document = enrichedDocument(ctx, object, enrichment, byName, `${job.rowid}:${key}`);
      const outcome = writeDocument(db, index.rowid, fields, document, ctx.nowMs);
      addMetrics(db, job.rowid, { scanned: 1, ...(outcome === 'added' ? { added: 1 } : outcome === 'modified' ? { modified: 1 } : {}) });
    } catch (error) {
      // A PDF or Office document whose text is being read in the background: a later step takes it.
      if (error instanceof ExtractionPending) continue;
      if (error instanceof AccessControlError) throw error;
      addMetrics(db, job.rowid, { scanned: 1, failed: 1 });
      recordFailure(db, index.rowid, { docId, dataSourceId: source.id, code: 'InvalidRequest', reason: (error as Error).message }, ctx.nowMs);
      recordSyncFailure(db, job.rowid, docId, error instanceof Error ? error.message : String(error));
    }
    markDone.run(docId, job.rowid, key);
  }
}

/**
 * Deletes the documents of the data source that the sync no longer found. With a deletion
 * protection threshold (a percentage), none is deleted when more than that share of the stored
 * documents would be.
 */
function pruneStep(ctx: RunnerContext, { job, source, index }: Job, protectionPercent?: number): void {
  const kept = new Set(sql(ctx.db, 'SELECT doc_id FROM search_sync_items WHERE job_rowid = ?').pluck().all(job.rowid) as string[]);
  const stored = sql(ctx.db, 'SELECT doc_id FROM search_documents WHERE index_rowid = ? AND data_source_id = ?')
    .pluck()
    .all(index.rowid, source.id) as string[];
  const gone = stored.filter((docId) => !kept.has(docId));
  const protectedNow = protectionPercent !== undefined && gone.length * 100 > stored.length * protectionPercent;
  let deleted = 0;
  if (!protectedNow) for (const docId of gone) if (deleteDocument(ctx.db, index.rowid, docId)) deleted += 1;
  addMetrics(ctx.db, job.rowid, { deleted });
  setPhase(ctx.db, job, 'done');
}

/** Why the local service cannot sync a data source (of a type, or a template's type, it does not crawl). */
function unsupportedReason(source: DataSourceRow): string {
  const syncs = 'it syncs S3 data sources (from its S3 dir), WEBCRAWLER and CUSTOM ones, and TEMPLATE ones of type WEBCRAWLERV2';
  if (source.type === 'TEMPLATE') {
    const template = (JSON.parse(source.settings) as DataSourceSettings).Configuration?.TemplateConfiguration?.Template as { type?: unknown } | undefined;
    return `The local service cannot crawl TEMPLATE data sources of type ${String(template?.type)} (that connector needs its own service); ${syncs}.`;
  }
  return `The local service cannot crawl ${source.type} data sources (they need an account with that service); ${syncs}.`;
}

function step(ctx: RunnerContext, work: Job): void {
  const { db, nowMs } = ctx;
  const { job, source, index } = work;
  if (index.deleted_at !== null) return finish(db, job, 'ABORTED', nowMs);
  if (job.status === 'STOPPING') return source.type === 'CUSTOM' ? complete(db, job, 'SUCCEEDED', nowMs) : finish(db, job, 'ABORTED', nowMs);
  if (job.phase === 'unsupported') {
    if (nowMs >= job.not_before) finish(db, job, 'FAILED', nowMs, unsupportedReason(source));
    return;
  }
  if (isCrawledSource(source)) return webCrawlerStep(ctx, work);
  const config = (JSON.parse(source.settings) as DataSourceSettings).Configuration?.S3Configuration as S3Config;
  switch (job.phase) {
    case 'plan': {
      let keys: string[];
      try {
        aclRulesOf(ctx, config);
      } catch (error) {
        if (error instanceof AccessControlError) return finish(db, job, 'FAILED', nowMs, `${error.message}.`);
        throw error;
      }
      try {
        keys = selectKeys(listS3Keys(ctx.s3Dir, config.BucketName), config);
      } catch (error) {
        return finish(db, job, 'FAILED', nowMs, sentence(`Could not list the bucket ${config.BucketName}: ${(error as Error).message}`));
      }
      const add = sql(db, 'INSERT OR IGNORE INTO search_sync_items (job_rowid, key) VALUES (?, ?)');
      for (const key of keys) add.run(job.rowid, key);
      return setPhase(db, job, 'crawl');
    }
    case 'crawl':
      return crawlStep(ctx, work, config);
    case 'prune':
      return pruneStep(ctx, work);
    default:
      if (nowMs >= job.not_before) complete(db, job, 'SUCCEEDED', nowMs);
  }
}

/** A step of a web crawler job: plan (seeds and sitemaps queued), crawl, prune, done. */
function webCrawlerStep(ctx: RunnerContext, work: Job): void {
  const { db, nowMs } = ctx;
  const crawlContext: CrawlContext = {
    db,
    nowMs,
    allowHttp: ctx.allowHttpCrawl === true,
    ...(ctx.extractTimeLimitMs ? { extractTimeLimitMs: ctx.extractTimeLimitMs } : {}),
    ...(ctx.caBundlePem ? { caBundlePem: ctx.caBundlePem } : {}),
    ...(ctx.secrets ? { secrets: ctx.secrets } : {}),
    s3Dir: ctx.s3Dir,
  };
  switch (work.job.phase) {
    case 'plan': {
      const problem = planCrawl(crawlContext, work);
      if (problem !== undefined) return finish(db, work.job, 'FAILED', nowMs, problem);
      return setPhase(db, work.job, 'crawl');
    }
    case 'crawl':
      if (webCrawlStep(crawlContext, work)) setPhase(db, work.job, 'prune');
      return;
    case 'prune':
      return pruneStep(ctx, work, crawlDeletionProtection(crawlContext, work));
    default:
      if (nowMs >= work.job.not_before) complete(db, work.job, 'SUCCEEDED', nowMs);
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/** Claims the job `rowid` (when free) and advances it one step, in one transaction. */
function advance(ctx: RunnerContext, rowid: number): void {
  const { db, nowMs } = ctx;
  db.transaction(() => {
    const claim = sql(
      db,
      `UPDATE search_sync_jobs SET lease_owner = ?, lease_until = ?
       WHERE rowid = ? AND status IN ('SYNCING', 'STOPPING') AND (lease_owner = ? OR lease_until <= ?)`,
    );
    const claimed = claim.run(OWNER, nowMs + LEASE_MS, rowid, OWNER, nowMs);
    if (claimed.changes === 0) return;
    const job = sql(db, 'SELECT * FROM search_sync_jobs WHERE rowid = ?').get(rowid) as SyncJobRow;
    const source = sql(db, 'SELECT * FROM search_data_sources WHERE rowid = ?').get(job.ds_rowid) as DataSourceRow;
    const index = sql(db, 'SELECT * FROM search_indices WHERE rowid = ?').get(source.index_rowid) as IndexRow;
    step(ctx, { job, source, index });
  }).immediate();
}

/** Ends the job `rowid` as FAILED with `error`'s message (its step's changes were rolled back). */
function failJob(ctx: RunnerContext, rowid: number, error: unknown): void {
  const { db, nowMs } = ctx;
  const reason = error instanceof Error ? error.message : String(error);
  db.transaction(() => {
    const job = sql(db, "SELECT * FROM search_sync_jobs WHERE rowid = ? AND status IN ('SYNCING', 'STOPPING')").get(rowid) as SyncJobRow | undefined;
    if (job) finish(db, job, 'FAILED', nowMs, `The sync failed: ${reason}`);
  }).immediate();
}

/**
 * Advances every unfinished sync job this process holds, or whose lease expired (its process
 * stopped): one bounded step per job, in its own transaction with a lease renewal, so that a
 * job resumes where it was in whichever process comes next. CUSTOM jobs wait for a stop.
 * A step that fails (a broken access control file, say) fails its job alone, with the reason
 * as its ErrorMessage; a job whose rows another process holds waits for the next run.
 */
export function runSyncJobs(ctx: RunnerContext): void {
  const { db, nowMs } = ctx;
  const rowids = sql(
    db,
    `SELECT rowid FROM search_sync_jobs WHERE status IN ('SYNCING', 'STOPPING') AND (phase != 'custom' OR status = 'STOPPING')
     AND (lease_owner = ? OR lease_until <= ?)`,
  )
    .pluck()
    .all(OWNER, nowMs) as number[];
  endCrawlSessions(db, new Set(sql(db, "SELECT execution_id FROM search_sync_jobs WHERE status IN ('SYNCING', 'STOPPING')").pluck().all() as string[]));
  for (const rowid of rowids) {
    try {
      advance(ctx, rowid);
    } catch (error) {
      if (isBusy(error)) continue;
      try {
        failJob(ctx, rowid, error);
      } catch (failure) {
        if (!isBusy(failure)) throw failure;
      }
    }
  }
}

/** Hands back the sync jobs this process holds (on a clean stop): another process advances them on its next tick. */
export function releaseSyncJobs(db: Database.Database): void {
  sql(db, 'UPDATE search_sync_jobs SET lease_owner = NULL, lease_until = 0 WHERE lease_owner = ?').run(OWNER);
}
