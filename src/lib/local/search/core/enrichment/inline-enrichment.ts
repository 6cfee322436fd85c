import type { DocumentAttributeCondition, InlineCustomDocumentEnrichmentConfiguration } from '../../../../services/search/types.js';
import { fromWireValue, type AttrMap, type AttrValue } from '../attributes.js';

/** A document's attributes after the inline configurations, and whether its content is to go. */
export interface InlineOutcome {
  attrs: AttrMap;
  deleteContent: boolean;
}

function compare(left: AttrValue, right: AttrValue): number | undefined {
  if (left.t === 'LONG_VALUE' && right.t === 'LONG_VALUE') return left.v - right.v;
  if (left.t === 'DATE_VALUE' && right.t === 'DATE_VALUE') return left.v - right.v;
  if (left.t === 'STRING_VALUE' && right.t === 'STRING_VALUE') return left.v < right.v ? -1 : left.v > right.v ? 1 : 0;
  return undefined;
}

function equals(left: AttrValue, right: AttrValue): boolean {
  if (left.t === 'STRING_LIST_VALUE' && right.t === 'STRING_LIST_VALUE') {
    return left.v.length === right.v.length && left.v.every((item, at) => item === right.v[at]);
  }
  if (left.t === 'STRING_LIST_VALUE' && right.t === 'STRING_VALUE') return left.v.includes(right.v);
  return compare(left, right) === 0;
}

function contains(left: AttrValue, right: AttrValue): boolean {
  if (right.t !== 'STRING_VALUE') return equals(left, right);
  if (left.t === 'STRING_VALUE') return left.v.includes(right.v);
  if (left.t === 'STRING_LIST_VALUE') return left.v.some((item) => item.includes(right.v));
  return false;
}

/**
 * Whether a document's attributes meet a `DocumentAttributeCondition`: `Exists` and `NotExists`
 * look at the key alone; the others compare its value with `ConditionOnValue` (strings in code
 * point order, numbers and dates by value; `Contains`, `NotContains` and `BeginsWith` on the text
 * of a string, or of any item of a string list). An absent value meets only `NotExists`,
 * `NotEquals` and `NotContains`.
 */
export function conditionHolds(condition: DocumentAttributeCondition, attrs: AttrMap): boolean {
  const value = attrs[condition.ConditionDocumentAttributeKey];
  if (condition.Operator === 'Exists') return value !== undefined;
  if (condition.Operator === 'NotExists') return value === undefined;
  const wanted = fromWireValue(condition.ConditionOnValue, 'ConditionOnValue');
  if (value === undefined) return condition.Operator === 'NotEquals' || condition.Operator === 'NotContains';
  const order = compare(value, wanted);
  switch (condition.Operator) {
    case 'Equals':
      return equals(value, wanted);
    case 'NotEquals':
      return !equals(value, wanted);
    case 'GreaterThan':
      return order !== undefined && order > 0;
    case 'GreaterThanOrEquals':
      return order !== undefined && order >= 0;
    case 'LessThan':
      return order !== undefined && order < 0;
    case 'LessThanOrEquals':
      return order !== undefined && order <= 0;
    case 'Contains':
      return contains(value, wanted);
    case 'NotContains':
      return !contains(value, wanted);
    case 'BeginsWith':
      if (wanted.t !== 'STRING_VALUE') return false;
      if (value.t === 'STRING_VALUE') return value.v.startsWith(wanted.v);
      return value.t === 'STRING_LIST_VALUE' && value.v.some((item) => item.startsWith(wanted.v));
    default:
      return false;
  }
}

/**
 * Applies the inline configurations in order, each to the attributes the previous ones left:
 * when its `Condition` holds (or it has none), its `Target` key gets `TargetDocumentAttributeValue`
 * or loses its value (`TargetDocumentAttributeValueDeletion`), the two operations Kendra's
 * `DocumentAttributeTarget` documents (it has none that copies another attribute's value);
 * `DocumentContentDeletion` empties the document's text. The configurations were checked when
 * they were given (see `checkEnrichmentConfig`).
 */
export function applyInlineConfigurations(configurations: readonly InlineCustomDocumentEnrichmentConfiguration[], input: AttrMap): InlineOutcome {
  const attrs: AttrMap = { ...input };
  let deleteContent = false;
  for (const configuration of configurations) {
    const condition = configuration.Condition;
    if (condition && !conditionHolds(condition, attrs)) continue;
    if (configuration.DocumentContentDeletion) deleteContent = true;
    const target = configuration.Target;
    const key = target?.TargetDocumentAttributeKey;
    if (!target || !key) continue;
    if (target.TargetDocumentAttributeValueDeletion) delete attrs[key];
    else if (target.TargetDocumentAttributeValue) attrs[key] = fromWireValue(target.TargetDocumentAttributeValue, key);
  }
  return { attrs, deleteContent };
}
