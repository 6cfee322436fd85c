import type { Migration } from '../../../types.js';

/**
 * Finds at once whether an index holds documents in a language other than English, which
 * queries without a language filter leave out.
 */
export const languageIndexMigration: Migration = {
  version: 11,
  up(db) {
    db.exec(`CREATE INDEX search_documents_other_language ON search_documents (index_rowid) WHERE json_extract(attributes, '$._language_code.v') IS NOT 'en'`);
  },
};
