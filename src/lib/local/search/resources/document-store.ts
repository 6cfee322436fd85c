import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { AttrMap } from '../core/attributes.js';
import type { FieldConfig } from '../core/fields.js';
import { documentsFts } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';
import { segmentCjk } from '../query/word-segments.js';
import { clearFailure } from './document-status-store.js';
import { replacePassages } from '../semantic/passage-store.js';
import { dropRankingTiers, storeRankingTiers } from './ranking-tiers.js';
import { searchableText } from './searchable-text.js';
import { storeDocumentTables } from './document-tables-store.js';
import type { ExtractedTable } from '../core/extract/html-tables.js';

/** A document ready to be stored: its text extracted, its attributes checked. */
export interface PreparedDocument {
  id: string;
  title: string | null;
  text: string;
  contentType: string;
  attrs: AttrMap;
  /** Who may see it, in its stored form (see `encodeAccess`); `null` when it is public. */
  acl: unknown;
  dataSourceId: string | null;
  /** Its tables, when it is an HTML document that has any (for TABLE answers). */
  tables?: ExtractedTable[];
}

/** What storing a document changed. */
export type WriteOutcome = 'added' | 'modified' | 'unchanged';

function contentHash(doc: PreparedDocument): string {
  return createHash('sha256')
    .update(JSON.stringify([doc.title, doc.text, doc.contentType, doc.attrs, doc.acl, doc.dataSourceId]))
    .digest('hex');
}

function sourceUri(attrs: AttrMap): string | null {
  const value = attrs._source_uri;
  return value?.t === 'STRING_VALUE' ? value.v : null;
}

/**
 * Stores (adds or replaces) a document of an index: its row, its full-text entry (CJK text split into words), its passages
 * (queued for embedding; the old ones and their vectors go), the index's counters and the change log; an earlier failure to store it is forgotten. A document identical to the stored one is left as is. Call
 * inside a transaction.
 */
