import type { Group } from '../query/synonyms.js';

/**
 * Whether a query asks for exact words: a required (`+`) word or a quoted phrase. Such a query
 * returns only its keyword matches (ranked by both sides); others also get what matches by meaning.
 */
export function strictQuery(should: readonly Group[], must: readonly Group[]): boolean {
  return must.length > 0 || should.some((item) => item.alternatives.some((alternative) => alternative.kind === 'phrase' && !alternative.synonym));
}
