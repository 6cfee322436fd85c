import { invalid, notFound } from '../core/errors.js';
import type { OperationHandler, OperationHandlers } from '../core/op-context.js';
import { parseTimestamp } from '../core/time.js';
import { queryRecord, recordViews, recordVotes } from './feedback-store.js';
import { activeIndex } from './index-store.js';
import { insertClicks } from './query-log-store.js';

const submitFeedback: OperationHandler<'SubmitFeedback'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'SubmitFeedback');
  const row = queryRecord(ctx.db, index.rowid, input.QueryId);
  if (!row) throw notFound(`Query ${input.QueryId} was not run on index ${index.id} (or is too old for feedback).`);
  const results = JSON.parse(row.results) as Record<string, string>;
  const keyOf = (resultId: string) => {
    const key = results[resultId];
    if (!key) throw invalid(`${resultId} is not the id of a result of query ${input.QueryId}.`);
    return key;
  };
  const clicks = (input.ClickFeedbackItems ?? []) as Array<{ ResultId: string; ClickTime: unknown }>;
  const votes = (input.RelevanceFeedbackItems ?? []) as Array<{ ResultId: string; RelevanceValue: 'RELEVANT' | 'NOT_RELEVANT' }>;
  const clickLog = clicks.map((click) => ({
    query_id: input.QueryId,
    clicked_at: parseTimestamp(click.ClickTime, 'ClickTime'),
    result_key: keyOf(click.ResultId),
  }));
  const clickKeys = clickLog.map((click) => click.result_key);
  const voteKeys = votes.map((vote) => ({ key: keyOf(vote.ResultId), delta: vote.RelevanceValue === 'RELEVANT' ? 1 : -1 }));
  const viewed = clickKeys.filter((key) => key.startsWith('doc:')).map((key) => key.slice(4));
  ctx.db
    .transaction(() => {
      insertClicks(ctx.db, index.rowid, clickLog);
      recordViews(ctx.db, index.rowid, viewed);
      recordVotes(ctx.db, index.rowid, row.query_key, voteKeys);
    })
    .immediate();
  return {};
};

/** The feedback operation. */
export const feedbackOperations: OperationHandlers<'SubmitFeedback'> = { SubmitFeedback: submitFeedback };
