import { matcherOf, type Matcher } from './analyzer.js';
import type { Clause } from './parse-query.js';
import type { Alternative, Group } from './synonyms.js';
import type { TextNode } from './query-tree.js';
import { segmentCjk } from './word-segments.js';

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

/** An alternative as an FTS5 string (its CJK words apart, as they are stored), maybe a prefix. */
function quote(item: Pick<Alternative, 'text' | 'prefix'>): string {
  return `"${segmentCjk(item.text).replace(/"/g, '""')}"${item.prefix ? '*' : ''}`;
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

/** A plan's part: the expression of what it finds (null when it only excludes) and what it excludes. */
interface TreePart {
  pos: string | null;
  neg: string[];
}

function closed(part: TreePart): string | null {
  return part.pos === null ? null : part.neg.reduce((expression, excluded) => `(${expression} NOT ${excluded})`, part.pos);
}

/**
 * Builds the FTS5 expressions of a query's text conditions grouped with parentheses (see
 * `query-tree.ts`): AND, OR and NOT as written, each word or phrase with its alternatives
 * (`groupOf`). A negated condition beside others excludes from all of them. Returns the plan
 * and the groups of the conditions that are not negated (what to highlight).
 */
export function buildTreePlan(tree: TextNode, groupOf: (clause: Clause) => Group): { plan: MatchPlan; groups: Group[] } {
  const groups: Group[] = [];
  const build = (node: TextNode, negated: boolean): TreePart => {
    if (node.op === 'leaf') {
      const found = groupOf(node.clause);
      if (!negated) groups.push(found);
      return { pos: group(found.alternatives), neg: [] };
    }
    if (node.op === 'not') {
      const inner = closed(build(node.item, !negated));
      return { pos: null, neg: inner ? [inner] : [] };
    }
    const parts = node.items.map((item) => build(item, negated));
    const positives = parts.flatMap((part) => {
      const expression = closed(part);
      return expression ? [expression] : [];
    });
    const neg = parts.filter((part) => part.pos === null).flatMap((part) => part.neg);
    const pos = positives.length === 0 ? null : positives.length === 1 ? positives[0]! : `(${positives.join(node.op === 'and' ? ' AND ' : ' OR ')})`;
    return { pos, neg };
  };
  const top = build(tree, false);
  const match = closed(top);
  const all = groups.flatMap((item) => item.alternatives);
  return {
    plan: {
      match,
      phrases: match?.match(/"(?:[^"]|"")*"\*?/g) ?? [],
      excluded: match === null ? either(top.neg) : null,
      all: all.map((item) => matcherOf(item.text, item.prefix)),
      original: all.filter((item) => !item.synonym).map((item) => matcherOf(item.text, item.prefix)),
    },
    groups,
  };
}
