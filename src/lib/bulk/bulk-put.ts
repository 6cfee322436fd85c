import type { SearchClient } from '../services/search/search-client.js';
import type { BatchPutDocumentRequest, SearchDocument } from '../services/search/types.js';
import { runBatchEngine } from './batch-engine.js';
import { itemFailures } from './item-failures.js';
import { documentCheck, documentEntry, type EntryRules } from './document-entry.js';
import { fileSource } from './file-source.js';
import { jsonlSource } from './jsonl-source.js';
import type { LineInput } from './line-reader.js';
import { waitForActiveIndex } from './index-ready.js';
import type { BulkRunOptions, BulkSummary, ItemSource } from './types.js';

/** Documents per BatchPutDocument call (the service's limit). */
export const MAX_DOCUMENTS_PER_PUT = 10;

/** The default bound on the document bytes of one call (5 MiB). */
export const DEFAULT_MAX_BATCH_BYTES = 5 * 1024 * 1024;

/**
 * Where the documents come from:
 * - `from`: files and directories (recursively), with `<file>.metadata.json` sidecars;
 * - `jsonl`: JSON Lines of Documents (a path, `-` for standard input, or a stream);
 * - `documents`: documents in the API's form, from any (async) iterable.
 */
export type DocumentInput = { from: readonly string[] } | { jsonl: LineInput } | { documents: AsyncIterable<SearchDocument> | Iterable<SearchDocument> };

/** Options of {@link runBulkPut}. */
export interface BulkPutOptions extends BulkRunOptions {
  client: SearchClient;
  /** The members sent with every call besides `Documents`: `IndexId`, and optionally `RoleArn`, `CustomDocumentEnrichmentConfiguration`. */
  args: Omit<BatchPutDocumentRequest, 'Documents'>;
  source: DocumentInput;
  /** The bound on the (base64) document bytes of one call; a heavier document goes alone. 5 MiB unless given. */
  maxBatchBytes?: number;
  /** The largest document accepted, in bytes; 50 MB unless given. */
  maxDocumentBytes?: number;
}

function iterableSource(documents: AsyncIterable<SearchDocument> | Iterable<SearchDocument>, rules: EntryRules): ItemSource<SearchDocument> {
  return {
    async *[Symbol.asyncIterator]() {
      for await (const document of documents) yield documentEntry(document, {}, rules);
    },
  };
}

/** The item source for a {@link DocumentInput}. */
export function documentSource(input: DocumentInput, rules: EntryRules, signal: AbortSignal): ItemSource<SearchDocument> {
  if ('from' in input) return fileSource(input.from, rules, signal);
  if ('jsonl' in input) return jsonlSource(input.jsonl, rules, signal);
  return iterableSource(input.documents, rules);
}

/**
 * Puts any number of documents into an index with BatchPutDocument: 10 documents (and at most
 * `maxBatchBytes`) a call, up to `concurrency` calls at once. Throttled calls, server errors and
 * documents that `FailedDocuments` lists with a transient code are sent again with backoff, at a
 * lower concurrency while the service throttles; a busy index is waited for. Documents that fail
 * the model check fail alone. Every document read ends acknowledged or failed (see
 * {@link BulkSummary}); failures go to `failuresFile`. Streams: memory stays flat whatever the number of documents.
 * @throws when the source cannot be read at all (missing file or directory), or for bad options.
 */
export async function runBulkPut(options: BulkPutOptions): Promise<BulkSummary> {
  const { client, args } = options;
  const rules: EntryRules = { check: documentCheck(client), maxDocumentBytes: options.maxDocumentBytes };
  return runBatchEngine<SearchDocument>({
    ...options,
    maxItems: MAX_DOCUMENTS_PER_PUT,
    maxBytes: options.maxBatchBytes ?? DEFAULT_MAX_BATCH_BYTES,
    source: (signal) => documentSource(options.source, rules, signal),
    send: async (documents) => itemFailures((await client.batchPutDocumentAsync({ ...args, Documents: documents })).FailedDocuments),
    whenReady: (signal) => {
      options.notice?.(`The index ${args.IndexId} is being updated: waiting until it is ACTIVE to go on.`);
      return waitForActiveIndex(client, args.IndexId, signal, options.indexWaitMs);
    },
  });
}
