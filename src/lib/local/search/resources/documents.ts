import { configurationIdOf } from '../core/document-access.js';
import { fieldMap } from '../core/fields.js';
import { checkEnrichmentConfig } from '../core/enrichment/enrichment-config.js';
import type { CustomDocumentEnrichmentConfiguration } from '../../../services/search/types.js';
import { invalid, quotaExceeded } from '../core/errors.js';
import type { OperationHandler, OperationHandlers } from '../core/op-context.js';
import { collectGarbage } from '../../server/collect-garbage.js';
import { writeQueue } from '../../store/write-queue.js';
import { findAccessConfig } from './access-control-configurations-store.js';
import { addMetrics, dataSourceExists, runningCustomJob } from './data-source-store.js';
import { documentRoom, storageUnits } from './document-quota.js';
import { deleteDocument, textBytesWith, writeDocument } from './document-store.js';
import { activeIndex, extractedTextQuota, indexFields } from './index-store.js';
import { recordFailure } from './document-status-store.js';
import { DocumentRejected, prepareDocument, SYNC_JOB_ATTRIBUTE, type PreparedPut } from './prepare-document.js';
import { recordSyncFailure } from './sync-failure-store.js';

/** The encoded content size from which a batch frees its decoding garbage before it is written. */
const LARGE_BATCH_BYTES = 16 * 1024 * 1024;

interface FailedDocument {
  Id: string;
  DataSourceId?: string;
  ErrorCode: 'InvalidRequest' | 'InternalError';
  ErrorMessage: string;
}

