import type { Migration } from '../../../types.js';

/**
 * Replaces the index of migration 11, whose condition (`IS NOT 'en'`) also held every document
 * without a language code: a query asking whether an index holds documents in another language
 * than English walked all of those. This one holds only the documents whose language code is set
 * and is not English, so the answer is one index probe whatever the index's size.
 */
export const otherLanguageIndexMigration: Migration = {
  version: 13,
  up(db) {
    db.exec(`
      DROP INDEX IF EXISTS search_documents_other_language;
      CREATE INDEX search_documents_other_language_set ON search_documents (index_rowid) WHERE json_extract(attributes, '$._language_code.v') != 'en';
    `);
  },
};
