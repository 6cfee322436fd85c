import type Database from 'better-sqlite3';
import { activeSynonymRules } from './active-rules.js';
import { booleanQuery, type BooleanQuery } from './boolean-query.js';
import type { FieldConfig } from '../core/fields.js';
import type { DocPredicate } from './filter.js';
import { buildMatchPlan, buildTreePlan, type MatchPlan } from './fts-expression.js';
import { parseAdvancedQuery } from './query-tree.js';
import { parseQuery, type Clause, type ParsedQuery } from './parse-query.js';
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
  /** The documents the query's field conditions let through; null when it has none. */
  filter: DocPredicate | null;
  /**
   * When text and field conditions are joined by OR or negated together: the rows the whole
   * Boolean expression lets through (see `booleanQuery`). `expression` then only ranks the
   * documents its text finds, among others that field conditions alone let through.
   */
  boolean: BooleanQuery['over'] | null;
}

function withoutStopWords(parsed: ParsedQuery): ParsedQuery {
  const kept = parsed.should.filter((clause) => clause.kind !== 'term' || clause.prefix || !STOP_WORDS.has(clause.text.toLowerCase()));
  return kept.length > 0 || parsed.must.length > 0 ? { ...parsed, should: kept } : parsed;
}

/**
 * Parses query text for an index, cut at its 30th token word: optional stop words dropped (unless nothing else is left),
 * the index's active thesaurus rules applied, each word's stem in the query's language added
 * when that language has a `stemmer`, and the FTS5 expressions built. With the index's `fields`
 * (Query, not Retrieve, which does not support it), Kendra's advanced query syntax applies:
 * field conditions filter, parentheses group the Boolean operators (see `query-tree.ts`), and
 * text and field conditions joined by OR make a Boolean expression (see `boolean-query.ts`).
 */
export function matchQuery(
  db: Database.Database,
  indexRowid: number,
  text: string,
  nowMs: number,
  stemmer?: Stemmer,
  fields?: ReadonlyMap<string, FieldConfig>,
): MatchQuery {
  const truncated = truncatedQueryText(text);
  const advanced = fields ? parseAdvancedQuery(truncated, fields) : null;
  const filter = advanced?.filter ?? null;
  const rules = activeSynonymRules(db, indexRowid, nowMs);
  const inLanguage = (groups: Group[]) => (stemmer ? withLanguageStems(groups, stemmer) : groups);
  const groupOf = (clause: Clause) => inLanguage(expandSynonyms([clause], rules))[0]!;
  if (advanced?.boolean) {
    const { plan, groups, over } = booleanQuery(advanced.boolean, groupOf);
    return { should: groups, must: [], plan, expression: plan.match, filter: null, boolean: over };
  }
  if (advanced?.tree) {
    const { plan, groups } = buildTreePlan(advanced.tree, groupOf);
    return { should: groups, must: [], plan, expression: plan.match, filter, boolean: null };
  }
  const parsed = withoutStopWords(parseQuery(advanced ? (advanced.flatText ?? '') : truncated));
  const should = inLanguage(expandSynonyms(parsed.should, rules));
  const must = inLanguage(expandSynonyms(parsed.must, rules));
  const plan = buildMatchPlan(should, must, parsed.not);
  const expression = plan.match && plan.excluded ? `(${plan.match}) NOT ${plan.excluded}` : plan.match;
  return { should, must, plan, expression, filter, boolean: null };
}
