import type { OpContext, OperationHandler } from './core/op-context.js';
import { queryOperations } from './query/query-op.js';
import { retrieveOperations } from './query/retrieve-op.js';
import { dataSourceOperations } from './resources/data-sources.js';
import { documentOperations } from './resources/documents.js';
import { documentStatusOperations } from './resources/document-status.js';
import { faqOperations } from './resources/faqs.js';
import { feedbackOperations } from './resources/feedback.js';
import { indexOperations } from './resources/indices.js';
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
  ...documentStatusOperations,
  ...queryOperations,
  ...retrieveOperations,
  ...feedbackOperations,
  ...tagOperations,
};

/** The name of an operation the local search service implements (29 of the search API's). */
export type ImplementedOperation = keyof typeof handlers;

/** Whether the local search service implements the operation `name`. */
export function isImplemented(name: string): name is ImplementedOperation {
  return Object.hasOwn(handlers, name);
}

/**
 * Runs the operation `name` on `input`, which was checked against the operation's input shape
 * and so has the operation's generated request type; resolves to the output members.
 */
export function runOperation(name: ImplementedOperation, ctx: OpContext, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  // the check against the model is what makes `input` the request type of `name`
  const handler = handlers[name] as unknown as (ctx: OpContext, input: Record<string, unknown>) => ReturnType<OperationHandler<typeof name>>;
  return Promise.resolve(handler(ctx, input));
}
