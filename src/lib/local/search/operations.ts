import type { OpContext, OperationHandler, OperationHandlers, SearchOperationName } from './core/op-context.js';
import { querySuggestionOperations } from './query/get-query-suggestions.js';
import { queryOperations } from './query/query-op.js';
import { accessControlConfigurationOperations } from './resources/access-control-configurations.js';
import { dataSourceOperations } from './resources/data-sources.js';
import { documentOperations } from './resources/documents.js';
import { experienceOperations } from './resources/experiences.js';
import { retrieveOperations } from './query/retrieve-op.js';
import { documentStatusOperations } from './resources/document-status.js';
import { faqOperations } from './resources/faqs.js';
import { featuredResultsOperations } from './resources/featured-results.js';
import { feedbackOperations } from './resources/feedback.js';
import { indexOperations } from './resources/indices.js';
import { blockListOperations } from './resources/query-suggestions-block-lists.js';
import { suggestConfigOperations } from './resources/query-suggestions-config.js';
import { snapshotOperations } from './resources/snapshots.js';
import { principalMappingOperations } from './resources/principal-mappings.js';
import { syncJobOperations } from './resources/sync-jobs.js';
import { tagOperations } from './resources/tags.js';
import { thesaurusOperations } from './resources/thesauri.js';
import { semanticService } from './semantic/background-embedding.js';

/** The handler of every operation of the search API, by operation name (a missing one does not compile). */
const handlers: OperationHandlers<SearchOperationName> = {
  ...indexOperations,
  ...dataSourceOperations,
  ...syncJobOperations,
  ...faqOperations,
  ...thesaurusOperations,
  ...documentOperations,
  ...documentStatusOperations,
  ...queryOperations,
  ...retrieveOperations,
  ...feedbackOperations,
  ...tagOperations,
  ...blockListOperations,
  ...suggestConfigOperations,
  ...querySuggestionOperations,
  ...featuredResultsOperations,
  ...snapshotOperations,
  ...accessControlConfigurationOperations,
  ...principalMappingOperations,
  ...experienceOperations,
};

/** Whether `name` is the exact name of an operation of the search API. */
export function isOperation(name: string): name is SearchOperationName {
  return Object.hasOwn(handlers, name);
}

/**
 * Runs the operation `name` on `input`, which was checked against the operation's input shape
 * and so has the operation's generated request type; resolves to the operation's generated
 * response type (the protocol layer writes its wire form).
 */
export function runOperation(name: SearchOperationName, ctx: OpContext, input: Record<string, unknown>): Promise<object> {
  // the check against the model is what makes `input` the request type of `name`
  const handler = handlers[name] as unknown as (ctx: OpContext, input: Record<string, unknown>) => ReturnType<OperationHandler<typeof name>>;
  // known before the first write: whether stored documents are cut into passages
  semanticService(ctx.local);
  return Promise.resolve(handler(ctx, input));
}

/** The operations that write through the write queue (each queue flush is a write window of its own). */
const QUEUED_WRITES: ReadonlySet<string> = new Set(['BatchPutDocument', 'BatchDeleteDocument', 'Query']);
/** The operations that only read, by the prefix of their name. */
const READS = /^(?:Describe|List|Get|Retrieve)/;

/**
 * Whether the handler of `name` runs in one window of the store's write seam (`store-writes.ts`):
 * every operation that writes, except those whose writes go through the write queue, so that
 * slow work before their writes (text extraction) holds no lock of the store.
 */
export function writesInWindow(name: SearchOperationName): boolean {
  return !QUEUED_WRITES.has(name) && !READS.test(name);
}
