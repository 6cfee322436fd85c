import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ftsMatchCount, ftsPhraseHits } from '../../../src/lib/local/search/query/fts-stats.js';

describe('search: phrase and expression match counts, remembered until the table changes', () => {
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

  it('keeps counts while only other tables change, and counts expressions again when rows are replaced, deleted or added by another connection', () => {
    const file = join(dir, 'expressions.db');
    const db = new Database(file);
    const other = new Database(file);
    try {
      db.exec("CREATE VIRTUAL TABLE docs USING fts5(body, tokenize = 'porter unicode61 remove_diacritics 2')");
      db.exec('CREATE TABLE log (entry TEXT)');
      const insert = db.prepare('INSERT INTO docs (rowid, body) VALUES (?, ?)');
      insert.run(1, 'red apple');
      insert.run(2, 'green pear');
      insert.run(3, 'red pear');
      const counts = () => [
        ftsMatchCount(db, 'docs', '("red" OR "pear")'),
        ftsMatchCount(db, 'docs', '("red" AND "pear")'),
        ftsPhraseHits(db, 'docs', '"red"'),
      ];
      assert.deepEqual(counts(), [3, 1, 2]);
      // a write to another table (as each Query's log entry) leaves the counts as they are, and they are still right
      db.prepare('INSERT INTO log (entry) VALUES (?)').run('query');
      assert.deepEqual(counts(), [3, 1, 2]);
      // a row replaced with text of the same length: the totals stay, the index changes
      db.prepare('UPDATE docs SET body = ? WHERE rowid = 2').run('red plum');
      assert.deepEqual(counts(), [3, 1, 3]);
      db.prepare('DELETE FROM docs WHERE rowid = 3').run();
      assert.deepEqual(counts(), [2, 0, 2]);
      other.prepare('INSERT INTO docs (rowid, body) VALUES (?, ?)').run(4, 'red pear pie');
      assert.deepEqual(counts(), [3, 1, 3]);
    } finally {
      other.close();
      db.close();
    }
  });
});
