import type { AttributeFilter, DocumentAttributeInput } from '../../../services/search/types.js';
import { fromWireValue, type AttrValue } from '../core/attributes.js';
import { invalid } from '../core/errors.js';
import type { FieldConfig } from '../core/fields.js';
import type { CachedDoc } from './doc-cache.js';
import { docValue } from './doc-values.js';
import { principalFilter, type PrincipalFilters } from './principal-filter.js';

/** A compiled attribute filter. */
export type DocPredicate = (doc: CachedDoc) => boolean;

const OPERATORS = [
  'AndAllFilters',
  'OrAllFilters',
  'NotFilter',
  'EqualsTo',
  'ContainsAll',
  'ContainsAny',
  'GreaterThan',
  'GreaterThanOrEquals',
  'LessThan',
  'LessThanOrEquals',
] as const;

const COMPARISONS: Record<string, (order: number) => boolean> = {
  GreaterThan: (order) => order > 0,
  GreaterThanOrEquals: (order) => order >= 0,
  LessThan: (order) => order < 0,
  LessThanOrEquals: (order) => order <= 0,
};

function operand(
  attribute: DocumentAttributeInput,
  fields: ReadonlyMap<string, FieldConfig>,
  operator: string,
): { key: string; value: AttrValue; field: FieldConfig } {
  const key = String(attribute.Key);
  const field = fields.get(key);
  if (!field) throw invalid(`The filter ${operator} names ${key}, which is not a field of the index.`);
  let value: AttrValue;
  try {
    value = fromWireValue(attribute.Value, key);
  } catch (error) {
    throw invalid(`The filter ${operator}: ${(error as Error).message}.`);
  }
  return { key, value, field };
}

function compare(a: AttrValue, b: AttrValue): number {
  if (typeof a.v === 'number' && typeof b.v === 'number') return a.v - b.v;
  return String(a.v) < String(b.v) ? -1 : String(a.v) > String(b.v) ? 1 : 0;
}

function listOf(value: AttrValue | undefined): string[] | undefined {
  if (!value) return undefined;
  if (value.t === 'STRING_LIST_VALUE') return value.v;
  if (value.t === 'STRING_VALUE') return [value.v];
  return undefined;
}

/**
 * Compiles a Query `AttributeFilter` (And/Or/Not; EqualsTo; ContainsAll/ContainsAny over
 * string lists; GreaterThan(OrEquals)/LessThan(OrEquals) over longs and dates) against the
 * index's fields. A filter that names an unknown field, compares values of the wrong type, or
 * sets other than exactly one operator is a `ValidationException`. A document without the
 * field matches no comparison. `_user_id` and `_group_ids` filter on documents' access
 * control through `principals` (see `principalFilter`).
 */
export function compileFilter(filter: AttributeFilter, fields: ReadonlyMap<string, FieldConfig>, principals: PrincipalFilters): DocPredicate {
  const set = OPERATORS.filter((name) => filter[name] !== undefined && filter[name] !== null);
  if (set.length !== 1) throw invalid(`An AttributeFilter sets exactly one operator; this one sets ${set.length === 0 ? 'none' : set.join(', ')}.`);
  const operator = set[0]!;
  const onPrincipals = principalFilter(operator, filter, principals);
  if (onPrincipals) return onPrincipals;
  switch (operator) {
    case 'AndAllFilters':
    case 'OrAllFilters': {
      const parts = filter[operator]!.map((part) => compileFilter(part, fields, principals));
      return operator === 'AndAllFilters' ? (doc) => parts.every((part) => part(doc)) : (doc) => parts.some((part) => part(doc));
    }
    case 'NotFilter': {
      const inner = compileFilter(filter.NotFilter!, fields, principals);
      return (doc) => !inner(doc);
    }
    case 'EqualsTo': {
      const { key, value, field } = operand(filter.EqualsTo!, fields, operator);
      if (value.t !== field.Type) throw invalid(`EqualsTo compares ${key} (${field.Type}) with a ${value.t}.`);
      if (value.t === 'STRING_LIST_VALUE') {
        const wanted = [...value.v].sort().join('\u0000');
        return (doc) => {
          const list = listOf(docValue(doc, key));
          return list !== undefined && [...list].sort().join('\u0000') === wanted;
        };
      }
      return (doc) => {
        const actual = docValue(doc, key);
        return actual !== undefined && compare(actual, value) === 0;
      };
    }
    case 'ContainsAll':
    case 'ContainsAny': {
      const { key, value, field } = operand(filter[operator]!, fields, operator);
      if (value.t !== 'STRING_LIST_VALUE') throw invalid(`${operator} takes a StringListValue.`);
      if (field.Type !== 'STRING_LIST_VALUE' && field.Type !== 'STRING_VALUE') {
        throw invalid(`${operator} applies to string and string list fields; ${key} is ${field.Type}.`);
      }
      const wanted = value.v;
      return (doc) => {
        const list = listOf(docValue(doc, key));
        if (!list) return false;
        return operator === 'ContainsAll' ? wanted.every((item) => list.includes(item)) : wanted.some((item) => list.includes(item));
      };
    }
    default: {
      const { key, value, field } = operand(filter[operator]!, fields, operator);
      if (field.Type !== 'LONG_VALUE' && field.Type !== 'DATE_VALUE') {
        throw invalid(`${operator} applies to long and date fields; ${key} is ${field.Type}.`);
      }
      if (value.t !== field.Type) throw invalid(`${operator} compares ${key} (${field.Type}) with a ${value.t}.`);
      const test = COMPARISONS[operator]!;
      return (doc) => {
        const actual = docValue(doc, key);
        return actual !== undefined && actual.t === value.t && test(compare(actual, value));
      };
    }
  }
}
