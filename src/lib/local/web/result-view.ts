import type { FeaturedResultsItem, QueryResultItem } from '../../services/search/types.js';
import { highlighted } from './highlights.js';
import { html, safeHref, type Html } from './html.js';

/** What every result needs to send feedback: the query, where to come back, the session's CSRF token. */
export interface FeedbackContext {
  queryId: string;
  /** The feedback endpoint. */
  action: string;
  /** The search page's URL, to come back to after feedback sent without script. */
  back: string;
  csrfToken: string;
}

function attribute(item: QueryResultItem | FeaturedResultsItem, key: string) {
  return item.AdditionalAttributes?.find((entry) => entry.Key === key)?.Value.TextWithHighlightsValue;
}

/** The title of a result, linked to its `_source_uri` when that is an http, https or s3 URL; a click on it is sent as feedback. */
function title(item: QueryResultItem | FeaturedResultsItem, feedback: FeedbackContext, text: Html): Html {
  const href = safeHref(item.DocumentURI);
  if (!href) return html`<span class="result-title">${text}</span>`;
  return html`<a
    class="result-title"
    href="${href}"
    target="_blank"
    rel="noopener noreferrer"
    data-query-id="${feedback.queryId}"
    data-result-id="${item.Id ?? ''}"
    >${text}</a
  >`;
}

/** Thumbs up and down ("Relevant", "Not relevant"): forms that post RELEVANT or NOT_RELEVANT for the result (sent by script when it runs). */
function thumbs(item: QueryResultItem | FeaturedResultsItem, feedback: FeedbackContext): Html {
  const button = (value: string, label: string) =>
    html`<form method="post" action="${feedback.action}" class="thumb">
      <input type="hidden" name="csrf" value="${feedback.csrfToken}" /><input type="hidden" name="queryId" value="${feedback.queryId}" /><input
        type="hidden"
        name="resultId"
        value="${item.Id ?? ''}"
      /><input type="hidden" name="relevance" value="${value}" /><input type="hidden" name="back" value="${feedback.back}" /><button type="submit">
        ${label}
      </button>
    </form>`;
  return html`<div class="thumbs" role="group" aria-label="Rate this result">
    ${button('RELEVANT', 'Relevant')}${button('NOT_RELEVANT', 'Not relevant')}<span class="thanks" role="status"></span>
  </div>`;
}

function confidence(item: QueryResultItem): Html {
  const level = item.ScoreAttributes?.ScoreConfidence;
  return level ? html`<span class="confidence confidence-${level.toLowerCase()}">Confidence: ${level.replace(/_/g, ' ').toLowerCase()}</span>` : html``;
}

/** One result: an answer, an FAQ (question and answer) or a document, with its feedback controls. */
export function resultCard(item: QueryResultItem, feedback: FeedbackContext): Html {
  if (item.Type === 'QUESTION_ANSWER') {
    return html`<article class="card faq" aria-label="FAQ">
      <p class="kind">FAQ</p>
      <h2>${title(item, feedback, highlighted(attribute(item, 'QuestionText') ?? item.DocumentTitle))}</h2>
      <p>${highlighted(attribute(item, 'AnswerText') ?? item.DocumentExcerpt)}</p>
      <p class="meta">${confidence(item)}</p>
      ${thumbs(item, feedback)}
    </article>`;
  }
  if (item.Type === 'ANSWER') {
    return html`<article class="card answer" aria-label="Answer">
      <p class="kind">Answer</p>
      <p class="answer-text">${highlighted(attribute(item, 'AnswerText') ?? item.DocumentExcerpt)}</p>
      <p class="meta">From ${title(item, feedback, highlighted(item.DocumentTitle))} ${confidence(item)}</p>
      ${thumbs(item, feedback)}
    </article>`;
  }
  const uri = item.DocumentURI ? html`<p class="uri">${item.DocumentURI}</p>` : '';
  return html`<article class="card result">
    <h2>${title(item, feedback, highlighted(item.DocumentTitle ?? { Text: item.DocumentId ?? '' }))}</h2>
    ${uri}
    <p class="excerpt">${highlighted(item.DocumentExcerpt)}</p>
    <p class="meta">${confidence(item)}</p>
    ${thumbs(item, feedback)}
  </article>`;
}

/** A featured result, pinned to the top for its query. */
export function featuredCard(item: FeaturedResultsItem, feedback: FeedbackContext): Html {
  return html`<article class="card featured" aria-label="Featured result">
    <p class="kind">Featured</p>
    <h2>${title(item, feedback, highlighted(item.DocumentTitle ?? { Text: item.DocumentId ?? '' }))}</h2>
    <p class="excerpt">${highlighted(item.DocumentExcerpt)}</p>
    ${thumbs(item, feedback)}
  </article>`;
}
