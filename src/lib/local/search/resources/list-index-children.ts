import type { OpContext } from '../core/op-context.js';
import { listPage } from '../core/pagination.js';
import { sql } from '../core/statements.js';
import { findIndex } from './index-store.js';

/** How one kind of an index's children (FAQs, thesauri, data sources) is listed. */
export interface IndexChildListing<Row> {
  /** The List operation, which scopes its page tokens. */
  operation: string;
  /** The table of the children, with `index_rowid` and `created_at` columns. */
  table: string;
  /** The output member that holds the summaries. */
  resultKey: string;
  /** The summary of a row, or undefined for a row that no longer shows (deleted). */
  summarize(row: Row): Record<string, unknown> | undefined;
}

/**
 * A page of an index's children in creation order, with an opaque `NextToken` and the
 * model's MaxResults bound of 100.
 */
export function listIndexChildren<Row>(
  ctx: OpContext,
  input: { IndexId: string; NextToken?: string; MaxResults?: number },
  listing: IndexChildListing<Row>,
): Record<string, unknown> {
  const index = findIndex(ctx, input.IndexId);
  const rows = sql(ctx.db, `SELECT * FROM ${listing.table} WHERE index_rowid = ? ORDER BY created_at, rowid`).all(index.rowid) as Row[];
  const items = rows.flatMap((row) => listing.summarize(row) ?? []);
  const { page, ...next } = listPage(items, input, 100, listing.operation, index.id);
  return { [listing.resultKey]: page, ...next };
}
