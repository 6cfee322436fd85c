import type { LocalContext, StoreGauge } from '../types.js';

/**
 * The search store's figures for the metrics endpoint: documents per live index and sync jobs
 * by status. The embedding backlog is not among them: this store computes no embeddings, so the
 * server reports it as 0 until a module that does reports `nimbus_embedding_backlog`.
 */
export function searchGauges(context: LocalContext): StoreGauge[] {
  const { db } = context;
  const documents = db
    .prepare(
      `SELECT i.id AS id, count(d.rowid) AS n FROM search_indices i LEFT JOIN search_documents d ON d.index_rowid = i.rowid
       WHERE i.deleted_at IS NULL GROUP BY i.rowid ORDER BY i.id`,
    )
    .all() as Array<{ id: string; n: number }>;
  const jobs = db.prepare('SELECT status, count(*) AS n FROM search_sync_jobs GROUP BY status ORDER BY status').all() as Array<{ status: string; n: number }>;
  return [
    { name: 'nimbus_documents', help: 'Documents stored, per live index.', samples: documents.map((row) => ({ labels: { index: row.id }, value: row.n })) },
    { name: 'nimbus_sync_jobs', help: 'Data source sync jobs, by status.', samples: jobs.map((row) => ({ labels: { status: row.status }, value: row.n })) },
  ];
}
