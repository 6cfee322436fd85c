import type { SearchClient } from '../services/search/search-client.js';
import type { BatchPutDocumentRequest, BatchPutDocumentResponse, SearchDocument } from '../services/search/types.js';
import { runBatchEngine } from './batch-engine.js';
import { countedCall } from './counted-call.js';
import { itemFailures } from './item-failures.js';
import { documentCheck, documentEntry, type EntryRules } from './document-entry.js';
import { checkFileIds, fileSource, type FileIdRule } from './file-source.js';
import { fingerprint } from './fingerprint.js';
import { refuseRepeatedIds } from './id-clashes.js';
import { checkJsonlIds, jsonlSource } from './jsonl-source.js';
import type { LineInput } from './line-reader.js';
import { waitForActiveIndex } from './index-ready.js';
import { RunStateFile } from './run-state-file.js';
import type { BulkRunOptions, BulkSummary, ItemSource } from './types.js';

/** Documents per BatchPutDocument call (the service's limit). */
export const MAX_DOCUMENTS_PER_PUT = 10;

/** The default bound on the document bytes of one call (5 MiB). */
export const DEFAULT_MAX_BATCH_BYTES = 5 * 1024 * 1024;

/**
 * Where the documents come from:
 * - `from`: files and directories (recursively), with `<file>.metadata.json` sidecars; ids
 *   relative to `idBase` when given (see {@link FileIdRule});
 * - `jsonl`: JSON Lines of Documents (a path, `-` for standard input, or a stream);
 * - `documents`: documents in the API's form, from any (async) iterable.
 */
export type DocumentInput =
  ({ from: readonly string[] } & FileIdRule) | { jsonl: LineInput } | { documents: AsyncIterable<SearchDocument> | Iterable<SearchDocument> };

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
  /**
   * A state file that makes the run resumable (see {@link RunStateFile}): documents it lists as
   * acknowledged, with the same fingerprint, are not sent again; each acknowledged answer is
   * recorded. Ignored when `state` is given.
   */
  stateFile?: string;
}

function iterableSource(documents: AsyncIterable<SearchDocument> | Iterable<SearchDocument>, rules: EntryRules): ItemSource<SearchDocument> {
  return {
    async *[Symbol.asyncIterator]() {
      for await (const document of documents) yield documentEntry(document, {}, rules);
    },
  };
}

/** The item source for a {@link DocumentInput}; a document whose id an earlier one had fails (`DuplicateId`) and is not sent. */
export function documentSource(input: DocumentInput, rules: EntryRules, signal: AbortSignal): ItemSource<SearchDocument> {
  const source =
    'from' in input
      ? fileSource(input.from, rules, signal, input)
      : 'jsonl' in input
        ? jsonlSource(input.jsonl, rules, signal)
        : iterableSource(input.documents, rules);
  return {
    ...(source.position ? { position: () => source.position!() } : {}),
    [Symbol.asyncIterator]: () => refuseRepeatedIds(source)[Symbol.asyncIterator](),
  };
}

/**
 * Checks an input that can be read twice before anything is sent: no two documents share an id,
 * and every file is inside the id base.
 * @throws BulkInputError listing the problems.
 */
export async function checkDocumentInput(input: DocumentInput, signal: AbortSignal): Promise<void> {
  if ('from' in input) await checkFileIds(input.from, input, signal);
  else if ('jsonl' in input && typeof input.jsonl === 'string' && input.jsonl !== '-') await checkJsonlIds(input.jsonl, signal);
}

/**
 * Puts any number of documents into an index with BatchPutDocument: 10 documents (and at most
 * `maxBatchBytes`) a call, up to `concurrency` calls at once. Throttled calls, server errors and
 * documents that `FailedDocuments` lists with a transient code are sent again with backoff, at a
 * lower concurrency while the service throttles; a busy index is waited for. Documents that fail
 * the model check fail alone. Every document read ends acknowledged, failed or unchanged (see
 * {@link BulkSummary}); failures and skipped files go to `failuresFile`. Two documents with one id
 * never go out in one run: files and JSON Lines files are checked first, and a repeated id from
 * a stream fails with code `DuplicateId`. Streams: one document at a time is read; besides the
 * batches in flight, memory holds the ids read (to refuse repeats), and with `stateFile` the ids
 * and fingerprints it lists.
 * @throws BulkInputError (nothing sent) when ids clash, a file is outside the id base, or the state file is unusable;
 *   an Error when the source cannot be read at all (missing file or directory), or for bad options.
 */
export async function runBulkPut(options: BulkPutOptions): Promise<BulkSummary> {
  const { client, args } = options;
  const rules: EntryRules = { check: documentCheck(client), maxDocumentBytes: options.maxDocumentBytes };
  await checkDocumentInput(options.source, options.signal ?? new AbortController().signal);
  const stateFile = options.state === undefined && options.stateFile !== undefined ? await RunStateFile.open(options.stateFile, args.IndexId) : undefined;
  const { IndexId: _index, ...shared } = args;
  try {
    return await runBatchEngine<SearchDocument>({
      ...options,
      ...(stateFile ? { state: stateFile } : {}),
      fingerprint: (document) => fingerprint({ document, shared }),
      maxItems: MAX_DOCUMENTS_PER_PUT,
      maxBytes: options.maxBatchBytes ?? DEFAULT_MAX_BATCH_BYTES,
      source: (signal) => documentSource(options.source, rules, signal),
      send: async (documents, tally) =>
        itemFailures((await countedCall<BatchPutDocumentResponse>(client, 'BatchPutDocument', { ...args, Documents: documents }, tally)).FailedDocuments),
      whenReady: (signal) => {
        options.notice?.(`The index ${args.IndexId} is being updated: waiting until it is ACTIVE to go on.`);
        return waitForActiveIndex(client, args.IndexId, signal, options.indexWaitMs);
      },
    });
  } finally {
    await stateFile?.close();
  }
}
