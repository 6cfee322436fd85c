import type { Group } from '../query/synonyms.js';

/**
 * Whether a query asks for exact words: a required (`+`) word or a quoted phrase (both are
 * required clauses). Such a query returns only its keyword matches (ranked by both sides);
 * others also get what matches by meaning. A word that splits into several (`two-year-old`,
 * `I'm`) is searched as a phrase but was not asked for exactly: it does not make a query strict.
 */
export function strictQuery(must: readonly Group[]): boolean {
  return must.length > 0;
}
