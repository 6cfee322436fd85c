import type { OperationHandler } from './core/op-context.js';
import { queryOperations } from './query/query-op.js';
import { dataSourceOperations } from './resources/data-sources.js';
import { documentOperations } from './resources/documents.js';
import { faqOperations } from './resources/faqs.js';
import { feedbackOperations } from './resources/feedback.js';
import { indexOperations } from './resources/indices.js';
import { syncJobOperations } from './resources/sync-jobs.js';
import { tagOperations } from './resources/tags.js';
import { thesaurusOperations } from './resources/thesauri.js';

/** The operations the local search service implements, by name (the 29 nimbus first shipped: indices, data sources and sync jobs, FAQs, thesauri, documents, query, feedback, tags). */
export const operations: Record<string, OperationHandler> = {
  ...indexOperations,
  ...dataSourceOperations,
  ...syncJobOperations,
  ...faqOperations,
  ...thesaurusOperations,
  ...documentOperations,
  ...queryOperations,
  ...feedbackOperations,
  ...tagOperations,
};
