import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentsFts, strongTermsFts } from '../../../src/lib/local/search/core/fts-tables.js';
import { searchMigrations } from '../../../src/lib/local/search/core/schema.js';
import { tieredTop } from '../../../src/lib/local/search/query/tiered-top.js';
import type { Bm25Input, Scored } from '../../../src/lib/local/search/query/top-bm25.js';
import { smallestDocTokens } from '../../../src/lib/local/search/resources/ranking-tiers.js';
import { openStore } from '../../../src/lib/local/store/open-store.js';

const INDEX = 3;
const TABLE = documentsFts(INDEX);
/** An index whose documents' rows come between those of `INDEX`, as they do when several indexes take documents in turn. */
const OTHER = 4;

/** Document `n`: `alpha` in a third of them (three times, or in the title, in a fifth of those), `beta` in a quarter (`Béta bêta` too in a third of those). */
function text(n: number): { title: string; body: string } {
  const filler = Array.from({ length: 20 + (n % 17) }, (_, i) => `f${(n * 7 + i * 13) % 97}`).join(' ');
  const alpha = n % 3 !== 0 ? '' : n % 10 === 0 ? 'alpha alpha alpha ' : 'alpha ';
  const beta = n % 4 !== 0 ? '' : n % 12 === 0 ? ' beta Béta bêta' : ' beta';
  return { title: n % 15 === 0 ? 'Alpha report' : `report ${n}`, body: `${alpha}${filler}${beta}` };
}

