import type Database from 'better-sqlite3';
import { indexArn } from '../core/arn.js';
import { dropIndexTables, documentsFts, faqFts, strongTermsFts } from '../core/fts-tables.js';
import { forgetStatements } from '../core/statements.js';
import { forgetIndexDocs } from '../query/doc-cache.js';
import { dropTags } from '../resources/tag-store.js';

/** The tables whose rows belong to an index through `index_rowid`. */
const INDEX_TABLES = [
  'search_documents',
  'search_faq_items',
  'search_faqs',
  'search_thesauri',
  'search_data_sources',
  'search_queries',
  'search_relevance',
  'search_doc_changes',
  'search_query_log',
  'search_click_log',
  'search_suggest_config',
  'search_block_lists',
  'search_featured_sets',
  'search_access_configs',
  'search_groups',
  'search_group_members',
  'search_group_actions',
  'search_experiences',
  'search_document_failures',
  'search_doc_tables',
];

/** The tables whose rows belong to an experience through `experience_rowid`. */
const EXPERIENCE_TABLES = ['search_experience_entities', 'search_experience_personas'];

/**
 * Removes what finished deleting at `nowMs` (deletions take `delayMs`): indices with all that
 * belongs to them, and the rows of deleted data sources, FAQs, thesauri, block lists and experiences (whose effects were
 * applied when they were deleted). Returns the number of indices purged.
 */
export function purgeDeleted(db: Database.Database, accountId: string, nowMs: number, delayMs: number): number {
  const cutoff = nowMs - delayMs;
  const gone = db.prepare('SELECT rowid, id, region FROM search_indices WHERE deleted_at IS NOT NULL AND deleted_at <= ?').all(cutoff) as Array<{
    rowid: number;
    id: string;
    region: string;
  }>;
  const children = db
    .prepare(
      `SELECT (SELECT count(*) FROM search_data_sources WHERE deleted_at <= ?) + (SELECT count(*) FROM search_faqs WHERE deleted_at <= ?)
       + (SELECT count(*) FROM search_thesauri WHERE deleted_at <= ?) + (SELECT count(*) FROM search_block_lists WHERE deleted_at <= ?)
       + (SELECT count(*) FROM search_experiences WHERE deleted_at <= ?)`,
    )
    .pluck()
    .get(cutoff, cutoff, cutoff, cutoff, cutoff) as number;
  if (gone.length === 0 && children === 0) return 0;
  db.transaction(() => {
    for (const index of gone) {
      forgetIndexDocs(db, index.rowid);
      forgetStatements(db, documentsFts(index.rowid));
      forgetStatements(db, faqFts(index.rowid));
      forgetStatements(db, strongTermsFts(index.rowid));
      dropIndexTables(db, index.rowid);
      const sources = 'SELECT rowid FROM search_data_sources WHERE index_rowid = ?';
      db.prepare(`DELETE FROM search_sync_items WHERE job_rowid IN (SELECT rowid FROM search_sync_jobs WHERE ds_rowid IN (${sources}))`).run(index.rowid);
      db.prepare(`DELETE FROM search_sync_jobs WHERE ds_rowid IN (${sources})`).run(index.rowid);
      for (const table of EXPERIENCE_TABLES) {
        db.prepare(`DELETE FROM ${table} WHERE experience_rowid IN (SELECT rowid FROM search_experiences WHERE index_rowid = ?)`).run(index.rowid);
      }
      for (const table of INDEX_TABLES) db.prepare(`DELETE FROM ${table} WHERE index_rowid = ?`).run(index.rowid);
      dropTags(db, indexArn(index.region, accountId, index.id));
      db.prepare('DELETE FROM search_indices WHERE rowid = ?').run(index.rowid);
    }
    const deletedSources = 'SELECT rowid FROM search_data_sources WHERE deleted_at <= ?';
    db.prepare(`DELETE FROM search_sync_items WHERE job_rowid IN (SELECT rowid FROM search_sync_jobs WHERE ds_rowid IN (${deletedSources}))`).run(cutoff);
    db.prepare(`DELETE FROM search_sync_jobs WHERE ds_rowid IN (${deletedSources})`).run(cutoff);
    for (const table of EXPERIENCE_TABLES) {
      db.prepare(`DELETE FROM ${table} WHERE experience_rowid IN (SELECT rowid FROM search_experiences WHERE deleted_at <= ?)`).run(cutoff);
    }
    for (const table of ['search_data_sources', 'search_faqs', 'search_thesauri', 'search_block_lists', 'search_experiences']) {
      db.prepare(`DELETE FROM ${table} WHERE deleted_at IS NOT NULL AND deleted_at <= ?`).run(cutoff);
    }
  })();
  return gone.length;
}
