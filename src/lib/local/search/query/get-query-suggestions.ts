import { randomUUID } from 'node:crypto';
import type { Suggestion } from '../../../services/search/types.js';
import { invalid } from '../core/errors.js';
import { fieldMap } from '../core/fields.js';
import type { OperationHandler, OperationHandlers } from '../core/op-context.js';
import { suggestableFields } from '../core/suggest-settings.js';
import { activeIndex, indexFields } from '../resources/index-store.js';
import { suggestConfigOf } from '../resources/query-suggestions-config.js';
import { attributeRequest, attributeSuggestions } from './attribute-suggestions.js';
import { loggedSuggestions } from './log-suggestions.js';
import { principalFilters, userAccess } from './access.js';
import { prefixHighlight, suggestiblePrefix, suggestionKey } from './suggestion-text.js';

/** The most suggestions one call returns. */
const MAX_SUGGESTIONS = 100;

const getQuerySuggestions: OperationHandler<'GetQuerySuggestions'> = async (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'GetQuerySuggestions');
  const max = input.MaxSuggestionsCount ?? 10;
  if (max < 1 || max > MAX_SUGGESTIONS) throw invalid(`MaxSuggestionsCount must be from 1 to ${MAX_SUGGESTIONS}, not ${max}.`);
  const types = new Set(input.SuggestionTypes?.length ? input.SuggestionTypes : ['QUERY']);
  const { settings, clearedAt } = suggestConfigOf(ctx, index);
  const fields = fieldMap(indexFields(index));
  const attributes = types.has('DOCUMENT_ATTRIBUTES')
    ? attributeRequest(fields, suggestableFields(settings), input.AttributeSuggestionsConfig, principalFilters(ctx, index))
    : null;
  const prefix = suggestionKey(input.QueryText);
  const suggestions: Suggestion[] = [];
  if (!suggestiblePrefix(prefix)) return { QuerySuggestionsId: randomUUID(), Suggestions: suggestions };

  if (types.has('QUERY') && settings.mode === 'ENABLED') {
    for (const entry of loggedSuggestions(ctx, index.rowid, settings, clearedAt)) {
      if (entry.text.startsWith(prefix)) suggestions.push({ Id: randomUUID(), Value: { Text: { Text: entry.text, Highlights: prefixHighlight(prefix) } } });
    }
  }
  if (attributes && settings.attributeMode === 'ACTIVE') {
    for (const entry of attributeSuggestions(
      ctx,
      index.rowid,
      attributes,
      prefix,
      await userAccess(ctx, index, input.AttributeSuggestionsConfig?.UserContext),
    )) {
      suggestions.push({ Id: randomUUID(), Value: { Text: { Text: entry.text, Highlights: [entry.highlight] } }, SourceDocuments: entry.sources });
    }
  }
  return { QuerySuggestionsId: randomUUID(), Suggestions: suggestions.slice(0, max) };
};

/** The GetQuerySuggestions operation. */
export const querySuggestionOperations: OperationHandlers<'GetQuerySuggestions'> = { GetQuerySuggestions: getQuerySuggestions };
