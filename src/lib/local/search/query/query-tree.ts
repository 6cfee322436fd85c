import { invalid } from '../core/errors.js';
import type { FieldConfig } from '../core/fields.js';
import { fieldClauseAt, type FieldClause } from './field-clauses.js';
import type { DocPredicate } from './filter.js';
import { parseQuery, type Clause } from './parse-query.js';
import { STOP_WORDS } from './stop-words.js';

/** A query's text conditions grouped as written: words and phrases, AND, OR, NOT and parentheses. */
export type TextNode = { op: 'leaf'; clause: Clause } | { op: 'not'; item: TextNode } | { op: 'and' | 'or'; items: TextNode[] };

/** Query text in Kendra's advanced query syntax, split into what the full-text index finds and what the fields filter. */
export interface AdvancedQuery {
  /** The text without its field conditions, parsed as plain query text, when it has no parentheses. */
  flatText: string | null;
  /** The text conditions as grouped, when it has parentheses (null when it has none left). */
  tree: TextNode | null;
  /** The documents its field conditions let through; null when it has none. */
  filter: DocPredicate | null;
  /**
   * The whole query as written, when text and field conditions are joined by OR or negated
   * together: the documents are what the Boolean expression lets through (see
   * `boolean-query.ts`), and `flatText`, `tree` and `filter` are null.
   */
  boolean: QueryNode | null;
}

type Token =
  | { kind: 'open' | 'close'; start: number; end: number }
  | { kind: 'op'; op: 'AND' | 'OR' | 'NOT'; start: number; end: number }
  | { kind: 'text'; start: number; end: number }
  | { kind: 'field'; clause: FieldClause; start: number; end: number };

/** A parsed query: its text conditions and its field conditions, grouped as written. */
export type QueryNode = TextNode | { op: 'field'; clause: FieldClause } | { op: 'not'; item: QueryNode } | { op: 'and' | 'or'; items: QueryNode[] };

const LEXEME = /\(|\)|[+-]?"[^"]*"?|[^\s()"]+/g;
const FIELD_START = /^[+-]?[A-Za-z_][\w.-]*:/;

function lex(text: string, fields: ReadonlyMap<string, FieldConfig>): Token[] {
  const tokens: Token[] = [];
  const pattern = new RegExp(LEXEME.source, 'g');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const [raw] = match;
    const start = match.index;
    const clause = FIELD_START.test(raw) ? fieldClauseAt(text, start, fields) : undefined;
    if (clause) {
      tokens.push({ kind: 'field', clause, start, end: clause.end });
      pattern.lastIndex = clause.end;
    } else if (raw === '(' || raw === ')') tokens.push({ kind: raw === '(' ? 'open' : 'close', start, end: start + 1 });
    else if (raw === 'AND' || raw === 'OR' || raw === 'NOT') tokens.push({ kind: 'op', op: raw, start, end: start + 3 - (raw === 'OR' ? 1 : 0) });
    else tokens.push({ kind: 'text', start, end: start + raw.length });
  }
  return tokens;
}

/** Whether a condition is one stop word (not a prefix). */
function isStopWord(node: TextNode): boolean {
  return node.op === 'leaf' && node.clause.kind === 'term' && !node.clause.prefix && STOP_WORDS.has(node.clause.text.toLowerCase());
}

const both = (predicates: DocPredicate[]): DocPredicate | null =>
  predicates.length === 0 ? null : predicates.length === 1 ? predicates[0]! : (doc) => predicates.every((predicate) => predicate(doc));
const either =
  (predicates: DocPredicate[]): DocPredicate =>
  (doc) =>
    predicates.some((predicate) => predicate(doc));
/** The documents a field condition lets through (`-name:value`: those it does not). */
export const fieldPredicate = (clause: FieldClause): DocPredicate => (clause.negated ? (doc) => !clause.predicate(doc) : clause.predicate);

