import { invalid } from '../core/errors.js';

/** The longest query text Kendra accepts, in characters. */
const MAX_QUERY_TEXT_LENGTH = 1000;

/**
 * The query text of a Query or Retrieve request, checked: longer than 1,000 characters is a
 * `ValidationException`, as Kendra answers; a missing text is the empty string.
 */
export function checkedQueryText(text: string | undefined): string {
  const value = typeof text === 'string' ? text : '';
  if ([...value].length > MAX_QUERY_TEXT_LENGTH) {
    throw invalid(`QueryText is ${[...value].length} characters long; it can be at most ${MAX_QUERY_TEXT_LENGTH}.`);
  }
  return value;
}
