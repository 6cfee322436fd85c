import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { TOKENIZE } from '../../../src/lib/local/search/core/fts-tables.js';
import { readTermRows } from '../../../src/lib/local/search/query/fts-doclists.js';
import { ftsMatchCount, ftsPhraseHits } from '../../../src/lib/local/search/query/fts-stats.js';
import { ftsTerms } from '../../../src/lib/local/search/query/fts-terms.js';

/** A deterministic generator of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = ['apple', 'pear', 'plum', 'fig', 'kiwi', 'lime', 'date', 'grape', 'melon', 'berry', 'cherry', 'peach'];

/** Text of `count` words drawn from `WORDS`, the first ones far more often (some rows hold one many times, so position lists span pages). */
function text(rand: () => number, count: number): string {
  return Array.from({ length: count }, () => WORDS[Math.floor(rand() ** 3 * WORDS.length)]!).join(' ');
}

/** The rows that hold `term` as read from the stored doclists, sorted, each with how often its title, body and fields hold the term. */
function readRows(db: Database.Database, table: string, term: string): string[] {
  const seen = new Set<number>();
  const rows: Array<[number, string]> = [];
  const read = readTermRows(
    db,
    table,
    term,
    {
      seen: (rowid) => seen.has(rowid),
      found: (rowid, holds, counts) => {
        seen.add(rowid);
        if (holds) rows.push([rowid, counts.join(' ')]);
      },
    },
    3,
  );
  assert.equal(read, true);
  return rows.sort((a, b) => a[0] - b[0]).map(([rowid, counts]) => `${rowid}: ${counts}`);
}

/** The same, from FTS5's own vocabulary of term instances. */
function vocabularyRows(db: Database.Database, term: string): string[] {
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.docs_instances USING fts5vocab(main, docs, 'instance')");
  const counts = new Map<number, number[]>();
  for (const [doc, column] of db.prepare('SELECT doc, col FROM temp.docs_instances WHERE term = ?').raw().all(term) as Array<[number, string]>) {
    const row = counts.get(doc) ?? [0, 0, 0];
    row[['title', 'body', 'fields'].indexOf(column)]!++;
    counts.set(doc, row);
  }
  return [...counts].sort((a, b) => a[0] - b[0]).map(([rowid, row]) => `${rowid}: ${row.join(' ')}`);
}