/** A recursive-descent parser of the tokens of a query with parentheses: OR (or nothing) binds loosest, then AND, then NOT. */
class TreeParser {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
  ) {}

  parse(): QueryNode | null {
    const node = this.or();
    const extra = this.tokens[this.at];
    if (extra) throw invalid(`QueryText has a closing parenthesis without an opening one at character ${extra.start}.`);
    return node;
  }

  private isOp(op: 'AND' | 'OR' | 'NOT'): boolean {
    const token = this.tokens[this.at];
    return token?.kind === 'op' && token.op === op;
  }

  /**
   * Conditions joined by OR or written side by side. Side by side, field conditions filter
   * their neighbours (`sports location:"United States"`: sports AND in the United States), and
   * text conditions are alternatives, as in plain query text; OR joins its two sides.
   */
  private or(): QueryNode | null {
    const sides: QueryNode[][] = [[]];
    while (this.at < this.tokens.length && this.tokens[this.at]!.kind !== 'close') {
      if (this.isOp('OR')) {
        this.at++;
        sides.push([]);
        continue;
      }
      const item = this.and();
      if (item) sides[sides.length - 1]!.push(item);
    }
    const written = sides.filter((side) => side.length > 0);
    const filtering = (side: QueryNode[]) => side.length > 1 && side.some((item) => item.op === 'field');
    const items = written.some(filtering) ? written.map((side) => (filtering(side) ? filteredSide(side) : anyOf(side)!)) : written.flat();
    return anyOf(items);
  }

  private and(): QueryNode | null {
    const items: QueryNode[] = [];
    const first = this.not();
    if (first) items.push(first);
    while (this.isOp('AND')) {
      this.at++;
      const item = this.not();
      if (item) items.push(item);
    }
    return items.length <= 1 ? (items[0] ?? null) : { op: 'and', items };
  }

  private not(): QueryNode | null {
    let left = this.unary();
    while (this.isOp('NOT')) {
      this.at++;
      const right = this.unary();
      if (!right) continue;
      const negated: QueryNode = { op: 'not', item: right };
      left = left ? { op: 'and', items: [left, negated] } : negated;
    }
    return left;
  }

  private unary(): QueryNode | null {
    const token = this.tokens[this.at];
    if (!token || token.kind === 'close') return null;
    this.at++;
    if (token.kind === 'op') {
      if (token.op !== 'NOT') return this.unary();
      const item = this.unary();
      return item ? { op: 'not', item } : null;
    }
    if (token.kind === 'open') {
      const inner = this.or();
      if (this.tokens[this.at]?.kind !== 'close') throw invalid(`QueryText has an opening parenthesis without a closing one at character ${token.start}.`);
      this.at++;
      return inner;
    }
    if (token.kind === 'field') return { op: 'field', clause: token.clause };
    return this.leaves(this.text.slice(token.start, token.end));
  }

  /** The words or phrase of one token of text (`-word` excluded, `+word` as `word`). */
  private leaves(raw: string): QueryNode | null {
    const parsed = parseQuery(raw);
    const leaves: TextNode[] = [...parsed.should, ...parsed.must].map((clause) => ({ op: 'leaf', clause }));
    const excluded: TextNode[] = parsed.not.map((clause) => ({ op: 'not', item: { op: 'leaf', clause } }));
    const all = [...leaves, ...excluded];
    return all.length <= 1 ? (all[0] ?? null) : { op: 'or', items: all };
  }
}

/** Conditions as alternatives (OR): one alone as itself, none as null. */
function anyOf(items: QueryNode[]): QueryNode | null {
  return items.length <= 1 ? (items[0] ?? null) : { op: 'or', items };
}

/** Conditions written side by side with field conditions among them: the fields AND the rest as alternatives. */
function filteredSide(side: QueryNode[]): QueryNode {
  const fields = side.filter((item) => item.op === 'field');
  const rest = anyOf(side.filter((item) => item.op !== 'field'));
  return { op: 'and', items: rest ? [...fields, rest] : fields };
}

/** A tree's text conditions and the field conditions that filter them, when the two can be told apart. */
interface Separated {
  text: TextNode | null;
  filter: DocPredicate | null;
}

