import type { Migration } from '../../../types.js';
import { fillStrongTerms } from './fill-strong-terms.js';

/**
 * The impact tokens of the ranking tiers (see `impactToken`): each index's table of strong terms is
 * made again from the text already stored, each strong term now followed by its impact token,
 * so that a one-word query reads its word's holders by impact, best first.
 */
export const impactTokensMigration: Migration = {
  version: 19,
  notice(db) {
    const documents = db.prepare('SELECT count(*) FROM search_documents').pluck().get() as number;
    return documents > 0 ? `adding impact tokens to the ranking tiers of ${documents.toLocaleString('en-US')} stored documents` : undefined;
  },
  up(db) {
    fillStrongTerms(db);
  },
};
