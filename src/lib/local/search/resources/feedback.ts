import { invalid, notFound } from '../core/errors.js';
import type { OperationHandler, OperationHandlers } from '../core/op-context.js';
import { sql } from '../core/statements.js';
import { parseTimestamp } from '../core/time.js';
import { activeIndex } from './index-rows.js';
import { insertClicks } from './query-log-store.js';

const submitFeedback: OperationHandler<'SubmitFeedback'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'SubmitFeedback');
  const row = sql(ctx.db, 'SELECT query_key, results FROM search_queries WHERE query_id = ? AND index_rowid = ?').get(input.QueryId, index.rowid) as
    | { query_key: string; results: string }
    | undefined;
  if (!row) throw notFound(`Query ${input.QueryId} was not run on index ${index.id} (or is too old for feedback).`);
  const results = JSON.parse(row.results) as Record<string, string>;
  const keyOf = (resultId: string) => {
    const key = results[resultId];
    if (!key) throw invalid(`${resultId} is not the id of a result of query ${input.QueryId}.`);
    return key;
  };
  const clicks = (input.ClickFeedbackItems ?? []) as Array<{ ResultId: string; ClickTime: unknown }>;
  const votes = (input.RelevanceFeedbackItems ?? []) as Array<{ ResultId: string; RelevanceValue: 'RELEVANT' | 'NOT_RELEVANT' }>;
  const clickLog = clicks.map((click) => ({ query_id: input.QueryId, clicked_at: parseTimestamp(click.ClickTime, 'ClickTime'), result_key: keyOf(click.ResultId) }));
  const clickKeys = clickLog.map((click) => click.result_key);
  const voteKeys = votes.map((vote) => ({ key: keyOf(vote.ResultId), delta: vote.RelevanceValue === 'RELEVANT' ? 1 : -1 }));
  ctx.db.transaction(() => {
    insertClicks(ctx.db, index.rowid, clickLog);
    const find = sql(ctx.db, 'SELECT rowid FROM search_documents WHERE index_rowid = ? AND doc_id = ?').pluck();
    for (const key of clickKeys) {
      if (!key.startsWith('doc:')) continue;
      const rowid = find.get(index.rowid, key.slice(4)) as number | undefined;
      if (rowid === undefined) continue;
      sql(ctx.db, 'UPDATE search_documents SET view_count = view_count + 1 WHERE rowid = ?').run(rowid);
      sql(ctx.db, 'INSERT INTO search_doc_changes (index_rowid, doc_rowid) VALUES (?, ?)').run(index.rowid, rowid);
    }
    const vote = sql(
      ctx.db,
      `INSERT INTO search_relevance (index_rowid, query_key, doc_key, score) VALUES (?, ?, ?, ?)
       ON CONFLICT (index_rowid, query_key, doc_key) DO UPDATE SET score = score + excluded.score`,
    );
    for (const { key, delta } of voteKeys) vote.run(index.rowid, row.query_key, key, delta);
  }).immediate();
  return {};
};

/** The feedback operation. */
export const feedbackOperations: OperationHandlers<'SubmitFeedback'> = { SubmitFeedback: submitFeedback };