/**
 * The text conditions and the field filter of a parsed tree, when its field conditions only
 * filter what its text finds (AND, or fields alone); null when text and field conditions are
 * joined by OR or negated together, which only the whole Boolean expression can answer.
 */
function separate(node: QueryNode): Separated | null {
  switch (node.op) {
    case 'field':
      return { text: null, filter: fieldPredicate(node.clause) };
    case 'leaf':
      return { text: node, filter: null };
    case 'not': {
      const inner = separate(node.item);
      if (!inner || (inner.text && inner.filter)) return null;
      const filter = inner.filter;
      return inner.text ? { text: { op: 'not', item: inner.text }, filter: null } : { text: null, filter: filter ? (doc) => !filter(doc) : null };
    }
    default: {
      const parts: Separated[] = [];
      for (const item of node.items) {
        const part = separate(item);
        if (!part) return null;
        parts.push(part);
      }
      const texts = parts.flatMap((part) => (part.text ? [part.text] : []));
      if (node.op === 'or' && texts.length === 0) return { text: null, filter: either(parts.map((part) => part.filter!)) };
      if (node.op === 'or' && parts.some((part) => part.filter)) return null;
      const filter = both(parts.flatMap((part) => (part.filter ? [part.filter] : [])));
      // as in plain query text, optional stop words are dropped unless nothing else is left
      const kept = node.op === 'or' ? texts.filter((item) => !isStopWord(item)) : texts;
      const items = kept.length > 0 ? kept : texts;
      const text = items.length === 0 ? null : items.length === 1 ? items[0]! : { op: node.op, items };
      return { text, filter };
    }
  }
}

/** Whether a tree holds a field condition. */
export function hasField(node: QueryNode): boolean {
  if (node.op === 'field') return true;
  if (node.op === 'leaf') return false;
  return node.op === 'not' ? hasField(node.item) : node.items.some(hasField);
}

/** The text conditions of a tree without field conditions, as the full-text index runs them (optional stop words dropped). */
export function textOf(node: QueryNode): TextNode | null {
  return separate(node)?.text ?? null;
}

/**
 * Parses query text in Kendra's advanced query syntax: field conditions on the index's fields
 * (see `field-clauses.ts`), Boolean operators, and parentheses that group them. Without
 * parentheses or an OR beside field conditions, the text without its field conditions is left
 * to `parseQuery` as before (a NOT or `-` before a field condition negates it). Throws a
 * `ValidationException` for an unmatched parenthesis or a value a field cannot hold.
 */
export function parseAdvancedQuery(text: string, fields: ReadonlyMap<string, FieldConfig>): AdvancedQuery {
  const tokens = lex(text, fields);
  const grouped = tokens.some((token) => token.kind === 'open' || token.kind === 'close');
  const fieldOr = tokens.some((token) => token.kind === 'field') && tokens.some((token) => token.kind === 'op' && token.op === 'OR');
  if (!grouped && !fieldOr) {
    const kept: string[] = [];
    const filters: DocPredicate[] = [];
    tokens.forEach((token, position) => {
      const next = tokens[position + 1];
      if (token.kind === 'op' && token.op === 'NOT' && next?.kind === 'field') return;
      if (token.kind !== 'field') {
        kept.push(text.slice(token.start, token.end));
        return;
      }
      const before = tokens[position - 1];
      const negated = before?.kind === 'op' && before.op === 'NOT';
      const predicate = fieldPredicate(token.clause);
      filters.push(negated ? (doc) => !predicate(doc) : predicate);
    });
    return { flatText: kept.join(' '), tree: null, filter: both(filters), boolean: null };
  }
  const root = new TreeParser(text, tokens).parse();
  const separated = root ? separate(root) : { text: null, filter: null };
  return separated
    ? { flatText: null, tree: separated.text, filter: separated.filter, boolean: null }
    : { flatText: null, tree: null, filter: null, boolean: root };
}