const batchPutDocument: OperationHandler<'BatchPutDocument'> = async (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'BatchPutDocument');
  const fields = indexFields(index);
  const byName = fieldMap(fields);
  const enrichmentConfig = input.CustomDocumentEnrichmentConfiguration as CustomDocumentEnrichmentConfiguration | undefined;
  if (enrichmentConfig) checkEnrichmentConfig(enrichmentConfig, byName);
  const enrichment = enrichmentConfig ? { config: enrichmentConfig, functions: ctx.local.functions ?? new Map<string, string>() } : undefined;
  const rejected: FailedDocument[] = [];
  const prepared: PreparedPut[] = [];
  const seen = new Set<string>();
  const rejectedInJobs: Array<{ dataSourceId: string; executionId: string; docId: string; reason: string }> = [];
  let encodedBytes = 0;
  for (const document of input.Documents) {
    const dataSourceId = document.Attributes?.find((attribute) => attribute?.Key === '_data_source_id')?.Value?.StringValue;
    try {
      if (seen.has(document.Id)) throw new DocumentRejected(`The document ${document.Id} appears more than once in this batch.`);
      seen.add(document.Id);
      const timeLimitMs = ctx.local.extractTimeLimit === undefined ? undefined : ctx.local.extractTimeLimit * 1000;
      prepared.push(await prepareDocument(document, byName, ctx.local.s3Dir, timeLimitMs, enrichment));
      // the text is extracted: let the encoded content go before the next document is decoded
      encodedBytes += typeof document.Blob === 'string' ? document.Blob.length : 0;
      delete document.Blob;
    } catch (error) {
      if (!(error instanceof DocumentRejected)) throw error;
      rejected.push({ Id: document.Id, ...(dataSourceId ? { DataSourceId: dataSourceId } : {}), ErrorCode: 'InvalidRequest', ErrorMessage: error.message });
      const executionId = document.Attributes?.find((attribute) => attribute?.Key === SYNC_JOB_ATTRIBUTE)?.Value?.StringValue;
      if (dataSourceId && executionId) rejectedInJobs.push({ dataSourceId, executionId, docId: document.Id, reason: error.message });
    }
  }
  // the encoded and decoded contents of a large batch are garbage now: free them before writing
  if (encodedBytes >= LARGE_BATCH_BYTES) collectGarbage();
  // the write may run more than once (see WriteQueue.run): it returns its failures, leaving `rejected` as it was
  const failed = await writeQueue(ctx.db).run(() => {
    const failures = [...rejected];
    // over the extracted-text quota the whole batch is refused; over the document quota, each extra new document fails
    const textQuota = extractedTextQuota(index.edition, storageUnits(index));
    const bytes = textBytesWith(
      ctx.db,
      index.rowid,
      prepared.map((put) => put.doc),
    );
    if (bytes > textQuota) {
      throw quotaExceeded(
        `This batch would bring the extracted text of index ${index.id} to ${bytes} bytes; a ${index.edition} index holds at most ${textQuota}.`,
      );
    }
    const room = documentRoom(ctx.db, index);
    for (const rejected of rejectedInJobs) {
      const job = runningCustomJob(ctx.db, index.rowid, rejected.dataSourceId, rejected.executionId);
      if (typeof job === 'string') continue;
      addMetrics(ctx.db, job, { scanned: 1, failed: 1 });
      recordSyncFailure(ctx.db, job, rejected.docId, rejected.reason);
    }
    for (const put of prepared) {
      let jobRowid: number | undefined;
      if (put.syncJobId !== null) {
        const job = runningCustomJob(ctx.db, index.rowid, put.doc.dataSourceId!, put.syncJobId);
        if (typeof job === 'string') {
          failures.push({ Id: put.doc.id, DataSourceId: put.doc.dataSourceId!, ErrorCode: 'InvalidRequest', ErrorMessage: job });
          continue;
        }
        jobRowid = job;
      } else if (put.doc.dataSourceId !== null) {
        if (!dataSourceExists(ctx.db, index.rowid, put.doc.dataSourceId)) {
          const message = `Data source ${put.doc.dataSourceId} does not exist in this index.`;
          failures.push({ Id: put.doc.id, DataSourceId: put.doc.dataSourceId, ErrorCode: 'InvalidRequest', ErrorMessage: message });
          continue;
        }
      }
      const configurationId = configurationIdOf(put.doc.acl);
      if (configurationId !== null && !findAccessConfig(ctx.db, index.rowid, configurationId)) {
        const message = `Access control configuration ${configurationId} does not exist in this index.`;
        failures.push({
          Id: put.doc.id,
          ...(put.doc.dataSourceId ? { DataSourceId: put.doc.dataSourceId } : {}),
          ErrorCode: 'InvalidRequest',
          ErrorMessage: message,
        });
        continue;
      }
      const message = room.admit(put.doc.id);
      if (message !== null) {
        failures.push({
          Id: put.doc.id,
          ...(put.doc.dataSourceId ? { DataSourceId: put.doc.dataSourceId } : {}),
          ErrorCode: 'InvalidRequest',
          ErrorMessage: message,
        });
        if (jobRowid !== undefined) {
          addMetrics(ctx.db, jobRowid, { scanned: 1, failed: 1 });
          recordSyncFailure(ctx.db, jobRowid, put.doc.id, message);
        }
        continue;
      }
      const outcome = writeDocument(ctx.db, index.rowid, fields, put.doc, ctx.nowMs);
      if (jobRowid !== undefined) {
        addMetrics(ctx.db, jobRowid, { scanned: 1, ...(outcome === 'added' ? { added: 1 } : outcome === 'modified' ? { modified: 1 } : {}) });
      }
    }
    for (const failure of failures) {
      recordFailure(
        ctx.db,
        index.rowid,
        { docId: failure.Id, dataSourceId: failure.DataSourceId ?? null, code: failure.ErrorCode, reason: failure.ErrorMessage },
        ctx.nowMs,
      );
    }
    return failures;
  });
  return { FailedDocuments: failed };
};

const batchDeleteDocument: OperationHandler<'BatchDeleteDocument'> = async (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'BatchDeleteDocument');
  const target = input.DataSourceSyncJobMetricTarget as { DataSourceId: string; DataSourceSyncJobId?: string } | undefined;
  await writeQueue(ctx.db).run(() => {
    let jobRowid: number | undefined;
    if (target?.DataSourceSyncJobId) {
      const job = runningCustomJob(ctx.db, index.rowid, target.DataSourceId, target.DataSourceSyncJobId);
      if (typeof job === 'string') throw invalid(job);
      jobRowid = job;
    } else if (target) {
      if (!dataSourceExists(ctx.db, index.rowid, target.DataSourceId)) throw invalid(`Data source ${target.DataSourceId} does not exist in this index.`);
    }
    for (const id of input.DocumentIdList as string[]) {
      const deleted = deleteDocument(ctx.db, index.rowid, id);
      if (jobRowid !== undefined && deleted) addMetrics(ctx.db, jobRowid, { deleted: 1 });
    }
  });
  return { FailedDocuments: [] };
};

/** The document operations. */
export const documentOperations: OperationHandlers<'BatchPutDocument' | 'BatchDeleteDocument'> = {
  BatchPutDocument: batchPutDocument,
  BatchDeleteDocument: batchDeleteDocument,
};
