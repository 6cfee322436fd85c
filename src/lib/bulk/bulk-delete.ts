import type { SearchClient } from '../services/search/search-client.js';
import type { BatchDeleteDocumentRequest, BatchDeleteDocumentResponse } from '../services/search/types.js';
import { runBatchEngine } from './batch-engine.js';
import { countedCall } from './counted-call.js';
import { itemFailures } from './item-failures.js';
import { idLinesSource, idListSource } from './id-source.js';
import type { LineInput } from './line-reader.js';
import { waitForActiveIndex } from './index-ready.js';
import type { BulkRunOptions, BulkSummary, ItemSource } from './types.js';

/** Document ids per BatchDeleteDocument call (the service's limit). */
export const MAX_IDS_PER_DELETE = 10;

/** Where the ids come from: a list (`--document-id-list`), or lines of a file, `-` (standard input) or a stream (`--ids-from`). */
export type IdInput = { ids: Iterable<string> } | { idsFrom: LineInput };

/** Options of {@link runBulkDelete}. */
export interface BulkDeleteOptions extends BulkRunOptions {
  client: SearchClient;
  /** The members sent with every call besides `DocumentIdList`: `IndexId`, and optionally `DataSourceSyncJobMetricTarget`. */
  args: Omit<BatchDeleteDocumentRequest, 'DocumentIdList'>;
  source: IdInput;
}

/** The item source for an {@link IdInput}. */
export function idSource(input: IdInput, signal: AbortSignal): ItemSource<string> {
  return 'ids' in input ? idListSource(input.ids) : idLinesSource(input.idsFrom, signal);
}

/**
 * Deletes any number of documents with BatchDeleteDocument, 10 ids a call, with the same
 * concurrency, resending, accounting and abort semantics as `runBulkPut`.
 */
export async function runBulkDelete(options: BulkDeleteOptions): Promise<BulkSummary> {
  const { client, args } = options;
  return runBatchEngine<string>({
    ...options,
    maxItems: MAX_IDS_PER_DELETE,
    maxBytes: Number.POSITIVE_INFINITY,
    source: (signal) => idSource(options.source, signal),
    send: async (ids, tally) =>
      itemFailures((await countedCall<BatchDeleteDocumentResponse>(client, 'BatchDeleteDocument', { ...args, DocumentIdList: ids }, tally)).FailedDocuments),
    whenReady: (signal) => {
      options.notice?.(`The index ${args.IndexId} is being updated: waiting until it is ACTIVE to go on.`);
      return waitForActiveIndex(client, args.IndexId, signal, options.indexWaitMs);
    },
  });
}
