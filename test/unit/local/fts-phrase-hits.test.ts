import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ftsPhraseHits } from '../../../src/lib/local/search/query/fts-stats.js';

describe('search: phrase match counts, remembered until the database changes', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-phrase-hits-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('counts again after this connection writes, and after another connection commits', () => {
    const file = join(dir, 'hits.db');
    const db = new Database(file);
    const other = new Database(file);
    try {
      db.exec("CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'porter unicode61 remove_diacritics 2')");
      const insert = (connection: Database.Database, body: string) => connection.prepare('INSERT INTO t (body) VALUES (?)').run(body);
      insert(db, 'running dogs');
      insert(db, 'a dog runs');
      const counts = () => ['"run"', '"dog"', '"run dog"', '"ru"*'].map((phrase) => ftsPhraseHits(db, 't', phrase));
      assert.deepEqual(counts(), [2, 2, 1, 2]);
      assert.deepEqual(counts(), [2, 2, 1, 2]);
      insert(db, 'the dog');
      assert.deepEqual(counts(), [2, 3, 1, 2]);
      insert(other, 'runners run');
      assert.deepEqual(counts(), [3, 3, 1, 3]);
      db.prepare('DELETE FROM t WHERE body = ?').run('running dogs');
      assert.deepEqual(counts(), [2, 2, 0, 2]);
    } finally {
      other.close();
      db.close();
    }
  });
});
