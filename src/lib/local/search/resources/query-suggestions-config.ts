import type { SuggestableConfig } from '../../../services/search/types.js';
import { conflict, invalid } from '../core/errors.js';
import { fieldMap } from '../core/fields.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { parseSuggestSettings, type SuggestSettings } from '../core/suggest-settings.js';
import { dateOf } from '../core/time.js';
import { loggedSuggestions } from '../query/log-suggestions.js';
import { activeIndex, findIndex, indexFields, type IndexRow } from './index-store.js';
import { readSuggestConfig, writeClearTime, writeSuggestSettings } from './query-suggestions-store.js';

/** The longest look-back window, in days: the query log keeps a year. */
const MAX_LOOK_BACK_DAYS = 365;

/** The query-suggestions settings of an index, its last clear, and whether an update is still UPDATING. */
export function suggestConfigOf(
  ctx: OpContext,
  index: IndexRow,
): { settings: SuggestSettings; clearedAt: number | null; updatedAt: number | null; updating: boolean } {
  const row = readSuggestConfig(ctx.db, index.rowid);
  return {
    settings: parseSuggestSettings(row?.settings),
    clearedAt: row?.cleared_at ?? null,
    updatedAt: row ? row.updated_at : null,
    updating: row !== undefined && ctx.nowMs < row.busy_until,
  };
}

/** Merges suggestable fields by name, checking that each is a string field of the index. */
function mergeSuggestable(index: IndexRow, current: readonly SuggestableConfig[], updates: readonly SuggestableConfig[]): SuggestableConfig[] {
  const fields = fieldMap(indexFields(index));
  const merged = new Map(current.map((entry) => [entry.AttributeName, entry]));
  for (const entry of updates) {
    const name = entry.AttributeName;
    if (!name) throw invalid('Each SuggestableConfig needs an AttributeName.');
    const field = fields.get(name);
    if (!field) throw invalid(`SuggestableConfigList names ${name}, which is not a field of index ${index.id}.`);
    if (field.Type !== 'STRING_VALUE' && field.Type !== 'STRING_LIST_VALUE') {
      throw invalid(`SuggestableConfigList names ${name}, a ${field.Type} field; only string and string list fields can be suggested.`);
    }
    merged.set(name, { AttributeName: name, Suggestable: entry.Suggestable ?? false });
  }
  return [...merged.values()];
}

const describeConfig: OperationHandler<'DescribeQuerySuggestionsConfig'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const { settings, clearedAt, updatedAt, updating } = suggestConfigOf(ctx, index);
  const suggestions = loggedSuggestions(ctx, index.rowid, settings, clearedAt);
  const built = Math.max(updatedAt ?? 0, clearedAt ?? 0, ...suggestions.map((entry) => entry.lastAt));
  return {
    Mode: settings.mode,
    Status: updating ? 'UPDATING' : 'ACTIVE',
    QueryLogLookBackWindowInDays: settings.lookBackDays,
    IncludeQueriesWithoutUserInformation: settings.includeAnonymous,
    MinimumNumberOfQueryingUsers: settings.minUsers,
    MinimumQueryCount: settings.minCount,
    ...(built > 0 ? { LastSuggestionsBuildTime: dateOf(built) } : {}),
    ...(clearedAt !== null ? { LastClearTime: dateOf(clearedAt) } : {}),
    TotalSuggestionsCount: suggestions.length,
    AttributeSuggestionsConfig: { SuggestableConfigList: settings.suggestable, AttributeSuggestionsMode: settings.attributeMode },
  };
};

const updateConfig: OperationHandler<'UpdateQuerySuggestionsConfig'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'UpdateQuerySuggestionsConfig');
  const days = input.QueryLogLookBackWindowInDays;
  if (days !== undefined && (days < 1 || days > MAX_LOOK_BACK_DAYS)) {
    throw invalid(`QueryLogLookBackWindowInDays must be from 1 to ${MAX_LOOK_BACK_DAYS}, not ${days}.`);
  }
  ctx.db
    .transaction(() => {
      const { settings, updating } = suggestConfigOf(ctx, index);
      if (updating) throw conflict(`The query suggestions settings of index ${index.id} are UPDATING; retry when they are ACTIVE.`);
      const attributes = input.AttributeSuggestionsConfig;
      const next: SuggestSettings = {
        mode: input.Mode ?? settings.mode,
        lookBackDays: days ?? settings.lookBackDays,
        includeAnonymous: input.IncludeQueriesWithoutUserInformation ?? settings.includeAnonymous,
        minUsers: input.MinimumNumberOfQueryingUsers ?? settings.minUsers,
        minCount: input.MinimumQueryCount ?? settings.minCount,
        attributeMode: attributes?.AttributeSuggestionsMode ?? settings.attributeMode,
        suggestable: attributes?.SuggestableConfigList ? mergeSuggestable(index, settings.suggestable, attributes.SuggestableConfigList) : settings.suggestable,
      };
      writeSuggestSettings(ctx.db, index.rowid, JSON.stringify(next), ctx.nowMs, ctx.nowMs + ctx.delayMs);
    })
    .immediate();
  return {};
};

const clearSuggestions: OperationHandler<'ClearQuerySuggestions'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'ClearQuerySuggestions');
  ctx.db.transaction(() => writeClearTime(ctx.db, index.rowid, JSON.stringify(suggestConfigOf(ctx, index).settings), ctx.nowMs)).immediate();
  return {};
};

/** The operations on an index's query-suggestions settings. */
export const suggestConfigOperations: OperationHandlers<'DescribeQuerySuggestionsConfig' | 'UpdateQuerySuggestionsConfig' | 'ClearQuerySuggestions'> = {
  DescribeQuerySuggestionsConfig: describeConfig,
  UpdateQuerySuggestionsConfig: updateConfig,
  ClearQuerySuggestions: clearSuggestions,
};
