import type { BatchGetDocumentStatusResponseError, DocumentInfo, Status } from '../../../services/search/types.js';
import type { AttrMap } from '../core/attributes.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { failureOf, hasDataSource, isBeingSynced, storedDocument, type StoredDocRow } from './document-status-store.js';
import { hasPendingPassages } from '../semantic/passage-store.js';
import { semanticService } from '../semantic/background-embedding.js';
import { activeIndex } from './index-store.js';

/** The attributes that pick the version of a document whose status is asked for. */
const VERSION_KEYS = ['_version', '_data_source_id', '_data_source_sync_job_execution_id'];

/** The string values of the attributes given with a document id, or why they cannot be used. */
function versionOf(info: DocumentInfo): Map<string, string> | string {
  const wanted = new Map<string, string>();
  for (const attribute of info.Attributes ?? []) {
    if (!VERSION_KEYS.includes(attribute.Key)) return `${attribute.Key} does not identify a document version; use ${VERSION_KEYS.join(', ')}.`;
    const value = attribute.Value?.StringValue;
    if (value === undefined) return `${attribute.Key} takes a StringValue.`;
    wanted.set(attribute.Key, value);
  }
  return wanted;
}

function matches(doc: StoredDocRow, wanted: ReadonlyMap<string, string>): boolean {
  const attrs = JSON.parse(doc.attributes) as AttrMap;
  for (const [key, value] of wanted) {
    const actual = key === '_data_source_id' ? doc.data_source_id : attrs[key]?.t === 'STRING_VALUE' ? attrs[key].v : undefined;
    if (actual !== value) return false;
  }
  return true;
}

/**
 * The status of one document: INDEXED when it is stored (PROCESSING while semantic search is on
 * and its passages wait for their vectors; UPDATE_FAILED when a later attempt to
 * store it failed), FAILED with the reason when it could not be stored, PROCESSING while a
 * sync job has still to store it, else NOT_FOUND. Given attributes must match the document's.
 */
function statusOf(ctx: OpContext, indexRowid: number, docId: string, wanted: ReadonlyMap<string, string>): Status {
  const doc = storedDocument(ctx.db, indexRowid, docId);
  const failure = failureOf(ctx.db, indexRowid, docId);
  const failed = failure && (!wanted.has('_data_source_id') || failure.data_source_id === wanted.get('_data_source_id')) ? failure : undefined;
  const reason = failed ? { FailureCode: failed.failure_code, FailureReason: failed.failure_reason } : {};
  if (doc && matches(doc, wanted)) {
    if (failed) return { DocumentId: docId, DocumentStatus: 'UPDATE_FAILED', ...reason };
    const embedding = semanticService(ctx.local).provider !== null && hasPendingPassages(ctx.db, doc.rowid);
    return { DocumentId: docId, DocumentStatus: embedding ? 'PROCESSING' : 'INDEXED' };
  }
  if (failed) return { DocumentId: docId, DocumentStatus: 'FAILED', ...reason };
  if (isBeingSynced(ctx.db, indexRowid, docId)) return { DocumentId: docId, DocumentStatus: 'PROCESSING' };
  return { DocumentId: docId, DocumentStatus: 'NOT_FOUND' };
}

const batchGetDocumentStatus: OperationHandler<'BatchGetDocumentStatus'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'BatchGetDocumentStatus');
  const read = ctx.db.transaction(() => {
    const statuses: Status[] = [];
    const errors: BatchGetDocumentStatusResponseError[] = [];
    for (const info of input.DocumentInfoList) {
      const wanted = versionOf(info);
      const dataSourceId = typeof wanted === 'string' ? undefined : wanted.get('_data_source_id');
      const source = dataSourceId !== undefined ? { DataSourceId: dataSourceId } : {};
      if (typeof wanted === 'string') {
        errors.push({ DocumentId: info.DocumentId, ErrorCode: 'InvalidRequest', ErrorMessage: wanted });
      } else if (dataSourceId !== undefined && !hasDataSource(ctx.db, index.rowid, dataSourceId)) {
        errors.push({
          DocumentId: info.DocumentId,
          ...source,
          ErrorCode: 'InvalidRequest',
          ErrorMessage: `Data source ${dataSourceId} does not exist in this index.`,
        });
      } else {
        statuses.push(statusOf(ctx, index.rowid, info.DocumentId, wanted));
      }
    }
    return { Errors: errors, DocumentStatusList: statuses };
  });
  return read();
};

/** The BatchGetDocumentStatus operation. */
export const documentStatusOperations: OperationHandlers<'BatchGetDocumentStatus'> = { BatchGetDocumentStatus: batchGetDocumentStatus };
