import type { OpContext, OperationHandler } from './core/op-context.js';
import { querySuggestionOperations } from './query/get-query-suggestions.js';
import { queryOperations } from './query/query-op.js';
import { accessControlConfigurationOperations } from './resources/access-control-configurations.js';
import { dataSourceOperations } from './resources/data-sources.js';
import { documentOperations } from './resources/documents.js';
import { experienceOperations } from './resources/experiences.js';
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

/** The handlers of the operations the local search service implements, by operation name. */
const handlers = {
  ...indexOperations,
  ...dataSourceOperations,
  ...syncJobOperations,
  ...faqOperations,
  ...thesaurusOperations,
  ...documentOperations,
  ...queryOperations,
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

/** The name of an operation the local search service implements. */
export type ImplementedOperation = keyof typeof handlers;

/** Whether the local search service implements the operation `name`. */
export function isImplemented(name: string): name is ImplementedOperation {
  return Object.hasOwn(handlers, name);
}

/**
 * Runs the operation `name` on `input`, which was checked against the operation's input shape
 * and so has the operation's generated request type; resolves to the operation's generated
 * response type (the protocol layer writes its wire form).
 */
export function runOperation(name: ImplementedOperation, ctx: OpContext, input: Record<string, unknown>): Promise<object> {
  // the check against the model is what makes `input` the request type of `name`
  const handler = handlers[name] as unknown as (ctx: OpContext, input: Record<string, unknown>) => ReturnType<OperationHandler<typeof name>>;
  return Promise.resolve(handler(ctx, input));
}