describe('search schema: the ranking-tiers migration', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-tiers-migration-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('fills the ranking tiers of the documents stored before it, and queries through them give the full-scoring top', () => {
    const before = searchMigrations.filter((migration) => migration.version < 12);
    const old = openStore(dir, [{ name: 'search', migrations: before }]);
    try {
      const index = old.prepare(
        `INSERT INTO search_indices (rowid, id, region, name, edition, settings, fields, created_at, updated_at, busy_state, busy_until)
         VALUES (?, ?, 'us-east-1', 'old', 'DEVELOPER_EDITION', '{}', '[]', 0, 0, 'ACTIVE', 0)`,
      );
      const document = old.prepare(
        `INSERT INTO search_documents (rowid, index_rowid, doc_id, attributes, content_hash, text_bytes, created_at, updated_at) VALUES (?, ?, ?, '{}', '', 0, 0, 0)`,
      );
      // the full-text tables as indexes had them before the migration; each row has its document's rowid
      const fts = (indexRowid: number) => {
        index.run(indexRowid, `index-${indexRowid}`);
        old.exec(`CREATE VIRTUAL TABLE ${documentsFts(indexRowid)} USING fts5(title, body, fields, tokenize = 'porter unicode61 remove_diacritics 2')`);
        return old.prepare(`INSERT INTO ${documentsFts(indexRowid)} (rowid, title, body, fields) VALUES (?, ?, ?, '')`);
      };
      const [insert, insertOther] = [fts(INDEX), fts(OTHER)];
      old.transaction(() => {
        // document n of INDEX has rowid 2n; the other index's documents, which all hold `alpha` in their title and are shorter, fill the rowids between
        for (let n = 1; n <= 3000; n++) {
          document.run(2 * n, INDEX, `doc-${n}`);
          insert.run(2 * n, text(n).title, text(n).body);
          document.run(2 * n - 1, OTHER, `doc-${n}`);
          insertOther.run(2 * n - 1, 'alpha', 'short');
        }
      })();
      assert.equal(smallestDocTokensOrNone(old), 'no table');
    } finally {
      old.close();
    }

    const notices: string[] = [];
    const db = openStore(dir, [{ name: 'search', migrations: searchMigrations }], (step) => notices.push(step));
    try {
      // schema 17 (semantic search) then cuts the same documents into passages, queued for embedding; schema 19 makes the tiers again with impact tokens
      assert.deepEqual(notices, [
        'building the ranking tiers of 6,000 stored documents (search schema 12)',
        'cutting 6,000 stored documents into passages for semantic search (search schema 17)',
        'adding impact tokens to the ranking tiers of 6,000 stored documents (search schema 19)',
      ]);
      assert.equal(db.prepare('SELECT count(DISTINCT doc_rowid) FROM search_passages WHERE vector IS NULL').pluck().get(), 6000);
      assert.equal(smallestDocTokens(db, OTHER), 2);
      const otherStrong = db.prepare(`SELECT count(*) FROM ${strongTermsFts(OTHER)} WHERE ${strongTermsFts(OTHER)} MATCH ?`).pluck();
      assert.equal(otherStrong.get('"alpha"'), 3000);
      assert.equal(otherStrong.get('"report"'), 0);
      // strong holders of `alpha`: the titles that hold it (every fifteenth), and the bodies that hold it three times (every thirtieth, among them)
      const strong = db
        .prepare(`SELECT rowid FROM ${strongTermsFts(INDEX)} WHERE ${strongTermsFts(INDEX)} MATCH ? ORDER BY rowid`)
        .pluck()
        .all('"alpha"');
      const expected = Array.from({ length: 3000 }, (_, i) => i + 1)
        .filter((n) => n % 15 === 0)
        .map((n) => 2 * n);
      assert.deepEqual(strong, expected);
      // `bêta` and `Béta` are indexed as `beta`: with `beta`, three times in every twelfth body
      const strongBeta = db
        .prepare(`SELECT count(*) FROM ${strongTermsFts(INDEX)} WHERE ${strongTermsFts(INDEX)} MATCH ?`)
        .pluck()
        .get('"beta"');
      assert.equal(strongBeta, 250);
      const shortest = Math.min(...Array.from({ length: 3000 }, (_, i) => `${text(i + 1).title} ${text(i + 1).body}`.split(' ').length));
      assert.equal(smallestDocTokens(db, INDEX), shortest);

      for (const [expression, needed] of [
        ['"alpha"', 10],
        ['("alpha" OR "beta")', 10],
        ['("alpha" OR "beta")', 100],
      ] as const) {
        const input: Bm25Input = {
          db,
          indexRowid: INDEX,
          table: TABLE,
          expression,
          phrases: expression.replace(/[()]/g, '').split(' OR '),
          weights: { title: 4, body: 1, fields: 2 },
          allowed: null,
          needed,
        };
        const all = db.prepare(`SELECT rowid, -bm25(${TABLE}, 4, 1, 2) FROM ${TABLE} WHERE ${TABLE} MATCH ?`).raw().all(expression) as Scored[];
        const full = all.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, needed);
        assert.equal(full.length, needed);
        assert.deepEqual(tieredTop(input), full, expression);
      }
    } finally {
      db.close();
    }
  });

  it('tells nothing when the data dir holds no document', () => {
    const empty = join(dir, 'empty');
    const notices: string[] = [];
    openStore(empty, [{ name: 'search', migrations: searchMigrations.filter((migration) => migration.version < 12) }]).close();
    openStore(empty, [{ name: 'search', migrations: searchMigrations }], (step) => notices.push(step)).close();
    const fresh = openStore(join(dir, 'fresh'), [{ name: 'search', migrations: searchMigrations }], (step) => notices.push(step));
    try {
      assert.equal(
        fresh.prepare("SELECT max(version) FROM schema_migrations WHERE module = 'search'").pluck().get(),
        Math.max(...searchMigrations.map((migration) => migration.version)),
      );
    } finally {
      fresh.close();
    }
    assert.deepEqual(notices, []);
  });
});

/** The smallest document length kept for the index, or `no table` before the migration made its table. */
function smallestDocTokensOrNone(db: Parameters<typeof smallestDocTokens>[0]): number | null | 'no table' {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'search_rank_tiers'").get();
  return table ? smallestDocTokens(db, INDEX) : 'no table';
}
