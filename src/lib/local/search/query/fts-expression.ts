import { matcherOf, type Matcher } from './analyzer.js';
import type { Clause } from './parse-query.js';
import type { Alternative, Group } from './synonyms.js';

/** The FTS5 expressions one query runs. */
export interface MatchPlan {
  /** Finds and ranks the candidates; null when the query has no positive clause. */
  match: string | null;
  /**
   * The quoted phrases of `match` in the order FTS5 numbers them (a required group appears
   * twice): BM25 sums one contribution per entry.
   */
  phrases: string[];
  /** Finds the documents the query excludes; null when it excludes none. */
  excluded: string | null;
  /** Every positive alternative: what to highlight. */
  all: Matcher[];
  /** Only the alternatives the user typed: tells standard highlights from synonym ones. */
  original: Matcher[];
}

function quote(item: Pick<Alternative, 'text' | 'prefix'>): string {
  return `"${item.text.replace(/"/g, '""')}"${item.prefix ? '*' : ''}`;
}

/** The text and prefix flag of a phrase written by {@link quote} (`"te""xt"*`). */
export function unquote(phrase: string): { text: string; prefix: boolean } {
  const prefix = phrase.endsWith('*');
  return { text: phrase.slice(1, prefix ? -2 : -1).replace(/""/g, '"'), prefix };
}

/** The FTS5 expression of one query position: its alternatives OR-ed. */
export function group(alternatives: readonly Alternative[]): string {
  const quoted = alternatives.map(quote);
  return quoted.length === 1 ? quoted[0]! : `(${quoted.join(' OR ')})`;
}

function either(parts: readonly string[]): string | null {
  return parts.length === 0 ? null : parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
}

/**
 * Builds the FTS5 expressions of a query: required groups are AND-ed; optional groups are
 * OR-ed and, beside required ones, kept as an always-true OR so that they still rank.
 */
export function buildMatchPlan(should: readonly Group[], must: readonly Group[], not: readonly Clause[]): MatchPlan {
  const shouldParts = should.map((item) => group(item.alternatives));
  const mustParts = must.map((item) => group(item.alternatives));
  let positive: string | null;
  if (mustParts.length > 0 && shouldParts.length > 0) positive = `${mustParts.join(' AND ')} AND ${either([...shouldParts, ...mustParts])}`;
  else if (mustParts.length > 0) positive = mustParts.join(' AND ');
  else positive = either(shouldParts);
  const quoted = (groups: readonly Group[]) => groups.flatMap((item) => item.alternatives.map(quote));
  const phrases = mustParts.length > 0 && shouldParts.length > 0 ? [...quoted(must), ...quoted(should), ...quoted(must)] : [...quoted(must), ...quoted(should)];
  const all = [...should, ...must].flatMap((item) => item.alternatives);
  const excluded = either(not.map(quote));
  return {
    match: positive,
    phrases,
    excluded,
    all: all.map((item) => matcherOf(item.text, item.prefix)),
    original: all.filter((item) => !item.synonym).map((item) => matcherOf(item.text, item.prefix)),
  };
}
