import type { SynonymRule } from '../core/synonym-rules.js';
import { words, type Clause } from './parse-query.js';

/** One way a query position can match: the text searched and whether a thesaurus supplied it. */
export interface Alternative {
  kind: 'term' | 'phrase';
  text: string;
  prefix?: boolean;
  synonym: boolean;
}

/** A query position and its alternatives (the original, then synonyms). */
export interface Group {
  alternatives: Alternative[];
}

function alternative(text: string, synonym: boolean): Alternative {
  return { kind: words(text).length > 1 ? 'phrase' : 'term', text, synonym };
}

/**
 * Expands clauses with thesaurus rules. Consecutive words (or a phrase) equal to a rule's
 * left side become one group: for an equivalence, every term of the rule; for a mapping, its
 * right side. Clauses no rule matches stay as they are.
 */
export function expandSynonyms(clauses: readonly Clause[], rules: readonly SynonymRule[]): Group[] {
  const groups: Group[] = [];
  const byFirstWord = new Map<string, Array<{ rule: SynonymRule; from: string[] }>>();
  for (const rule of rules) {
    for (const from of rule.from) {
      const parts = from.split(' ');
      const list = byFirstWord.get(parts[0]!) ?? [];
      list.push({ rule, from: parts });
      byFirstWord.set(parts[0]!, list);
    }
  }
  for (let position = 0; position < clauses.length;) {
    const clause = clauses[position]!;
    const key = clause.text.toLowerCase().replace(/\s+/g, ' ');
    let matched: { rule: SynonymRule; length: number; text: string } | undefined;
    if (!clause.prefix) {
      for (const candidate of byFirstWord.get(key.split(' ')[0]!) ?? []) {
        if (clause.kind === 'phrase') {
          if (candidate.from.join(' ') === key) matched = { rule: candidate.rule, length: 1, text: key };
          continue;
        }
        const span = clauses.slice(position, position + candidate.from.length);
        const fits =
          span.length === candidate.from.length &&
          span.every((item, offset) => item.kind === 'term' && !item.prefix && item.text.toLowerCase() === candidate.from[offset]);
        if (fits && candidate.from.length > (matched?.length ?? 0)) {
          matched = { rule: candidate.rule, length: candidate.from.length, text: candidate.from.join(' ') };
        }
      }
    }
    if (!matched) {
      groups.push({ alternatives: [{ ...clause, synonym: false }] });
      position += 1;
      continue;
    }
    const seen = new Set<string>();
    const alternatives: Alternative[] = [];
    const add = (text: string, synonym: boolean) => {
      if (seen.has(text)) return;
      seen.add(text);
      alternatives.push(alternative(text, synonym));
    };
    if (matched.rule.equivalent) add(matched.text, false);
    for (const term of matched.rule.to) add(term, term !== matched.text);
    groups.push({ alternatives });
    position += matched.length;
  }
  return groups;
}
