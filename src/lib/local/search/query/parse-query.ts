import { hasCjk, splitWord } from './word-segments.js';

/** One piece of a query: a word (maybe a prefix, `data*`) or a quoted phrase. */
export interface Clause {
  kind: 'term' | 'phrase';
  text: string;
  prefix?: boolean;
}

/** A query split by role: optional terms rank, required ones must match, excluded ones must not. */
export interface ParsedQuery {
  should: Clause[];
  must: Clause[];
  not: Clause[];
}

/** The fewest characters before a trailing wildcard: Kendra searches `pr*` as `pr`. */
export const MIN_WILDCARD_PREFIX = 3;

/** The words of `text` as the tokenizer sees them (Unicode letters and digits; Chinese, Japanese and Korean split into words). */
export function words(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((word) => splitWord(word).map(([start, end]) => word.slice(start, end)));
}

/**
 * Parses query text: words are optional and ranked by BM25; `"quoted phrases"` and `+word`
 * are required; `AND` makes its neighbours required; `NOT word` and `-word` exclude; `OR`
 * is the default; `word*` matches words starting with `word` (of 3 characters or more, as Kendra's wildcards).
 */
export function parseQuery(text: string): ParsedQuery {
  const parsed: ParsedQuery = { should: [], must: [], not: [] };
  const tokens: Array<{ clause: Clause; mode: 'should' | 'must' | 'not' } | 'AND' | 'OR' | 'NOT'> = [];
  const pattern = /([+-]?)"([^"]*)"?|(\S+)/g;
  let pendingNot = false;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const [, sign, phrase, bare] = match;
    if (bare === 'AND' || bare === 'OR') {
      tokens.push(bare);
      continue;
    }
    if (bare === 'NOT') {
      pendingNot = true;
      continue;
    }
    let mode: 'should' | 'must' | 'not' = 'should';
    let clause: Clause | undefined;
    if (phrase !== undefined) {
      if (words(phrase).length > 0) clause = { kind: 'phrase', text: phrase };
      mode = sign === '-' ? 'not' : 'must';
    } else {
      let raw = bare!;
      if (raw.startsWith('+') || raw.startsWith('-')) {
        mode = raw[0] === '-' ? 'not' : 'must';
        raw = raw.slice(1);
      }
      const found = words(raw);
      const prefix = raw.endsWith('*') && found.length === 1 && [...found[0]!].length >= MIN_WILDCARD_PREFIX;
      if (found.length === 1) clause = { kind: 'term', text: found[0]!, ...(prefix ? { prefix } : {}) };
      else if (found.length > 1) clause = { kind: 'phrase', text: found.join(' ') };
    }
    if (pendingNot) mode = 'not';
    pendingNot = false;
    // a Chinese, Japanese or Korean run is a sentence more often than a phrase: its words rank apart
    if (clause?.kind === 'phrase' && phrase === undefined && hasCjk(clause.text)) {
      for (const word of words(clause.text)) tokens.push({ clause: { kind: 'term', text: word }, mode });
    } else if (clause) tokens.push({ clause, mode });
  }
  tokens.forEach((token, position) => {
    if (typeof token === 'string') return;
    const before = tokens[position - 1];
    const after = tokens[position + 1];
    const joined = before === 'AND' || after === 'AND';
    const mode = token.mode === 'should' && joined ? 'must' : token.mode;
    parsed[mode].push(token.clause);
  });
  return parsed;
}
