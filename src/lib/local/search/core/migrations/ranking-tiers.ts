import type { Migration } from '../../../types.js';
import { fillStrongTerms } from './fill-strong-terms.js';

/**
 * The ranking tiers that let a query skip the documents that cannot reach its best results:
 * each index's smallest document length, and its table of strong terms, filled from the text
 * already stored.
 */
export const rankingTiersMigration: Migration = {
  version: 12,
  notice(db) {
    const documents = db.prepare('SELECT count(*) FROM search_documents').pluck().get() as number;
    return documents > 0 ? `building the ranking tiers of ${documents.toLocaleString('en-US')} stored documents` : undefined;
  },
  up(db) {
    db.exec('CREATE TABLE search_rank_tiers (index_rowid INTEGER PRIMARY KEY, min_doc_tokens INTEGER NOT NULL)');
    fillStrongTerms(db);
  },
};
