import { collapsedDetail, type Collapsed, type CollapsePlan } from './collapse.js';
import type { CachedDoc } from './doc-cache.js';
import { resultKey } from './result-ids.js';
import { documentItems, type ItemContext } from './result-items.js';

type Entry = { doc: CachedDoc; confidence: string; key: string };

const EXPANDED_MEMBERS = ['Id', 'DocumentId', 'DocumentTitle', 'DocumentExcerpt', 'DocumentURI', 'DocumentAttributes'] as const;

/**
 * The result items of a page of collapsed groups: each primary document's item with its
 * `CollapsedResultDetail` (the shared attribute, and the group's other documents as
 * `ExpandedResults` when expanding). Also the keys of the expanded documents, whose result
 * ids take relevance feedback like any other.
 */
export function collapsedItems(ctx: ItemContext, plan: CollapsePlan, page: ReadonlyArray<Collapsed<Entry>>): { items: unknown[]; expandedKeys: string[] } {
  const items = documentItems(ctx, page) as Array<Record<string, unknown>>;
  const expandedKeys: string[] = [];
  page.forEach((group, position) => {
    const members = group.expanded.map((entry) => ({ ...entry, key: resultKey('doc', entry.doc.docId) }));
    expandedKeys.push(...members.map((entry) => entry.key));
    const expanded = (documentItems(ctx, members) as Array<Record<string, unknown>>).map((item) =>
      Object.fromEntries(EXPANDED_MEMBERS.filter((name) => item[name] !== undefined).map((name) => [name, item[name]])),
    );
    items[position]!.CollapsedResultDetail = collapsedDetail(plan, group.value, expanded);
  });
  return { items, expandedKeys };
}
