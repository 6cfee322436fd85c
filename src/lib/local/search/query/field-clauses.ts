import { invalid } from '../core/errors.js';
import type { FieldConfig } from '../core/fields.js';
import { tokenize } from './analyzer.js';
import type { CachedDoc } from './doc-cache.js';
import { docValue } from './doc-values.js';
import type { DocPredicate } from './filter.js';
import { MIN_WILDCARD_PREFIX } from './parse-query.js';

/**
 * A field condition of a query in Kendra's advanced query syntax: `department:finance`,
 * `title:"annual report"`, `_view_count:>10`, `_created_at:[2020-01-01 TO 2020-12-31]`.
 */
export interface FieldClause {
  /** Where it is in the query text. */
  start: number;
  end: number;
  /** Written `-name:value`: the documents that do not meet it. */
  negated: boolean;
  /** Which documents meet it. */
  predicate: DocPredicate;
}

/** A field condition at a position: sign, field name, then a quoted value, a range, or a comparison and a value. */
const FIELD_AT = /([+-]?)([A-Za-z_][\w.-]*):(?:"([^"]*)"|([[{])\s*([^\s\]}]+)\s+TO\s+([^\s\]}]+)\s*([\]}])|(>=|<=|>|<)?([^\s()"]+))/y;
const DAY_MS = 24 * 3600 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

type Comparison = '>' | '>=' | '<' | '<=';

/** A bound of a date or number condition: the values from `start` (inclusive) to `end` (exclusive) are "equal" to it. */
interface Bound {
  start: number;
  end: number;
}

function numberBound(field: FieldConfig, raw: string): Bound {
  if (!/^-?\d+$/.test(raw)) throw invalid(`The field ${field.Name} holds numbers; "${raw}" in QueryText is not a whole number.`);
  return { start: Number(raw), end: Number(raw) + 1 };
}

/** A date in a query: a day (`2020-01-01`, the whole day in UTC) or an ISO 8601 date and time. */
function dateBound(field: FieldConfig, raw: string): Bound {
  const ms = Date.parse(DATE_ONLY.test(raw) ? `${raw}T00:00:00Z` : raw);
  if (Number.isNaN(ms)) throw invalid(`The field ${field.Name} holds dates; "${raw}" in QueryText is not an ISO 8601 date.`);
  return { start: ms, end: DATE_ONLY.test(raw) ? ms + DAY_MS : ms + 1 };
}

/** The condition on a date or number field's value. */
function orderedPredicate(field: FieldConfig, test: (value: number) => boolean): DocPredicate {
  return (doc: CachedDoc) => {
    const value = docValue(doc, field.Name);
    return typeof value?.v === 'number' && test(value.v);
  };
}

function comparison(field: FieldConfig, op: Comparison | undefined, raw: string): DocPredicate {
  const bound = field.Type === 'DATE_VALUE' ? dateBound(field, raw) : numberBound(field, raw);
  switch (op) {
    case '>':
      return orderedPredicate(field, (value) => value >= bound.end);
    case '>=':
      return orderedPredicate(field, (value) => value >= bound.start);
    case '<':
      return orderedPredicate(field, (value) => value < bound.start);
    case '<=':
      return orderedPredicate(field, (value) => value < bound.end);
    default:
      return orderedPredicate(field, (value) => value >= bound.start && value < bound.end);
  }
}

function range(field: FieldConfig, open: string, low: string, high: string, close: string): DocPredicate {
  const bound = (raw: string) => (raw === '*' ? null : field.Type === 'DATE_VALUE' ? dateBound(field, raw) : numberBound(field, raw));
  const [from, to] = [bound(low), bound(high)];
  const min = from === null ? -Infinity : open === '[' ? from.start : from.end;
  const max = to === null ? Infinity : close === ']' ? to.end : to.start;
  return orderedPredicate(field, (value) => value >= min && value < max);
}

/** The condition on a string or string list field: its words hold the value's words in a row (the last one maybe a prefix). */
function textPredicate(field: FieldConfig, value: string, wildcard: boolean): DocPredicate {
  const wanted = tokenize(value).map((token) => token.term);
  if (wanted.length === 0) return () => false;
  const prefix = wildcard && [...value].length >= MIN_WILDCARD_PREFIX;
  const holds = (text: string) => {
    const terms = tokenize(text).map((token) => token.term);
    for (let i = 0; i + wanted.length <= terms.length; i++) {
      let hit = true;
      for (let k = 0; k < wanted.length && hit; k++) {
        hit = prefix && k === wanted.length - 1 ? terms[i + k]!.startsWith(wanted[k]!) : terms[i + k] === wanted[k];
      }
      if (hit) return true;
    }
    return false;
  };
  return (doc: CachedDoc) => {
    const stored = docValue(doc, field.Name);
    if (stored?.t === 'STRING_VALUE') return holds(stored.v);
    return stored?.t === 'STRING_LIST_VALUE' && stored.v.some(holds);
  };
}

/**
 * The field condition written at `at` in `text`, if one is there and names a field of the index
 * (`unknown:value` is text); throws a `ValidationException` for a value the field's type cannot
 * hold, or a range on a string field.
 */
export function fieldClauseAt(text: string, at: number, fields: ReadonlyMap<string, FieldConfig>): FieldClause | undefined {
  FIELD_AT.lastIndex = at;
  const match = FIELD_AT.exec(text);
  if (!match) return undefined;
  const [whole, sign, name, quoted, open, low, high, close, op, bare] = match;
  const field = fields.get(name!);
  if (!field) return undefined;
  const ordered = field.Type === 'DATE_VALUE' || field.Type === 'LONG_VALUE';
  let predicate: DocPredicate;
  if (open !== undefined) {
    if (!ordered) throw invalid(`The range ${whole} names ${name}, a string field; ranges apply to date and number fields.`);
    predicate = range(field, open, low!, high!, close!);
  } else if (ordered) {
    predicate = comparison(field, op as Comparison | undefined, quoted ?? bare!);
  } else if (op !== undefined) {
    throw invalid(`The condition ${whole} compares ${name}, a string field; ranges apply to date and number fields.`);
  } else {
    const value = quoted ?? bare!;
    const wildcard = quoted === undefined && value.endsWith('*');
    predicate = textPredicate(field, wildcard ? value.slice(0, -1) : value, wildcard);
  }
  return { start: at, end: at + whole!.length, negated: sign === '-', predicate };
}
