import type { LocalContext } from '../types.js';
import { purgeDeleted } from './maintenance/purge.js';
import { passageCounts } from './semantic/passage-store.js';

/** The tables whose rows do not belong to an index (purging the indices leaves them). */
const LOOSE_TABLES = ['search_idempotency', 'search_tags'];

/**
 * How many live indices, documents, data sources, FAQs and thesauri the search store holds, and
 * how many passages wait for their vectors (the backlog of semantic search) or have them.
 */
export function searchCounts(context: LocalContext): Record<string, number> {
  const count = (sql: string) => context.db.prepare(sql).pluck().get() as number;
  const live = 'index_rowid IN (SELECT rowid FROM search_indices WHERE deleted_at IS NULL)';
  return {
    indices: count('SELECT count(*) FROM search_indices WHERE deleted_at IS NULL'),
    documents: count(`SELECT count(*) FROM search_documents WHERE ${live}`),
    dataSources: count(`SELECT count(*) FROM search_data_sources WHERE deleted_at IS NULL AND ${live}`),
    faqs: count(`SELECT count(*) FROM search_faqs WHERE deleted_at IS NULL AND ${live}`),
    thesauri: count(`SELECT count(*) FROM search_thesauri WHERE deleted_at IS NULL AND ${live}`),
    passagesToEmbed: passageCounts(context.db).pending,
    passagesEmbedded: passageCounts(context.db).embedded,
  };
}

/**
 * Removes every index with all that belongs to it (documents, full-text tables, data sources
 * and their jobs, FAQs, thesauri, query logs, tags), and the remembered client tokens.
 */
export function resetSearch(context: LocalContext): void {
  const { db } = context;
  const nowMs = context.now().getTime();
  db.transaction(() => {
    db.prepare('UPDATE search_indices SET deleted_at = ? WHERE deleted_at IS NULL OR deleted_at > ?').run(nowMs, nowMs);
    purgeDeleted(db, context.accountId, nowMs, 0);
    for (const table of LOOSE_TABLES) db.prepare(`DELETE FROM ${table}`).run();
  }).immediate();
}
