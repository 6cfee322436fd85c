import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentsFts, faqFts } from '../../../src/lib/local/search/core/fts-tables.js';
import { searchMigrations } from '../../../src/lib/local/search/core/schema.js';
import { openStore } from '../../../src/lib/local/store/open-store.js';

const INDEX = 2;

// Kendra searches Chinese, Japanese and Korean by their words:
// https://docs.aws.amazon.com/kendra/latest/dg/in-adding-languages.html
describe('search schema: the migration that splits stored CJK text into words', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-cjk-migration-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('re-tokenizes the documents and FAQ entries stored before it, so that a query for one word of a sentence finds them', () => {
    const old = openStore(dir, [{ name: 'search', migrations: searchMigrations.filter((migration) => migration.version < 14) }]);
    try {
      old
        .prepare(
          `INSERT INTO search_indices (rowid, id, region, name, edition, settings, fields, created_at, updated_at, busy_state, busy_until)
           VALUES (?, 'old-index', 'us-east-1', 'old', 'DEVELOPER_EDITION', '{}', '[]', 0, 0, 'ACTIVE', 0)`,
        )
        .run(INDEX);
      // the tables as indexes had them before: CJK sentences stored as they were given
      old.exec(`CREATE VIRTUAL TABLE ${documentsFts(INDEX)} USING fts5(title, body, fields, tokenize = 'porter unicode61 remove_diacritics 2')`);
      old.exec(`CREATE VIRTUAL TABLE ${faqFts(INDEX)} USING fts5(question, answer, tokenize = 'porter unicode61 remove_diacritics 2')`);
      old.exec(`CREATE VIRTUAL TABLE search_strong_${INDEX} USING fts5(terms, content = '', contentless_delete = 1, detail = none, tokenize = 'ascii')`);
      const document = old.prepare(
        `INSERT INTO search_documents (rowid, index_rowid, doc_id, attributes, content_hash, text_bytes, created_at, updated_at) VALUES (?, ?, ?, '{}', '', 0, 0, 0)`,
      );
      document.run(1, INDEX, 'ja');
      document.run(2, INDEX, 'en');
      const text = old.prepare(`INSERT INTO ${documentsFts(INDEX)} (rowid, title, body, fields) VALUES (?, ?, ?, '')`);
      text.run(1, '日本の首都', '東京は日本の首都です');
      text.run(2, 'Capitals', 'Tokyo is the capital of Japan');
      old
        .prepare(`INSERT INTO search_faq_items (rowid, faq_rowid, index_rowid, question, answer, attributes) VALUES (7, 1, ?, ?, ?, '{}')`)
        .run(INDEX, '北京是中国的首都吗', '是的');
      old.prepare(`INSERT INTO ${faqFts(INDEX)} (rowid, question, answer) VALUES (7, ?, ?)`).run('北京是中国的首都吗', '是的');
      assert.deepEqual(
        old
          .prepare(`SELECT rowid FROM ${documentsFts(INDEX)} WHERE ${documentsFts(INDEX)} MATCH '"東京"'`)
          .pluck()
          .all(),
        [],
      );
      const migration = searchMigrations.find((step) => step.version === 14)!;
      assert.equal(
        migration.notice!(old),
        'splitting the Chinese, Japanese and Korean text of 2 stored documents into words',
        'the documents of the indexes holding CJK terms',
      );
    } finally {
      old.close();
    }
    const db = openStore(dir, [{ name: 'search', migrations: searchMigrations }]);
    try {
      const match = (table: string, phrase: string) => db.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ?`).pluck().all(`"${phrase}"`);
      assert.deepEqual(match(documentsFts(INDEX), '東京'), [1]);
      assert.deepEqual(match(documentsFts(INDEX), '首都'), [1], 'the title too');
      assert.deepEqual(match(documentsFts(INDEX), 'tokyo'), [2], 'other text is left as it was');
      assert.deepEqual(match(faqFts(INDEX), '北京'), [7]);
      const strong = db.prepare(`SELECT rowid FROM search_strong_${INDEX} WHERE search_strong_${INDEX} MATCH ?`).pluck().all('"首都"');
      assert.deepEqual(strong, [1], 'the ranking tiers hold the new terms');
    } finally {
      db.close();
    }
  });
});
