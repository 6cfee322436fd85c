import type { ExpandedResultItem, QueryResultItem, ScoreConfidence } from '../../../services/search/types.js';
import { collapsedDetail, type Collapsed, type CollapsePlan } from './collapse.js';
import type { CachedDoc } from './doc-cache.js';
import { resultKey } from './result-ids.js';
import { documentItems, type ItemContext } from './result-items.js';

type Entry = { doc: CachedDoc; confidence: ScoreConfidence; key: string };

const EXPANDED_MEMBERS = ['Id', 'DocumentId', 'DocumentTitle', 'DocumentExcerpt', 'DocumentURI', 'DocumentAttributes'] as const;

/**
 * The result items of a page of collapsed groups: each primary document's item with its
 * `CollapsedResultDetail` (the shared attribute, and the group's other documents as
 * `ExpandedResults` when expanding). Also the keys of the expanded documents, whose result
 * ids take relevance feedback like any other.
 */
export function collapsedItems(
  ctx: ItemContext,
  plan: CollapsePlan,
  page: ReadonlyArray<Collapsed<Entry>>,
): { items: QueryResultItem[]; expandedKeys: string[] } {
  const items = documentItems(ctx, page);
  const expandedKeys: string[] = [];
  page.forEach((group, position) => {
    const members = group.expanded.map((entry) => ({ ...entry, key: resultKey('doc', entry.doc.docId) }));
    expandedKeys.push(...members.map((entry) => entry.key));
    const expanded = documentItems(ctx, members).map(
      (item) => Object.fromEntries(EXPANDED_MEMBERS.filter((name) => item[name] !== undefined).map((name) => [name, item[name]])) as ExpandedResultItem,
    );
    items[position]!.CollapsedResultDetail = collapsedDetail(plan, group.value, expanded);
  });
  return { items, expandedKeys };
}
