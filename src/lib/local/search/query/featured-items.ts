import type { FeaturedResultsItem, ScoreConfidence } from '../../../services/search/types.js';
import type { OpContext } from '../core/op-context.js';
import { documentRowid, featuredSetsOf } from '../resources/featured-results-store.js';
import { docLookup, hasRestrictedDocs, type CachedDoc } from './doc-cache.js';
import { documentItems, type ItemContext } from './result-items.js';
import { queryKey, resultKey } from './result-ids.js';

/** The featured results of a query and the result keys their ids stand for. */
export interface FeaturedResults {
  items: FeaturedResultsItem[];
  keys: string[];
}

/**
 * The `FeaturedResultsItems` of a query: the documents of the ACTIVE featured results set one
 * of whose query texts is the whole query text (ignoring case and runs of spaces), in the set's
 * order, leaving out documents that are not in the index or that the query's user may not see
 * (`acl`, applied when some document of the index has an access control list).
 */
export function featuredResults(ctx: OpContext, indexRowid: number, text: string, acl: (doc: CachedDoc) => boolean, items: ItemContext): FeaturedResults {
  const key = queryKey(text);
  if (key === '') return { items: [], keys: [] };
  const set = featuredSetsOf(ctx.db, indexRowid).find(
    (row) => row.status === 'ACTIVE' && (JSON.parse(row.query_texts) as string[]).some((candidate) => queryKey(candidate) === key),
  );
  if (!set) return { items: [], keys: [] };
  const docs = docLookup(ctx.db, indexRowid);
  const restricted = hasRestrictedDocs(ctx.db, indexRowid);
  const page = (JSON.parse(set.documents) as string[]).flatMap((docId) => {
    const rowid = documentRowid(ctx.db, indexRowid, docId);
    const doc = rowid === undefined ? undefined : docs.get(rowid);
    return doc && (!restricted || acl(doc)) ? [{ doc, confidence: 'NOT_AVAILABLE' as ScoreConfidence, key: resultKey('doc', doc.docId) }] : [];
  });
  const featured = documentItems(items, page).map((item) => {
    const { Format: _format, ScoreAttributes: _score, ...rest } = item;
    return rest as FeaturedResultsItem;
  });
  return { items: featured, keys: page.map((entry) => entry.key) };
}
