import type { CollapseConfiguration, CollapsedResultDetail, ExpandedResultItem } from '../../../services/search/types.js';
import { toWireValue, type AttrValue } from '../core/attributes.js';
import { invalid } from '../core/errors.js';
import type { FieldConfig } from '../core/fields.js';
import type { CachedDoc } from './doc-cache.js';
import { docValue } from './doc-values.js';
import { sortDocs, sortKeys, type SortKey } from './sorting.js';

/** A checked `CollapseConfiguration`. */
export interface CollapsePlan {
  key: string;
  sort: SortKey[];
  missing: 'IGNORE' | 'COLLAPSE' | 'EXPAND';
  expand: boolean;
  /** How many groups, from the first, list their other documents. */
  groupsExpanded: number;
  /** How many other documents an expanded group lists. */
  perGroup: number;
}

function count(value: number | undefined, name: string): number {
  if (value === undefined) return Number.POSITIVE_INFINITY;
  if (!Number.isInteger(value) || value < 1) throw invalid(`ExpandConfiguration.${name} must be at least 1, not ${value}.`);
  return value;
}

/**
 * Checks a query's `CollapseConfiguration`: the attribute and the sorting attributes must be
 * sortable fields of the index; without an ExpandConfiguration every group lists all its
 * other documents when `Expand` is true.
 */
export function collapsePlan(config: CollapseConfiguration, fields: ReadonlyMap<string, FieldConfig>): CollapsePlan {
  const key = config.DocumentAttributeKey;
  const field = fields.get(key);
  if (!field) throw invalid(`Cannot collapse by ${key}: it is not a field of the index.`);
  if (!field.Search.Sortable) throw invalid(`Cannot collapse by ${key}: the field is not sortable; make it sortable with UpdateIndex.`);
  const expand = config.ExpandConfiguration;
  return {
    key,
    sort: sortKeys({ SortingConfigurations: config.SortingConfigurations }, fields),
    missing: config.MissingAttributeKeyStrategy ?? 'COLLAPSE',
    expand: config.Expand === true,
    groupsExpanded: count(expand?.MaxResultItemsToExpand, 'MaxResultItemsToExpand'),
    perGroup: count(expand?.MaxExpandedResultsPerItem, 'MaxExpandedResultsPerItem'),
  };
}

/** A collapsed group: its primary entry, the value it shares, and the other entries it lists. */
export type Collapsed<T extends { doc: CachedDoc }> = T & { value: AttrValue | undefined; expanded: T[] };

/**
 * Collapses ranked entries by the plan's attribute: one group per value, ordered by their most
 * relevant member; documents without a value form one group (COLLAPSE, the default), one group
 * each (EXPAND), or are left out (IGNORE). A group's primary is its first by the plan's sort
 * keys (relevance breaks ties), the rest follow in that order.
 */
export function collapseRanked<T extends { doc: CachedDoc }>(plan: CollapsePlan, ranked: readonly T[]): Array<Collapsed<T>> {
  const groups = new Map<string, { value: AttrValue | undefined; members: T[] }>();
  ranked.forEach((entry, position) => {
    const value = docValue(entry.doc, plan.key);
    if (value === undefined && plan.missing === 'IGNORE') return;
    const id = value === undefined ? (plan.missing === 'EXPAND' ? `missing:${position}` : 'missing') : `value:${JSON.stringify(value.v)}`;
    const group = groups.get(id) ?? { value, members: [] };
    group.members.push(entry);
    groups.set(id, group);
  });
  return [...groups.values()].map(({ value, members }, index) => {
    const rank = new Map(members.map((entry, position) => [entry.doc, position]));
    const order =
      plan.sort.length > 0
        ? sortDocs(
            members.map((entry) => entry.doc),
            plan.sort,
            (a, b) => rank.get(a)! - rank.get(b)!,
          )
        : members.map((entry) => entry.doc);
    const byDoc = new Map(members.map((entry) => [entry.doc, entry]));
    const [primary, ...others] = order.map((doc) => byDoc.get(doc)!);
    const expanded = plan.expand && index < plan.groupsExpanded ? others.slice(0, plan.perGroup) : [];
    return { ...primary!, value, expanded };
  });
}

/** The `CollapsedResultDetail` of a group, its expanded results already built. */
export function collapsedDetail(plan: CollapsePlan, value: AttrValue | undefined, expanded: ExpandedResultItem[]): CollapsedResultDetail {
  return {
    DocumentAttribute: { Key: plan.key, Value: value === undefined ? {} : toWireValue(value) },
    ...(plan.expand ? { ExpandedResults: expanded } : {}),
  };
}
