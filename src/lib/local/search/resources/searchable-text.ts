import type { AttrMap } from '../core/attributes.js';
import type { FieldConfig } from '../core/fields.js';

/** The text of a document's searchable custom string fields, indexed beside title and body. */
export function searchableText(attrs: AttrMap, fields: readonly FieldConfig[]): string {
  const parts: string[] = [];
  for (const field of fields) {
    if (!field.Search.Searchable || field.Name.startsWith('_')) continue;
    const value = attrs[field.Name];
    if (value?.t === 'STRING_VALUE') parts.push(value.v);
    else if (value?.t === 'STRING_LIST_VALUE') parts.push(...value.v);
  }
  return parts.join('\n');
}
