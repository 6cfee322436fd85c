import type { AttributeFilter } from '../../../services/search/types.js';
import { fromWireValue } from '../core/attributes.js';
import { invalid } from '../core/errors.js';
import { PRINCIPAL_FIELDS } from '../core/fields.js';
import type { CachedDoc } from './doc-cache.js';

/**
 * The user-context attribute filters of an index (`_user_id`, `_group_ids`): each gives the
 * documents whose access control allows a principal. Made by `principalFilters` (access.ts).
 */
export interface PrincipalFilters {
  /** The documents whose access allows the user `userId` (and the groups mapped to them). */
  user(userId: string): (doc: CachedDoc) => boolean;
  /** The documents whose access allows the groups `groupIds`, taken together. */
  groups(groupIds: readonly string[]): (doc: CachedDoc) => boolean;
}

/**
 * The predicate of a filter on `_user_id` or `_group_ids`, or `undefined` when `filter`'s
 * operator names another attribute. `_user_id` takes EqualsTo (one user) and ContainsAny (any
 * of the users); `_group_ids` takes EqualsTo and ContainsAny (the groups together) and
 * ContainsAll (each group). Other operators are a `ValidationException`.
 */
export function principalFilter(
  operator: keyof AttributeFilter,
  filter: AttributeFilter,
  principals: PrincipalFilters,
): ((doc: CachedDoc) => boolean) | undefined {
  const attribute = filter[operator] as { Key?: unknown; Value?: unknown } | undefined;
  const key = String(attribute?.Key);
  if (attribute === undefined || !Object.hasOwn(PRINCIPAL_FIELDS, key)) return undefined;
  if (operator !== 'EqualsTo' && operator !== 'ContainsAny' && operator !== 'ContainsAll') {
    throw invalid(`${key} takes the filters EqualsTo, ContainsAny and ContainsAll, not ${operator}.`);
  }
  let value;
  try {
    value = fromWireValue(attribute.Value as Parameters<typeof fromWireValue>[0], key);
  } catch (error) {
    throw invalid(`The filter ${operator}: ${(error as Error).message}.`);
  }
  const names = value.t === 'STRING_VALUE' ? [value.v] : value.t === 'STRING_LIST_VALUE' ? value.v : undefined;
  const expected = operator === 'EqualsTo' ? PRINCIPAL_FIELDS[key as keyof typeof PRINCIPAL_FIELDS] : 'STRING_LIST_VALUE';
  if (names === undefined || value.t !== expected) throw invalid(`${operator} compares ${key} with a ${expected}, not a ${value.t}.`);
  if (key === '_user_id') {
    if (operator === 'ContainsAll') throw invalid('_user_id takes EqualsTo or ContainsAny; a document is not filtered by several users at once.');
    const users = names.map((name) => principals.user(name));
    return (doc) => users.some((allows) => allows(doc));
  }
  if (operator === 'ContainsAll') {
    const each = names.map((name) => principals.groups([name]));
    return (doc) => each.every((allows) => allows(doc));
  }
  return principals.groups(names);
}
