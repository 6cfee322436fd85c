import { cutPassages } from '../query/passage-cut.js';
import { tokensFor } from '../query/passage-tokens.js';

/** The most words of a passage that is embedded: about 130 word pieces, well within the model's 256 with the title. */
export const PASSAGE_WORDS = 100;
/** How much of a long body is cut into passages (as Retrieve reads it). */
const MAX_CHARS = 100_000;

/** Where a passage is in its document's body. */
export interface Span {
  start: number;
  end: number;
}

/**
 * The passages of a document's body for semantic search: consecutive spans of at most 100
 * words, ending at a sentence end where the text allows (see `cutPassages`), over the first
 * 100,000 characters. A body without words has none.
 */
export function passageSpans(body: string): Span[] {
  const text = body.length > MAX_CHARS ? body.slice(0, MAX_CHARS) : body;
  return cutPassages(text, tokensFor(text, []), PASSAGE_WORDS).map(({ start, end }) => ({ start, end }));
}

/** The text embedded for a passage: the document's title (when it has one), then the passage. */
export function embeddedText(title: string | null, body: string, span: Span): string {
  const passage = body.slice(span.start, span.end);
  return title ? `${title}\n${passage}` : passage;
}
