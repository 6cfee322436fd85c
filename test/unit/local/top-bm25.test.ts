import { strict as assert } from 'node:assert';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { createIndexTables, documentsFts } from '../../../src/lib/local/search/core/fts-tables.js';
import { buildMatchPlan } from '../../../src/lib/local/search/query/fts-expression.js';
import { parseQuery } from '../../../src/lib/local/search/query/parse-query.js';
import { expandSynonyms } from '../../../src/lib/local/search/query/synonyms.js';
import { boundedTop, topByBm25, type Bm25Input, type Scored } from '../../../src/lib/local/search/query/top-bm25.js';

const INDEX = 1;
const TABLE = documentsFts(INDEX);
const DOCS = 4000;
/** A vocabulary with Zipf-like frequencies: a few words are in a third of the documents or more, most are rare. */
const WORDS = Array.from({ length: 2000 }, (_, i) => `w${i.toString(36)}x`);
const CUMULATIVE: number[] = [];
for (let rank = 1, sum = 0; rank <= WORDS.length; rank++) CUMULATIVE.push((sum += 1 / rank ** 0.9));

/** A deterministic generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` words drawn by frequency. */
function words(random: () => number, count: number): string {
  return Array.from({ length: count }, () => {
    const target = random() * CUMULATIVE[CUMULATIVE.length - 1]!;
    let low = 0;
    for (let high = CUMULATIVE.length - 1; low < high;) {
      const middle = (low + high) >> 1;
      if (CUMULATIVE[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return WORDS[low];
  }).join(' ');
}

/** A real FTS5 table of generated documents: titles of 1 to 5 words, bodies of 40 to 120, searchable field text of 0 to 3. */
function corpus(): Database.Database {
  const db = new Database(':memory:');
  createIndexTables(db, INDEX);
  const random = generator(7);
  const insert = db.prepare(`INSERT INTO ${TABLE} (rowid, title, body, fields) VALUES (?, ?, ?, ?)`);
  db.transaction(() => {
    for (let rowid = 1; rowid <= DOCS; rowid++) {
      insert.run(rowid, words(random, 1 + Math.floor(random() * 5)), words(random, 40 + Math.floor(random() * 80)), words(random, Math.floor(random() * 4)));
    }
  })();
  return db;
}

/** A query's text from generated parts: words (mostly frequent ones), required words, phrases, prefixes, excluded words. */
const queryText = fc
  .array(fc.tuple(fc.constantFrom('', '', '', '', '+', '-', '*'), fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.boolean()), {
    minLength: 1,
    maxLength: 4,
  })
  .map((parts) =>
    parts
      .map(([sign, a, b, phrase]) => {
        const word = (n: number) => WORDS[Math.floor((n / 1000) ** 3 * 900)]!;
        if (sign === '*') return `${word(a).slice(0, 2)}*`;
        return phrase && sign === '+' ? `"${word(a)} ${word(b)}"` : `${sign}${word(a)}`;
      })
      .join(' '),
  );

/** The reference: every match scored by FTS5, filtered, sorted by score (then storing order), the best `needed`. */
function fullScoring(input: Bm25Input): Scored[] {
  const rows = input.db
    .prepare(`SELECT rowid, -bm25(${TABLE}, ?, ?, ?) FROM ${TABLE} WHERE ${TABLE} MATCH ?`)
    .raw()
    .all(input.weights.title, input.weights.body, input.weights.fields, input.expression) as Scored[];
  return rows
    .filter(([rowid]) => !input.allowed || input.allowed.has(rowid))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, input.needed);
}

describe('local search: the BM25 top equals full scoring', function () {
  this.timeout(120_000);
  let db: Database.Database;
  before(() => {
    db = corpus();
  });
  after(() => db.close());

  function input(text: string, needed: number, keepEvery: number, titleImportance: number): Bm25Input | null {
    const parsed = parseQuery(text);
    const plan = buildMatchPlan(expandSynonyms(parsed.should, []), expandSynonyms(parsed.must, []), parsed.not);
    if (!plan.match) return null;
    return {
      db,
      table: TABLE,
      expression: plan.excluded ? `(${plan.match}) NOT ${plan.excluded}` : plan.match,
      phrases: plan.phrases,
      weights: { title: 0.8 * titleImportance, body: 1, fields: 2 },
      allowed: keepEvery > 1 ? { has: (rowid: number) => rowid % keepEvery === 0 } : null,
      needed,
    };
  }

  it('finds the same documents, scores and order as scoring every match, on random queries', () => {
    let bounded = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        queryText,
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom(1, 1, 1, 2, 7),
        fc.integer({ min: 1, max: 10 }),
        (text, needed, keepEvery, importance) => {
          const query = input(text, needed, keepEvery, importance);
          if (!query) return;
          runs += 1;
          const expected = fullScoring(query);
          assert.deepEqual(topByBm25(query), expected, text);
          const pruned = boundedTop(query);
          if (pruned) {
            bounded += 1;
            assert.deepEqual(pruned, expected, text);
          }
        },
      ),
      { numRuns: 400, seed: 17 },
    );
    // MaxScore must actually have answered a fair share of the queries, not only the full scan
    assert.ok(bounded >= runs / 10, `MaxScore answered ${bounded} of ${runs} queries`);
  });

  it('answers by MaxScore when a rare and a common word are asked for', () => {
    const rare = WORDS[600]!;
    const common = WORDS[0]!;
    const query = input(`${rare} ${common}`, 10, 1, 5)!;
    const expected = fullScoring(query);
    assert.ok(expected.length === 10);
    assert.deepEqual(boundedTop(query), expected);
  });
});
