import type Database from 'better-sqlite3';
import { activeSynonymRules } from './active-rules.js';
import { buildMatchPlan, type MatchPlan } from './fts-expression.js';
import { parseQuery, type ParsedQuery } from './parse-query.js';
import { STOP_WORDS } from './stop-words.js';
import { truncatedQueryText } from './query-text.js';
import { withLanguageStems, type Stemmer } from './language-analysis.js';
import { expandSynonyms, type Group } from './synonyms.js';

/** Query text made ready to run: its groups (with synonyms), its FTS5 plan and the expression that ranks. */
export interface MatchQuery {
  should: Group[];
  must: Group[];
  plan: MatchPlan;
  /** The FTS5 expression of the documents the query finds; null when it has no positive clause. */
  expression: string | null;
}

function withoutStopWords(parsed: ParsedQuery): ParsedQuery {
  const kept = parsed.should.filter((clause) => clause.kind !== 'term' || clause.prefix || !STOP_WORDS.has(clause.text.toLowerCase()));
  return kept.length > 0 || parsed.must.length > 0 ? { ...parsed, should: kept } : parsed;
}

/**
 * Parses query text for an index, cut at its 30th token word: optional stop words dropped (unless nothing else is left),
 * the index's active thesaurus rules applied, each word's stem in the query's language added
 * when that language has a `stemmer`, and the FTS5 expressions built.
 */
export function matchQuery(db: Database.Database, indexRowid: number, text: string, nowMs: number, stemmer?: Stemmer): MatchQuery {
  const parsed = withoutStopWords(parseQuery(truncatedQueryText(text)));
  const rules = activeSynonymRules(db, indexRowid, nowMs);
  const inLanguage = (groups: Group[]) => (stemmer ? withLanguageStems(groups, stemmer) : groups);
  const should = inLanguage(expandSynonyms(parsed.should, rules));
  const must = inLanguage(expandSynonyms(parsed.must, rules));
  const plan = buildMatchPlan(should, must, parsed.not);
  const expression = plan.match && plan.excluded ? `(${plan.match}) NOT ${plan.excluded}` : plan.match;
  return { should, must, plan, expression };
}
