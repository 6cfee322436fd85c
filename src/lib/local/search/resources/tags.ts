import type Database from 'better-sqlite3';
import { parseArn, type ChildKind } from '../core/arn.js';
import { searchError } from '../core/errors.js';
import { statusOf, type LifecycleRow } from '../core/lifecycle.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { dataSourceRow } from './data-source-store.js';
import { faqRow } from './faq-store.js';
import { indexRow, indexStatus } from './index-store.js';
import { addTags, readTags, removeTags } from './tag-store.js';
import { thesaurusRow } from './thesaurus-store.js';
import { readBlockList } from './query-suggestions-store.js';
import { readFeaturedSet } from './featured-results-store.js';

/** How each kind of an index's taggable children is looked up. */
const CHILD_ROWS: Record<ChildKind, (db: Database.Database, indexRowid: number, id: string) => LifecycleRow | undefined> = {
  'data-source': dataSourceRow,
  faq: faqRow,
  thesaurus: thesaurusRow,
  'query-suggestions-block-list': readBlockList,
  'featured-results-set': readFeaturedSet,
};

/**
 * Checks that `arn` names an existing index or index child (data source, FAQ, thesaurus, block
 * list, featured results set) of this account and
 * region; a `ResourceUnavailableException` otherwise, as the real service answers.
 */
function existingResource(ctx: OpContext, arn: string): string {
  const unavailable = () => searchError('ResourceUnavailableException', `The resource ${arn} does not exist.`);
  const parsed = parseArn(arn);
  if (!parsed || parsed.account !== ctx.local.accountId || parsed.region !== ctx.region) throw unavailable();
  const index = indexRow(ctx.db, parsed.indexId, ctx.region);
  if (!index || !indexStatus(ctx, index)) throw unavailable();
  if (parsed.child) {
    const row = CHILD_ROWS[parsed.child.kind](ctx.db, index.rowid, parsed.child.id);
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
