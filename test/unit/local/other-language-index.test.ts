import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchMigrations } from '../../../src/lib/local/search/core/schema.js';
import { hasOtherLanguageDocs } from '../../../src/lib/local/search/query/doc-cache.js';
import { openStore } from '../../../src/lib/local/store/open-store.js';

const INDEX = 4;

describe('search schema: the index of documents in other languages than English', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-other-language-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('holds only documents with a language code other than English, and answers whether an index has any with one probe of it', () => {
    const db = openStore(dir, [{ name: 'search', migrations: searchMigrations }]);
    try {
      const insert = db.prepare(
        `INSERT INTO search_documents (index_rowid, doc_id, attributes, content_hash, text_bytes, created_at, updated_at) VALUES (?, ?, ?, '', 0, 0, 0)`,
      );
      const attributes = (code?: string) => JSON.stringify(code === undefined ? {} : { _language_code: { t: 'S', v: code } });
      for (let n = 0; n < 50; n++) insert.run(INDEX, `doc-${n}`, attributes(n % 2 ? undefined : 'en'));
      assert.equal(hasOtherLanguageDocs(db, INDEX), false, 'documents without a language code, or in English, are English');
      const probe = `SELECT 1 FROM search_documents WHERE index_rowid = ? AND json_extract(attributes, '$._language_code.v') != 'en' LIMIT 1`;
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${probe}`).all(INDEX) as Array<{ detail: string }>).map((row) => row.detail).join('\n');
      assert.match(plan, /USING INDEX search_documents_other_language_set/);
      const held = db.prepare(
        `SELECT count(*) FROM search_documents INDEXED BY search_documents_other_language_set WHERE index_rowid = ? AND json_extract(attributes, '$._language_code.v') != 'en'`,
      );
      assert.equal(held.pluck().get(INDEX), 0);
      insert.run(INDEX, 'doc-fr', attributes('fr'));
      assert.equal(held.pluck().get(INDEX), 1);
      assert.equal(hasOtherLanguageDocs(db, INDEX), true);
    } finally {
      db.close();
    }
  });
});