describe('search: the rows holding a term and how often each column holds it, read from the stored FTS5 doclists', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-doclists-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('are the rows MATCH finds, across many segments, long doclists and position lists, updates and deletes, and when other connections commit', () => {
    const file = join(dir, 'doclists.db');
    const db = new Database(file);
    const other = new Database(file);
    try {
      // small pages: doclists and position lists span many pages; automerge off, then on: many segments, then merged ones
      db.exec(`CREATE VIRTUAL TABLE docs USING fts5(title, body, fields, ${TOKENIZE})`);
      db.exec("INSERT INTO docs (docs, rank) VALUES ('pgsz', 64)");
      db.exec("INSERT INTO docs (docs, rank) VALUES ('automerge', 0)");
      const rand = random(7);
      const insert = db.prepare('INSERT INTO docs (rowid, title, body, fields) VALUES (?, ?, ?, ?)');
      const check = (connection: Database.Database) => {
        for (const word of [...WORDS, 'absent']) {
          const [term] = ftsTerms(connection, word);
          const matching = connection.prepare('SELECT rowid FROM docs WHERE docs MATCH ? ORDER BY rowid').pluck().all(`"${word}"`);
          const rows = readRows(connection, 'docs', term!);
          assert.deepEqual(
            rows.map((row) => Number(row.split(':')[0])),
            matching,
            word,
          );
          assert.deepEqual(rows, vocabularyRows(connection, term!), word);
        }
      };
      for (let batch = 0; batch < 12; batch++) {
        db.transaction(() => {
          for (let i = 0; i < 40; i++) insert.run(batch * 40 + i + 1, text(rand, 2), text(rand, 5 + Math.floor(rand() * 60)), text(rand, 1));
        })();
      }
      check(db);
      // one row holding a word hundreds of times: a position list over several pages
      insert.run(10_000, 'fig', text(rand, 5) + ' kiwi'.repeat(400), '');
      db.transaction(() => {
        for (let rowid = 3; rowid < 480; rowid += 7) db.prepare('UPDATE docs SET body = ? WHERE rowid = ?').run(text(rand, 20), rowid);
        for (let rowid = 5; rowid < 480; rowid += 11) db.prepare('DELETE FROM docs WHERE rowid = ?').run(rowid);
      })();
      check(db);
      other.prepare('INSERT INTO docs (rowid, title, body, fields) VALUES (?, ?, ?, ?)').run(20_000, 'plum', 'melon peach', 'date');
      other.prepare('DELETE FROM docs WHERE rowid = ?').run(10_000);
      check(db);
      db.exec("INSERT INTO docs (docs, rank) VALUES ('automerge', 4)");
      db.exec("INSERT INTO docs (docs) VALUES ('optimize')");
      check(db);
      // new segments, then a merge left half done (its input segments partly read into the output)
      db.exec("INSERT INTO docs (docs, rank) VALUES ('automerge', 0)");
      for (let rowid = 30_000; rowid < 30_600; rowid += 40)
        db.transaction(() => [...Array(40).keys()].forEach((i) => insert.run(rowid + i, text(rand, 2), text(rand, 30), '')))();
      db.exec("INSERT INTO docs (docs, rank) VALUES ('merge', -3)");
      check(other);
      db.exec("INSERT INTO docs (docs, rank) VALUES ('merge', 500)");
      check(other);
    } finally {
      other.close();
      db.close();
    }
  });

  it('are the rows MATCH finds for every term of a large vocabulary, a term that ends its page (its doclist on the next) among them', () => {
    const db = new Database(join(dir, 'vocabulary.db'));
    try {
      db.exec(`CREATE VIRTUAL TABLE docs USING fts5(title, body, fields, ${TOKENIZE})`);
      // pages of 200 bytes and a skewed vocabulary: long doclists, so that terms start late on a page
      db.exec("INSERT INTO docs (docs, rank) VALUES ('pgsz', 200)");
      const rand = random(3);
      const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'an', 'el', 'or', 'us'];
      const word = () => Array.from({ length: 2 + Math.floor(rand() ** 2 * 3) }, () => syllables[Math.floor(rand() ** 2 * syllables.length)]).join('');
      const insert = db.prepare('INSERT INTO docs (rowid, title, body, fields) VALUES (?, ?, ?, ?)');
      for (let batch = 0; batch < 8; batch++)
        db.transaction(() => {
          for (let i = 1; i <= 250; i++) insert.run(batch * 250 + i, word(), Array.from({ length: 12 }, word).join(' '), '');
        })();
      // merged: a merge writes a term's first rowid on the next page when the term fills its page
      db.exec("INSERT INTO docs (docs) VALUES ('optimize')");
      db.exec("CREATE VIRTUAL TABLE temp.docs_rows USING fts5vocab(main, docs, 'row')");
      const terms = db.prepare('SELECT term FROM temp.docs_rows').pluck().all() as string[];
      assert.ok(terms.length > 500, `${terms.length} terms`);
      for (const term of terms) {
        const matching = db.prepare('SELECT rowid FROM docs WHERE docs MATCH ? ORDER BY rowid').pluck().all(`"${term}"`);
        assert.deepEqual(
          readRows(db, 'docs', term).map((row) => Number(row.split(':')[0])),
          matching,
          term,
        );
      }
    } finally {
      db.close();
    }
  });

  it('count a plain OR of words from their postings, the same as FTS5 counts it, and the words too, until the table changes', () => {
    const db = new Database(join(dir, 'union.db'));
    try {
      db.exec(`CREATE VIRTUAL TABLE docs USING fts5(title, body, fields, ${TOKENIZE})`);
      db.exec("INSERT INTO docs (docs, rank) VALUES ('pgsz', 64)");
      const rand = random(11);
      const insert = db.prepare('INSERT INTO docs (rowid, title, body, fields) VALUES (?, ?, ?, ?)');
      db.transaction(() => {
        for (let rowid = 1; rowid <= 3000; rowid++) insert.run(rowid, text(rand, 2), text(rand, 8), '');
      })();
      const counted = (expression: string) => db.prepare('SELECT count(*) FROM docs WHERE docs MATCH ?').pluck().get(expression) as number;
      const queries = [
        ['"apple"', '"pear"'],
        ['"pear"', '"melon"', '"peaches"'],
        ['"apple"', '"absent"'],
      ];
      for (let round = 0; round < 2; round++) {
        for (const phrases of queries) {
          const expression = `(${phrases.join(' OR ')})`;
          assert.equal(ftsMatchCount(db, 'docs', expression, phrases), counted(expression), expression);
          for (const phrase of phrases) assert.equal(ftsPhraseHits(db, 'docs', phrase), counted(phrase), phrase);
        }
        db.prepare('DELETE FROM docs WHERE rowid % 5 = 0').run();
        insert.run(5000, 'apple', 'melon', '');
      }
    } finally {
      db.close();
    }
  });
});
