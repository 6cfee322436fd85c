import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';
import type { DocPredicate } from './filter.js';
import { buildTreePlan, type MatchPlan } from './fts-expression.js';
import type { Clause } from './parse-query.js';
import { fieldPredicate, hasField, textOf, type QueryNode, type TextNode } from './query-tree.js';
import type { Group } from './synonyms.js';

/**
 * A query whose text and field conditions are joined by OR or negated together
 * (`laptops OR department:IT`): which rows the whole Boolean expression lets through, and the
 * text that ranks them.
 */
export interface BooleanQuery {
  /** Ranks the documents its text finds and says what to highlight: the text conditions not under a NOT, as alternatives. */
  plan: MatchPlan;
  /** The groups of those text conditions (with synonyms and stems). */
  groups: Group[];
  /**
   * The rows of an FTS table (the index's documents or its FAQs, by rowid) that the expression
   * lets through: each text part is looked up once in `table`, each field condition tested on
   * the row's attributes. Call it inside the read transaction.
   */
  over(db: Database.Database, table: string): DocPredicate;
}

/** The largest parts of a tree without field conditions, and the field conditions, as the tree combines them. */
type Compiled =
  { op: 'text'; text: TextNode | null } | { op: 'field'; predicate: DocPredicate } | { op: 'not'; item: Compiled } | { op: 'and' | 'or'; items: Compiled[] };

function compile(node: QueryNode): Compiled {
  if (!hasField(node)) return { op: 'text', text: textOf(node) };
  switch (node.op) {
    case 'field':
      return { op: 'field', predicate: fieldPredicate(node.clause) };
    case 'not':
      return { op: 'not', item: compile(node.item) };
    case 'leaf':
      return { op: 'text', text: node };
    default:
      return { op: node.op, items: node.items.map(compile) };
  }
}

/** The text parts not under a NOT: what finds and ranks documents by their words. */
function positiveTexts(node: Compiled): TextNode[] {
  if (node.op === 'text') return node.text ? [node.text] : [];
  if (node.op === 'and' || node.op === 'or') return node.items.flatMap(positiveTexts);
  return [];
}

/**
 * Plans a query in which text and field conditions are joined by OR or negated together, as
 * Kendra's advanced query syntax reads it: a Boolean expression over the documents, each word
 * or phrase true of the documents the full-text index finds for it (`groupOf`: with its
 * synonyms and stems), each field condition of those whose attribute meets it.
 */
export function booleanQuery(root: QueryNode, groupOf: (clause: Clause) => Group): BooleanQuery {
  const compiled = compile(root);
  const texts = positiveTexts(compiled);
  const ranking = texts.length === 0 ? null : buildTreePlan(texts.length === 1 ? texts[0]! : { op: 'or', items: texts }, groupOf);
  const plan: MatchPlan = ranking ? { ...ranking.plan, excluded: null } : { match: null, phrases: [], excluded: null, all: [], original: [] };
  return {
    plan,
    groups: ranking?.groups ?? [],
    over(db, table) {
      const rows = sql(db, `SELECT rowid FROM ${table} WHERE ${table} MATCH ?`).pluck();
      const lookedUp = new Map<string, Set<number>>();
      const holding = (expression: string) => {
        let found = lookedUp.get(expression);
        if (!found) lookedUp.set(expression, (found = new Set(rows.all(expression) as number[])));
        return found;
      };
      const predicate = (node: Compiled): DocPredicate => {
        switch (node.op) {
          case 'text': {
            const text = node.text && buildTreePlan(node.text, groupOf).plan;
            if (text?.match) {
              const found = holding(text.match);
              return (doc) => found.has(doc.rowid);
            }
            if (text?.excluded) {
              const found = holding(text.excluded);
              return (doc) => !found.has(doc.rowid);
            }
            return () => false;
          }
          case 'field':
            return node.predicate;
          case 'not': {
            const inner = predicate(node.item);
            return (doc) => !inner(doc);
          }
          default: {
            const parts = node.items.map(predicate);
            return node.op === 'and' ? (doc) => parts.every((part) => part(doc)) : (doc) => parts.some((part) => part(doc));
          }
        }
      };
      return predicate(compiled);
    },
  };
}
