import type { AttrMap, AttrValue } from '../attributes.js';
import { dateOf, parseTimestamp } from '../time.js';
import { COMPUTED_FIELDS, type FieldConfig } from '../fields.js';
import { HookFunctionError } from './hook-function.js';

/** A document attribute as the hooks' data contract writes it. */
interface CustomerDocumentAttribute {
  key: string;
  value: Record<string, unknown>;
}

/** The attribute whose update in `metadataUpdates` sets the document's title. */
export const TITLE_ATTRIBUTE = '_document_title';

function hookValue(value: AttrValue): Record<string, unknown> {
  switch (value.t) {
    case 'STRING_VALUE':
      return { stringValue: value.v };
    case 'STRING_LIST_VALUE':
      return { stringListValue: value.v };
    case 'LONG_VALUE':
      return { longValue: value.v };
    case 'DATE_VALUE':
      return { dateValue: dateOf(value.v).toISOString() };
  }
}

/** A document's attributes (and title) as the `metadata` of a hook's event. */
export function hookMetadata(attrs: AttrMap, title: string | undefined): { attributes: CustomerDocumentAttribute[] } {
  const attributes = Object.entries(attrs).map(([key, value]) => ({ key, value: hookValue(value) }));
  if (title !== undefined) attributes.push({ key: TITLE_ATTRIBUTE, value: { stringValue: title } });
  return { attributes };
}

function typedValue(raw: Record<string, unknown>, key: string, arn: string): AttrValue | undefined {
  const members = Object.entries(raw).filter(([, member]) => member !== undefined && member !== null);
  if (members.length === 0) return undefined;
  const [member, value] = members[0]!;
  const bad = () => new HookFunctionError(`The function ${arn} gave ${key} an invalid ${member}`);
  if (members.length > 1) throw new HookFunctionError(`The function ${arn} gave ${key} more than one value`);
  switch (member) {
    case 'stringValue':
      if (typeof value !== 'string') throw bad();
      return { t: 'STRING_VALUE', v: value };
    case 'stringListValue':
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw bad();
      return { t: 'STRING_LIST_VALUE', v: value as string[] };
    case 'longValue':
    case 'integerValue':
      if (typeof value !== 'number' || !Number.isInteger(value)) throw bad();
      return { t: 'LONG_VALUE', v: value };
    case 'dateValue':
      try {
        return { t: 'DATE_VALUE', v: parseTimestamp(value, `the dateValue of ${key}`) };
      } catch {
        throw bad();
      }
    default:
      throw new HookFunctionError(`The function ${arn} gave ${key} a value of unknown kind ${member}`);
  }
}

/**
 * Applies a hook's `metadataUpdates` to a document's attributes and title: each names an index
 * field (by `key`, or `name` as the guide's examples write it) and gives it a value of the field's
 * type, or no value to remove it; `_document_title` sets the title. Throws a
 * {@link HookFunctionError} for an update that is not of that shape or names no field.
 */
export function applyMetadataUpdates(
  updates: unknown,
  doc: { attrs: AttrMap; title: string | undefined },
  fields: ReadonlyMap<string, FieldConfig>,
  arn: string,
): { attrs: AttrMap; title: string | undefined } {
  if (updates === undefined || updates === null) return doc;
  if (!Array.isArray(updates)) throw new HookFunctionError(`The metadataUpdates of the function ${arn} are not a list`);
  const attrs = { ...doc.attrs };
  let title = doc.title;
  for (const update of updates as Array<Record<string, unknown> | null>) {
    const key = update?.key ?? update?.name;
    const raw = update?.value ?? {};
    if (typeof key !== 'string' || typeof raw !== 'object' || raw === null) {
      throw new HookFunctionError(`The function ${arn} gave a metadata update without a key and value`);
    }
    const value = typedValue(raw as Record<string, unknown>, key, arn);
    if (key === TITLE_ATTRIBUTE) {
      if (value !== undefined && value.t !== 'STRING_VALUE') throw new HookFunctionError(`The function ${arn} gave ${key} a value that is not a stringValue`);
      title = value?.v;
      continue;
    }
    if (COMPUTED_FIELDS.has(key)) throw new HookFunctionError(`The function ${arn} updated ${key}, which the service computes`);
    const field = fields.get(key);
    if (!field) throw new HookFunctionError(`The function ${arn} updated ${key}, which is not a field of the index`);
    if (value === undefined) delete attrs[key];
    else if (value.t !== field.Type) throw new HookFunctionError(`The function ${arn} gave ${key} a ${value.t}; the field is of type ${field.Type}`);
    else attrs[key] = value;
  }
  return { attrs, title };
}