export function writeDocument(db: Database.Database, indexRowid: number, fields: readonly FieldConfig[], doc: PreparedDocument, nowMs: number): WriteOutcome {
  clearFailure(db, indexRowid, doc.id);
  const hash = contentHash(doc);
  const existing = sql(db, 'SELECT rowid, content_hash, text_bytes FROM search_documents WHERE index_rowid = ? AND doc_id = ?').get(indexRowid, doc.id) as
    { rowid: number; content_hash: string; text_bytes: number } | undefined;
  if (existing?.content_hash === hash) {
    // a document stored before its tables were kept gets them when it is put again
    storeDocumentTables(db, indexRowid, existing.rowid, doc.tables);
    return 'unchanged';
  }
  const bytes = Buffer.byteLength(doc.text, 'utf8');
  const fts = documentsFts(indexRowid);
  const acl = doc.acl ? JSON.stringify(doc.acl) : null;
  const values = [doc.title, doc.contentType, sourceUri(doc.attrs), doc.dataSourceId, JSON.stringify(doc.attrs), acl, hash, bytes];
  let rowid: number;
  if (existing) {
    rowid = existing.rowid;
    sql(
      db,
      `UPDATE search_documents SET title = ?, content_type = ?, source_uri = ?, data_source_id = ?, attributes = ?, acl = ?,
       content_hash = ?, text_bytes = ?, updated_at = ? WHERE rowid = ?`,
    ).run(...values, nowMs, rowid);
    sql(db, `DELETE FROM ${fts} WHERE rowid = CAST(? AS INTEGER)`).run(rowid);
    sql(db, 'UPDATE search_indices SET text_bytes = text_bytes + ? WHERE rowid = ?').run(bytes - existing.text_bytes, indexRowid);
  } else {
    rowid = Number(
      sql(
        db,
        `INSERT INTO search_documents (title, content_type, source_uri, data_source_id, attributes, acl, content_hash, text_bytes,
           created_at, updated_at, index_rowid, doc_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(...values, nowMs, nowMs, indexRowid, doc.id).lastInsertRowid,
    );
    sql(db, 'UPDATE search_indices SET doc_count = doc_count + 1, text_bytes = text_bytes + ? WHERE rowid = ?').run(bytes, indexRowid);
  }
  const columns = { title: segmentCjk(doc.title ?? ''), body: segmentCjk(doc.text), fields: segmentCjk(searchableText(doc.attrs, fields)) };
  sql(db, `INSERT INTO ${fts} (rowid, title, body, fields) VALUES (CAST(? AS INTEGER), ?, ?, ?)`).run(rowid, columns.title, columns.body, columns.fields);
  storeRankingTiers(db, indexRowid, rowid, columns, existing !== undefined);
  storeDocumentTables(db, indexRowid, rowid, doc.tables);
  replacePassages(db, indexRowid, rowid, columns.body);
  sql(db, 'INSERT INTO search_doc_changes (index_rowid, doc_rowid) VALUES (?, ?)').run(indexRowid, rowid);
  return existing ? 'modified' : 'added';
}

/** Removes a document of an index; false when there was none. Call inside a transaction. */
export function deleteDocument(db: Database.Database, indexRowid: number, docId: string): boolean {
  clearFailure(db, indexRowid, docId);
  const existing = sql(db, 'SELECT rowid, text_bytes FROM search_documents WHERE index_rowid = ? AND doc_id = ?').get(indexRowid, docId) as
    { rowid: number; text_bytes: number } | undefined;
  if (!existing) return false;
  sql(db, 'DELETE FROM search_documents WHERE rowid = ?').run(existing.rowid);
  sql(db, `DELETE FROM ${documentsFts(indexRowid)} WHERE rowid = CAST(? AS INTEGER)`).run(existing.rowid);
  dropRankingTiers(db, indexRowid, existing.rowid);
  storeDocumentTables(db, indexRowid, existing.rowid, undefined);
  sql(db, 'UPDATE search_indices SET doc_count = doc_count - 1, text_bytes = text_bytes - ? WHERE rowid = ?').run(existing.text_bytes, indexRowid);
  sql(db, 'INSERT INTO search_doc_changes (index_rowid, doc_rowid) VALUES (?, ?)').run(indexRowid, existing.rowid);
  return true;
}

/** Whether an index holds the document `docId`. */
export function isStoredDocument(db: Database.Database, indexRowid: number, docId: string): boolean {
  return sql(db, 'SELECT 1 FROM search_documents WHERE index_rowid = ? AND doc_id = ?').pluck().get(indexRowid, docId) !== undefined;
}

/** How many bytes of extracted text an index would hold with `docs` stored (added, or replacing the stored ones). */
export function textBytesWith(db: Database.Database, indexRowid: number, docs: readonly PreparedDocument[]): number {
  const stored = sql(db, 'SELECT text_bytes FROM search_documents WHERE index_rowid = ? AND doc_id = ?').pluck();
  let total = sql(db, 'SELECT text_bytes FROM search_indices WHERE rowid = ?').pluck().get(indexRowid) as number;
  for (const doc of docs) total += Buffer.byteLength(doc.text, 'utf8') - ((stored.get(indexRowid, doc.id) as number | undefined) ?? 0);
  return total;
}

/** How many documents an index holds. */
export function documentCount(db: Database.Database, indexRowid: number): number {
  return sql(db, 'SELECT doc_count FROM search_indices WHERE rowid = ?').pluck().get(indexRowid) as number;
}

/** Re-indexes the searchable field text (and the ranking tiers) of every document of an index after its fields changed. */
export function refreshSearchableText(db: Database.Database, indexRowid: number, fields: readonly FieldConfig[]): void {
  const rows = db.prepare('SELECT rowid, attributes FROM search_documents WHERE index_rowid = ?').all(indexRowid) as Array<{
    rowid: number;
    attributes: string;
  }>;
  const table = documentsFts(indexRowid);
  const update = db.prepare(`UPDATE ${table} SET fields = ? WHERE rowid = CAST(? AS INTEGER)`);
  const text = db.prepare(`SELECT title, body FROM ${table} WHERE rowid = CAST(? AS INTEGER)`);
  for (const row of rows) {
    const stored = text.get(row.rowid) as { title: string | null; body: string | null } | undefined;
    const columns = { title: stored?.title ?? '', body: stored?.body ?? '', fields: segmentCjk(searchableText(JSON.parse(row.attributes) as AttrMap, fields)) };
    update.run(columns.fields, row.rowid);
    storeRankingTiers(db, indexRowid, row.rowid, columns, true);
  }
}
