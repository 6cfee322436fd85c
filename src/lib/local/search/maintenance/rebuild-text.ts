import type Database from 'better-sqlite3';
import { copyReadableRows, quoted, type RowRecovery } from '../../store/recover-rows.js';
import { createStrongTermsTable, documentsFts, faqFts, TOKENIZE } from '../core/fts-tables.js';
import { deleteDocument } from '../resources/document-store.js';
import { storeRankingTiers } from '../resources/ranking-tiers.js';

/** Whether a database has a table (or virtual table) of that name. */
function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/**
 * Refills one full-text table of the repaired database from the text the damaged one stores in
 * the table's content (its `_content` shadow table, whose columns are `c0`, `c1`…): the
 * full-text index itself is built afresh as the rows go in. Undefined when the damaged database
 * has no such content.
 */
function refill(damaged: Database.Database, fresh: Database.Database, table: string, columns: readonly string[]): RowRecovery | undefined {
  const content = `${table}_content`;
  if (!hasTable(damaged, content)) return undefined;
  return copyReadableRows(damaged, fresh, {
    read: content,
    write: table,
    readColumns: columns.map((_, position) => `c${position}`),
    writeColumns: columns,
    rowidColumn: false,
  });
}

/** Documents read at a time when their ranking tiers are computed again. */
const BATCH = 1000;

/** Computes the ranking tiers (strong terms) of every document of an index from its text, in batches of rowids. */
function storeAllTiers(db: Database.Database, indexRowid: number): void {
  // walks the documents' rows and reads each text by rowid: FTS5 applies a rowid bound to a scan only after reading the rows before it
  const batch = db.prepare(
    `SELECT d.rowid AS rowid, f.title AS title, f.body AS body, f.fields AS fields FROM search_documents d JOIN ${quoted(documentsFts(indexRowid))} f ON f.rowid = d.rowid
     WHERE d.rowid > ? AND +d.index_rowid = ? ORDER BY d.rowid LIMIT ${BATCH}`,
  );
  for (let after = 0; ;) {
    const rows = batch.all(after, indexRowid) as Array<{ rowid: number; title: string | null; body: string | null; fields: string | null }>;
    for (const row of rows) storeRankingTiers(db, indexRowid, row.rowid, { title: row.title ?? '', body: row.body ?? '', fields: row.fields ?? '' }, false);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.rowid;
  }
}

function lost(recovery: RowRecovery | undefined): string {
  if (recovery === undefined) return ', its text table was missing';
  return recovery.unreadable.length > 0 ? `, ${recovery.unreadable.length} damaged stretch(es) unreadable` : '';
}

/**
 * The search module's part of `nimbus local repair`: for every index recovered into `fresh`, its
 * full-text tables are made again and filled from the text the damaged database still holds
 * (documents and FAQ entries), the strong terms of its ranking tiers computed again from that
 * text, the documents whose text could not be read removed (they must be put again), the text of
 * documents whose row was lost dropped, and its document count and text size counted again.
 * Returns a line per index for the report.
 */
export function rebuildIndexText(damaged: Database.Database, fresh: Database.Database): string[] {
  const indexes = fresh.prepare('SELECT rowid, id FROM search_indices ORDER BY rowid').all() as Array<{ rowid: number; id: string }>;
  const tiers = hasTable(fresh, 'search_rank_tiers');
  return indexes.map((index) => {
    const documents = documentsFts(index.rowid);
    fresh.exec(`CREATE VIRTUAL TABLE ${quoted(documents)} USING fts5(title, body, fields, ${TOKENIZE})`);
    fresh.exec(`CREATE VIRTUAL TABLE ${quoted(faqFts(index.rowid))} USING fts5(question, answer, ${TOKENIZE})`);
    if (tiers) createStrongTermsTable(fresh, index.rowid);
    const texts = refill(damaged, fresh, documents, ['title', 'body', 'fields']);
    const faqs = refill(damaged, fresh, faqFts(index.rowid), ['question', 'answer']);
    const textless = fresh
      .prepare(`SELECT doc_id FROM search_documents WHERE index_rowid = ? AND rowid NOT IN (SELECT rowid FROM ${quoted(documents)})`)
      .pluck()
      .all(index.rowid) as string[];
    for (const docId of textless) deleteDocument(fresh, index.rowid, docId);
    const orphans = fresh
      .prepare(`DELETE FROM ${quoted(documents)} WHERE rowid NOT IN (SELECT rowid FROM search_documents WHERE index_rowid = ?)`)
      .run(index.rowid);
    if (tiers) storeAllTiers(fresh, index.rowid);
    fresh
      .prepare(
        `UPDATE search_indices SET doc_count = (SELECT count(*) FROM search_documents WHERE index_rowid = :index),
         text_bytes = (SELECT coalesce(sum(text_bytes), 0) FROM search_documents WHERE index_rowid = :index) WHERE rowid = :index`,
      )
      .run({ index: index.rowid });
    const removed =
      textless.length > 0
        ? `; ${textless.length} document(s) whose text was lost removed, to be put again: ${textless.slice(0, 5).join(', ')}${textless.length > 5 ? '…' : ''}`
        : '';
    const unowned = orphans.changes > 0 ? `; ${orphans.changes} text(s) of documents whose row was lost dropped` : '';
    return `index ${index.id}: full-text tables rebuilt from ${texts?.copied ?? 0} stored document text(s)${lost(texts)} and ${faqs?.copied ?? 0} FAQ entr(ies)${lost(faqs)}${removed}${unowned}`;
  });
}
