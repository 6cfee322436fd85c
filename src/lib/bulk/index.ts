/**
 * Bulk document operations: put and delete any number of documents with batching, bounded
 * concurrency, resending of transient per-document failures, exact accounting, progress and
 * abort. The CLI's `search document put --from/--jsonl` and `search document delete
 * --ids-from` call {@link runBulkPut} and {@link runBulkDelete}.
 */
export { runBulkPut, documentSource, MAX_DOCUMENTS_PER_PUT, DEFAULT_MAX_BATCH_BYTES } from './bulk-put.js';
export type { BulkPutOptions, DocumentInput } from './bulk-put.js';
export { runBulkDelete, idSource, MAX_IDS_PER_DELETE } from './bulk-delete.js';
export type { BulkDeleteOptions, IdInput } from './bulk-delete.js';
export { DEFAULT_CONCURRENCY } from './batch-engine.js';
export { createProgressReporter } from './progress-reporter.js';
export type { ProgressReporterOptions } from './progress-reporter.js';
export { formatSummary, formatProgressLine } from './format.js';
export type { Wording } from './format.js';
export { parseSidecar } from './sidecar.js';
export { SidecarError } from '../errors/sidecar-error.js';
export type { Sidecar } from './sidecar.js';
export { MAX_DOCUMENT_BYTES } from './document-entry.js';
export type { LineInput } from './line-reader.js';
export type * from './types.js';
