import type { QueryRequest } from '../../../services/search/types.js';
import type { OpContext } from '../core/op-context.js';
import { insertQueryLog } from '../resources/query-log-store.js';
import { queryKey } from './result-ids.js';

/**
 * The user a query is counted for in query suggestions and analytics: the user of its
 * `UserContext`, else its `VisitorId`; null for an anonymous query.
 */
function queryingUser(input: Pick<QueryRequest, 'UserContext' | 'VisitorId'>): string | null {
  return input.UserContext?.UserId ?? input.VisitorId ?? null;
}

/** Records a query in the index's query log, which query suggestions and GetSnapshots read. */
export function logQuery(ctx: OpContext, indexRowid: number, input: QueryRequest, queryId: string, resultCount: number): void {
  const text = typeof input.QueryText === 'string' ? input.QueryText.trim() : '';
  if (text === '') return;
  insertQueryLog(ctx.db, indexRowid, {
    query_id: queryId,
    query_text: text,
    query_key: queryKey(text),
    user_id: queryingUser(input),
    result_count: resultCount,
    created_at: ctx.nowMs,
  });
}
