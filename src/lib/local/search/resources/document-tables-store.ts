import type Database from 'better-sqlite3';
import type { ExtractedTable } from '../core/extract/html-tables.js';
import { sql } from '../core/statements.js';

/** Stores the tables of the document `docRowid` (none removes them). Call inside a transaction. */
export function storeDocumentTables(db: Database.Database, indexRowid: number, docRowid: number, tables: readonly ExtractedTable[] | undefined): void {
  if (!tables || tables.length === 0) {
    sql(db, 'DELETE FROM search_doc_tables WHERE doc_rowid = ?').run(docRowid);
    return;
  }
  sql(db, 'INSERT OR REPLACE INTO search_doc_tables (doc_rowid, index_rowid, tables) VALUES (?, ?, ?)').run(docRowid, indexRowid, JSON.stringify(tables));
}

/** The tables stored with the document `docRowid`; none when it has none. */
export function documentTables(db: Database.Database, docRowid: number): ExtractedTable[] {
  const stored = sql(db, 'SELECT tables FROM search_doc_tables WHERE doc_rowid = ?').pluck().get(docRowid) as string | undefined;
  return stored ? (JSON.parse(stored) as ExtractedTable[]) : [];
}
