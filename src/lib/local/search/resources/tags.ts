import { parseArn } from '../core/arn.js';
import { searchError } from '../core/errors.js';
import { statusOf, type LifecycleRow } from '../core/lifecycle.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { sql } from '../core/statements.js';
import { indexStatus, type IndexRow } from './index-rows.js';
import { addTags, readTags, removeTags } from './tag-store.js';

const CHILD_TABLES = {
  'data-source': 'search_data_sources',
  faq: 'search_faqs',
  thesaurus: 'search_thesauri',
  'query-suggestions-block-list': 'search_block_lists',
  'featured-results-set': 'search_featured_sets',
} as const;

/**
 * Checks that `arn` names an existing index or index child (data source, FAQ, thesaurus, block
 * list, featured results set) of this account and
 * region; a `ResourceUnavailableException` otherwise, as the real service answers.
 */
function existingResource(ctx: OpContext, arn: string): string {
  const unavailable = () => searchError('ResourceUnavailableException', `The resource ${arn} does not exist.`);
  const parsed = parseArn(arn);
  if (!parsed || parsed.account !== ctx.local.accountId || parsed.region !== ctx.region) throw unavailable();
  const index = sql(ctx.db, 'SELECT * FROM search_indices WHERE id = ? AND region = ?').get(parsed.indexId, ctx.region) as IndexRow | undefined;
  if (!index || !indexStatus(ctx, index)) throw unavailable();
  if (parsed.child) {
    const row = sql(ctx.db, `SELECT * FROM ${CHILD_TABLES[parsed.child.kind]} WHERE id = ? AND index_rowid = ?`).get(parsed.child.id, index.rowid) as
      | LifecycleRow
      | undefined;
    if (!row || !statusOf(row, ctx.nowMs, ctx.delayMs, 'ACTIVE')) throw unavailable();
  }
  return arn;
}

const tagResource: OperationHandler<'TagResource'> = (ctx, input) => {
  const arn = existingResource(ctx, input.ResourceARN);
  ctx.db.transaction(() => addTags(ctx.db, arn, input.Tags)).immediate();
  return {};
};

const untagResource: OperationHandler<'UntagResource'> = (ctx, input) => {
  const arn = existingResource(ctx, input.ResourceARN);
  ctx.db.transaction(() => removeTags(ctx.db, arn, input.TagKeys)).immediate();
  return {};
};

const listTagsForResource: OperationHandler<'ListTagsForResource'> = (ctx, input) => ({ Tags: readTags(ctx.db, existingResource(ctx, input.ResourceARN)) });

/** The tag operations. */
export const tagOperations: OperationHandlers<'TagResource' | 'UntagResource' | 'ListTagsForResource'> = {
  TagResource: tagResource,
  UntagResource: untagResource,
  ListTagsForResource: listTagsForResource,
};
