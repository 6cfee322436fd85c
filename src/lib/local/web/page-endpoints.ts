import type { GetQuerySuggestionsResponse } from '../../services/search/types.js';
import type { LocalResponse } from '../types.js';
import { refusedPage } from './error-pages.js';
import { PageCallError } from './page-calls.js';
import type { PageRequest } from './page-types.js';
import type { PageScope } from './page-scope.js';
import { jsonAnswer, redirect } from './responses.js';

/** The feedback of a result: a click, or a thumb up or down; answered as JSON to the script, by a redirect to a form. */
export async function handleFeedback(request: PageRequest, scope: PageScope, fields: Map<string, string>): Promise<LocalResponse> {
  const fromScript = (request.headers['content-type'] ?? '').startsWith('application/json');
  const queryId = fields.get('queryId') ?? '';
  const resultId = fields.get('resultId') ?? '';
  const relevance = fields.get('relevance');
  const feedback =
    relevance === 'RELEVANT' || relevance === 'NOT_RELEVANT'
      ? { RelevanceFeedbackItems: [{ ResultId: resultId, RelevanceValue: relevance }] }
      : { ClickFeedbackItems: [{ ResultId: resultId, ClickTime: scope.now().getTime() / 1000 }] };
  try {
    await scope.call('SubmitFeedback', { IndexId: scope.experience.indexId, QueryId: queryId, ...feedback });
  } catch (error) {
    if (!(error instanceof PageCallError)) throw error;
    return fromScript
      ? jsonAnswer(400, { message: error.message, code: error.code })
      : refusedPage(scope.experience, `the feedback was not recorded: ${error.message}`);
  }
  if (fromScript) return jsonAnswer(200, { recorded: true });
  const back = fields.get('back') ?? '';
  return redirect(back.startsWith(`${scope.base}?`) || back === scope.base ? back : scope.base);
}

/** The query suggestions for what is typed in the searchbox, as JSON for the page's script. */
export async function suggestions(scope: PageScope, query: URLSearchParams): Promise<LocalResponse> {
  const text = (query.get('q') ?? '').trim();
  if (text === '') return jsonAnswer(200, { suggestions: [] });
  try {
    const output = await scope.call<GetQuerySuggestionsResponse>('GetQuerySuggestions', {
      IndexId: scope.experience.indexId,
      QueryText: text.slice(0, 1000),
      MaxSuggestionsCount: 6,
    });
    const texts = (output.Suggestions ?? []).map((entry) => entry.Value?.Text?.Text ?? '').filter(Boolean);
    return jsonAnswer(200, { suggestions: texts });
  } catch (error) {
    if (!(error instanceof PageCallError)) throw error;
    return jsonAnswer(200, { suggestions: [], problem: error.message });
  }
}
