import type Database from 'better-sqlite3';
import type { AttrMap } from '../core/attributes.js';
import type { FieldConfig } from '../core/fields.js';
import { documentsFts } from '../core/fts-tables.js';

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

/** Re-indexes the searchable field text of every document of an index after its fields changed. */
export function refreshSearchableText(db: Database.Database, indexRowid: number, fields: readonly FieldConfig[]): void {
  const rows = db.prepare('SELECT rowid, attributes FROM search_documents WHERE index_rowid = ?').all(indexRowid) as Array<{
    rowid: number;
    attributes: string;
  }>;
  const update = db.prepare(`UPDATE ${documentsFts(indexRowid)} SET fields = ? WHERE rowid = CAST(? AS INTEGER)`);
  for (const row of rows) update.run(searchableText(JSON.parse(row.attributes) as AttrMap, fields), row.rowid);
}
