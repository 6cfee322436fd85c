import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIndexTables, documentsFts, strongTermsFts } from '../../../src/lib/local/search/core/fts-tables.js';
import { searchMigrations } from '../../../src/lib/local/search/core/schema.js';
import { ftsVocabulary } from '../../../src/lib/local/search/query/fts-terms.js';
import { impactTop } from '../../../src/lib/local/search/query/impact-top.js';
import type { Bm25Input, Scored } from '../../../src/lib/local/search/query/top-bm25.js';
import { impactTokenRange, strongTerms } from '../../../src/lib/local/search/resources/ranking-tiers.js';
import { openStore } from '../../../src/lib/local/store/open-store.js';

const INDEX = 2;
const TABLE = documentsFts(INDEX);
const DOCS = 3000;

/** Document `n`: `alpha` in most bodies (up to six times), in the title of one in nine; filler words of varied length. */
function text(n: number): { title: string; body: string } {
  const filler = Array.from({ length: 10 + ((n * 31) % 90) }, (_, i) => `f${(n * 7 + i * 13) % 97}`).join(' ');
  return { title: n % 9 === 0 ? 'Alpha report' : `report ${n}`, body: `${'alpha '.repeat(n % 7)}${filler}` };
}

describe('search schema: the impact-tokens migration (19)', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-impact-migration-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the strong terms of the stored documents again with their impact tokens, and one-word queries read them exactly', () => {
    const old = openStore(dir, [{ name: 'search', migrations: searchMigrations.filter((migration) => migration.version < 19) }]);
    try {
      old
        .prepare(
          `INSERT INTO search_indices (rowid, id, region, name, edition, settings, fields, created_at, updated_at, busy_state, busy_until)
           VALUES (?, 'old', 'us-east-1', 'old', 'DEVELOPER_EDITION', '{}', '[]', 0, 0, 'ACTIVE', 0)`,
        )
        .run(INDEX);
      createIndexTables(old, INDEX);
      const document = old.prepare(
        `INSERT INTO search_documents (rowid, index_rowid, doc_id, attributes, content_hash, text_bytes, created_at, updated_at) VALUES (?, ?, ?, '{}', '', 0, 0, 0)`,
      );
      const fts = old.prepare(`INSERT INTO ${TABLE} (rowid, title, body, fields) VALUES (?, ?, ?, '')`);
      // the strong terms as they were stored before schema 19: the terms alone
      const strong = old.prepare(`INSERT INTO ${strongTermsFts(INDEX)} (rowid, terms) VALUES (?, ?)`);
      old.transaction(() => {
        for (let n = 1; n <= DOCS; n++) {
          document.run(n, INDEX, `doc-${n}`);
          fts.run(n, text(n).title, text(n).body);
          strong.run(n, strongTerms(old, { ...text(n), fields: '' }));
        }
        old.prepare('INSERT INTO search_rank_tiers (index_rowid, min_doc_tokens) VALUES (?, 12)').run(INDEX);
      })();
      const [from, to] = impactTokenRange('alpha');
      assert.equal(
        old
          .prepare(`SELECT count(*) FROM ${ftsVocabulary(old, strongTermsFts(INDEX), 'row')} WHERE term >= ? AND term < ?`)
          .pluck()
          .get(from, to),
        0,
      );
    } finally {
      old.close();
    }

    const notices: string[] = [];
    const db = openStore(dir, [{ name: 'search', migrations: searchMigrations }], (step) => notices.push(step));
    try {
      assert.deepEqual(notices, ['adding impact tokens to the ranking tiers of 3,000 stored documents (search schema 19)']);
      // every strong holder of `alpha` (a title, or three times or more in the body) has one impact token of it
      const [from, to] = impactTokenRange('alpha');
      const holders = db
        .prepare(`SELECT sum(doc) FROM ${ftsVocabulary(db, strongTermsFts(INDEX), 'row')} WHERE term >= ? AND term < ?`)
        .pluck()
        .get(from, to);
      const expected = Array.from({ length: DOCS }, (_, i) => i + 1).filter((n) => n % 9 === 0 || n % 7 >= 3).length;
      assert.equal(holders, expected);
      for (const needed of [1, 10, 30]) {
        const input: Bm25Input = {
          db,
          indexRowid: INDEX,
          table: TABLE,
          expression: '"alpha"',
          phrases: ['"alpha"'],
          weights: { title: 4, body: 1, fields: 2 },
          allowed: null,
          needed,
        };
        const all = db.prepare(`SELECT rowid, -bm25(${TABLE}, 4, 1, 2) FROM ${TABLE} WHERE ${TABLE} MATCH ?`).raw().all('"alpha"') as Scored[];
        const full = all.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, needed);
        assert.deepEqual(impactTop(input), full, `${needed} needed`);
      }
    } finally {
      db.close();
    }
  });
});
