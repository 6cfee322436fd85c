import { strict as assert } from 'node:assert';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import type { FieldConfig } from '../../../src/lib/local/search/core/fields.js';
import { createIndexTables, documentsFts, strongTermsFts } from '../../../src/lib/local/search/core/fts-tables.js';
import { searchMigrations } from '../../../src/lib/local/search/core/schema.js';
import { buildMatchPlan } from '../../../src/lib/local/search/query/fts-expression.js';
import { ftsTerms } from '../../../src/lib/local/search/query/fts-terms.js';
import { parseQuery } from '../../../src/lib/local/search/query/parse-query.js';
import { expandSynonyms } from '../../../src/lib/local/search/query/synonyms.js';
import { impactMaxScore } from '../../../src/lib/local/search/query/impact-maxscore.js';
import { impactTop } from '../../../src/lib/local/search/query/impact-top.js';
import { postingsTop } from '../../../src/lib/local/search/query/postings-top.js';
import { tieredTop } from '../../../src/lib/local/search/query/tiered-top.js';
import { boundedTop, topByBm25, type Bm25Input, type Scored } from '../../../src/lib/local/search/query/top-bm25.js';
import { deleteDocument, refreshSearchableText, writeDocument, type PreparedDocument } from '../../../src/lib/local/search/resources/document-store.js';
import { documentTiers, impactTokenRange, strongTerms } from '../../../src/lib/local/search/resources/ranking-tiers.js';
import { ftsVocabulary } from '../../../src/lib/local/search/query/fts-terms.js';

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

/** A searchable custom field, indexed in the `fields` column. */
const FIELDS: FieldConfig[] = [{ Name: 'topic', Type: 'STRING_VALUE', Search: { Facetable: false, Searchable: true, Displayable: false, Sortable: false } }];

/** Some words written with capitals or diacritics (FTS5 folds them to the same terms), so that non-ASCII text is indexed too. */
function varied(random: () => number, text: string): string {
  return text.replace(/\S+/g, (word) => (random() < 0.1 ? word.replace('x', 'ẍ') : random() < 0.1 ? word.toUpperCase() : word));
}

/** A generated document: title of 1 to 5 words, body of 40 to 120, searchable field text of 0 to 3. */
function generated(random: () => number, id: string): PreparedDocument {
  const topic = words(random, Math.floor(random() * 4));
  return {
    id,
    title: words(random, 1 + Math.floor(random() * 5)),
    text: varied(random, words(random, 40 + Math.floor(random() * 80))),
    contentType: 'PLAIN_TEXT',
    attrs: topic ? { topic: { t: 'STRING_VALUE', v: topic } } : {},
    acl: null,
    dataSourceId: null,
  };
}

/** A database with the search schema and one index of generated documents, stored as the service stores them. */
function corpus(): Database.Database {
  const db = new Database(':memory:');
  for (const migration of searchMigrations) migration.up(db);
  createIndexTables(db, INDEX);
  const random = generator(7);
  db.transaction(() => {
    for (let n = 1; n <= DOCS; n++) writeDocument(db, INDEX, FIELDS, generated(random, `doc-${n}`), 0);
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

  function input(text: string, needed: number, keepEvery: number, titleImportance: number, bodyImportance = 5): Bm25Input | null {
    const parsed = parseQuery(text);
    const plan = buildMatchPlan(expandSynonyms(parsed.should, []), expandSynonyms(parsed.must, []), parsed.not);
    if (!plan.match) return null;
    return {
      db,
      indexRowid: INDEX,
      table: TABLE,
      expression: plan.excluded ? `(${plan.match}) NOT ${plan.excluded}` : plan.match,
      phrases: plan.phrases,
      weights: { title: 0.8 * titleImportance, body: 0.2 * bodyImportance, fields: 2 },
      allowed: keepEvery > 1 ? { has: (rowid: number) => rowid % keepEvery === 0 } : null,
      needed,
    };
  }

  /** Checks `topByBm25`, and each shortcut that answers, against full scoring on random queries; how often each shortcut answered. */
  function checkRandomQueries(runsWanted: number, seed: number): { runs: number; bounded: number; tiered: number; impact: number; maxScore: number } {
    const counts = { runs: 0, bounded: 0, tiered: 0, impact: 0, maxScore: 0 };
    fc.assert(
      fc.property(
        queryText,
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom(1, 1, 1, 2, 7),
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom(5, 5, 1, 10),
        (text, needed, keepEvery, importance, bodyImportance) => {
          const query = input(text, needed, keepEvery, importance, bodyImportance);
          if (!query) return;
          counts.runs += 1;
          const expected = fullScoring(query);
          assert.deepEqual(topByBm25(query), expected, text);
          const pruned = boundedTop(query);
          if (pruned) {
            counts.bounded += 1;
            assert.deepEqual(pruned, expected, text);
          }
          const tiered = tieredTop(query);
          if (tiered) {
            counts.tiered += 1;
            assert.deepEqual(tiered, expected, text);
          }
          const impact = impactTop(query);
          if (impact) {
            counts.impact += 1;
            assert.deepEqual(impact, expected, text);
          }
          const maxScore = impactMaxScore(query);
          if (maxScore) {
            counts.maxScore += 1;
            assert.deepEqual(maxScore, expected, text);
          }
        },
      ),
      { numRuns: runsWanted, seed },
    );
    return counts;
  }

  /** The title, body and fields each document of the index has now. */
  function storedText(): Array<{ rowid: number; title: string; body: string; fields: string }> {
    return db.prepare(`SELECT rowid, title, body, fields FROM ${TABLE}`).all() as Array<{ rowid: number; title: string; body: string; fields: string }>;
  }

  /**
   * Checks that the strong holders of the common words are exactly those of the text now stored,
   * and that the smallest document length kept is no more than any document's; returns how many
   * strong holders each common word has.
   */
  function checkTiersOfStoredText(): number[] {
    const stored = storedText();
    const counts = WORDS.slice(0, 6).map((word) => {
      const [term] = ftsTerms(db, word);
      const expected = stored.filter((row) => strongTerms(db, row).split(' ').includes(term!)).map((row) => row.rowid);
      const strong = db
        .prepare(`SELECT rowid FROM ${strongTermsFts(INDEX)} WHERE ${strongTermsFts(INDEX)} MATCH ? ORDER BY rowid`)
        .pluck()
        .all(`"${term}"`);
      assert.deepEqual(strong, expected, word);
      // each strong holder under exactly one impact token of the word: the one its text gives
      const [from, to] = impactTokenRange(term!);
      const tokens = db
        .prepare(`SELECT term FROM ${ftsVocabulary(db, strongTermsFts(INDEX), 'row')} WHERE term >= ? AND term < ?`)
        .pluck()
        .all(from, to) as string[];
      const byToken = tokens.flatMap((token) =>
        (
          db
            .prepare(`SELECT rowid FROM ${strongTermsFts(INDEX)} WHERE ${strongTermsFts(INDEX)} MATCH ?`)
            .pluck()
            .all(`"${token}"`) as number[]
        ).map((rowid) => `${rowid} ${token}`),
      );
      const expectedTokens = stored.flatMap((row) =>
        documentTiers(db, row)
          .impacts.split(' ')
          .filter((token) => token >= from && token < to)
          .map((token) => `${row.rowid} ${token}`),
      );
      assert.deepEqual(byToken.sort(), expectedTokens.sort(), word);
      return expected.length;
    });
    const shortest = Math.min(...stored.map((row) => [row.title, row.body, row.fields].join(' ').split(/\s+/).filter(Boolean).length));
    const kept = db.prepare('SELECT min_doc_tokens FROM search_rank_tiers WHERE index_rowid = ?').pluck().get(INDEX) as number;
    assert.ok(kept <= shortest, `smallest document length ${kept}, a document of ${shortest}`);
    return counts;
  }

  it('finds the same documents, scores and order as scoring every match, on random queries', () => {
    const { runs, bounded, tiered } = checkRandomQueries(400, 17);
    // the shortcuts must actually have answered a fair share of the queries, not only the full scan
    assert.ok(bounded >= runs / 10, `MaxScore answered ${bounded} of ${runs} queries`);
    assert.ok(tiered >= runs / 10, `the ranking tiers answered ${tiered} of ${runs} queries`);
  });

  it('answers by MaxScore when a rare and a common word are asked for', () => {
    const rare = WORDS[600]!;
    const common = WORDS[0]!;
    const query = input(`${rare} ${common}`, 10, 1, 5)!;
    const expected = fullScoring(query);
    assert.ok(expected.length === 10);
    assert.deepEqual(boundedTop(query), expected);
  });

  it('answers queries made only of common words through the ranking tiers, exactly', () => {
    let tiered = 0;
    let runs = 0;
    // words held by 15% to 45% of the documents (the commonest have an IDF of almost nothing)
    const share = (word: string) => (db.prepare(`SELECT count(*) FROM ${TABLE} WHERE ${TABLE} MATCH ?`).pluck().get(`"${word}"`) as number) / DOCS;
    const common = WORDS.slice(0, 60).filter((word) => share(word) >= 0.15 && share(word) <= 0.45);
    assert.ok(common.length >= 5, `${common.length} common words`);
    const [a, b, c, d, e] = common as [string, string, string, string, string];
    for (const text of [a, b, `${a} ${b}`, `${c} ${d}`, `${a} ${c} ${e}`, `+${b} ${d}`, `${b} -${e}`, `${a.toUpperCase()} ${b} ${b}`]) {
      for (const needed of [1, 10, 40, 100]) {
        for (const keepEvery of [1, 3]) {
          const query = input(text, needed, keepEvery, 5)!;
          const expected = fullScoring(query);
          assert.equal(expected.length, needed, text);
          runs += 1;
          const found = tieredTop(query);
          if (found) tiered += 1;
          assert.deepEqual(found ?? topByBm25(query), expected, `${text}, ${needed} needed, every ${keepEvery}`);
        }
      }
    }
    assert.ok(tiered >= runs / 2, `the ranking tiers answered ${tiered} of ${runs} queries`);
  });

  /** The words held by at least a quarter of the documents (so that a one-word query of them may be answered by impact). */
  function commonWords(): string[] {
    const share = (word: string) => (db.prepare(`SELECT count(*) FROM ${TABLE} WHERE ${TABLE} MATCH ?`).pluck().get(`"${word}"`) as number) / DOCS;
    return WORDS.slice(0, 40).filter((word) => share(word) >= 0.25);
  }

  /**
   * Checks `path` and `topByBm25` against full scoring for every text × needed results × filter
   * (every `keepEvery`-th document kept) × column weights; of the cases `counted` picks, how many
   * there were and how many `path` answered (it may decline with null).
   */
  function sweep(
    texts: readonly string[],
    weights: ReadonlyArray<readonly [number, number]>,
    path: (query: Bm25Input) => Scored[] | null,
    counted: (needed: number, keepEvery: number) => boolean,
  ): { runs: number; answered: number } {
    const counts = { runs: 0, answered: 0 };
    for (const text of texts) {
      for (const needed of [1, 10, 40, 120]) {
        for (const keepEvery of [1, 2, 7]) {
          for (const [title, body] of weights) {
            const query = input(text, needed, keepEvery, title, body)!;
            const expected = fullScoring(query);
            const what = `${text}, ${needed} needed, every ${keepEvery}, importance ${title}/${body}`;
            const count = counted(needed, keepEvery);
            if (count) counts.runs += 1;
            const found = path(query);
            if (found) {
              if (count) counts.answered += 1;
              assert.deepEqual(found, expected, what);
            }
            assert.deepEqual(topByBm25(query), expected, what);
          }
        }
      }
    }
    return counts;
  }

  /**
   * Checks one-word queries of the common words (many needs, filters and column weights) against
   * full scoring; of those that need at most 10 results and keep at least half the documents
   * (the top within a few percent of the holders), how many there were and how many were
   * answered by impact.
   */
  function checkOneCommonWord(): { runs: number; impact: number } {
    const words = commonWords();
    assert.ok(words.length >= 4, `${words.length} common words`);
    const weights = [
      [5, 5],
      [1, 10],
      [10, 1],
      [3, 7],
    ] as const;
    const { runs, answered } = sweep(words, weights, impactTop, (needed, keepEvery) => needed <= 10 && keepEvery <= 2);
    return { runs, impact: answered };
  }

  /** The several-word weightings of title and body the sweeps of word sets use. */
  const SET_WEIGHTS = [
    [5, 5],
    [1, 10],
    [10, 1],
  ] as const;

  /**
   * Queries of two to four words: pairs and triples of common and mid-frequency words, a word
   * written twice, words that are one term (FTS5 folds case and diacritics: two phrases of one
   * term). `common` keeps only the sets of mostly common words.
   */
  function wordSets(common: boolean): string[] {
    const pick = (ranks: number[]) => ranks.map((rank) => WORDS[rank]!).join(' ');
    // sets of mostly common words (their holders a tenth of the documents or more), then sets with rarer words
    const held = [
      [0, 1],
      [2, 5, 9],
      [0, 3, 7, 12],
      [1, 60, 200],
      [3, 3, 6],
      [50, 90, 140],
    ];
    const mixed = [
      [4, 30],
      [8, 15, 40],
      [20, 25],
      [0, 11, 300],
    ];
    return [
      ...(common ? held : [...held, ...mixed]).map(pick),
      `${WORDS[2]} ${WORDS[2]!.toUpperCase()} ${WORDS[9]}`,
      `${WORDS[1]!.replace('x', 'ẍ')} ${WORDS[1]} ${WORDS[4]}`,
    ];
  }

  /** Checks `wordSets(false)` against full scoring; how many runs there were and how many MaxScore over the impact tokens answered. */
  function checkWordSets(): { runs: number; maxScore: number } {
    const { runs, answered } = sweep(wordSets(false), SET_WEIGHTS, impactMaxScore, () => true);
    return { runs, maxScore: answered };
  }

  /** Checks `wordSets(true)` against full scoring through the words' postings, read from the stored doclists; how many runs there were and how many the postings answered. */
  function checkPostings(): { runs: number; postings: number } {
    const { runs, answered } = sweep(wordSets(true), SET_WEIGHTS, postingsTop, () => true);
    return { runs, postings: answered };
  }

  it('answers plain ORs of words from their postings (read from the stored doclists), exactly', () => {
    const { runs, postings } = checkPostings();
    assert.ok(postings >= runs / 2, `the postings answered ${postings} of ${runs} queries`);
  });

  it('answers queries of several words by MaxScore over the impact tokens, exactly', () => {
    const { runs, maxScore } = checkWordSets();
    assert.ok(maxScore >= runs / 3, `MaxScore over the impact tokens answered ${maxScore} of ${runs} queries`);
  });

  it('answers one common word by impact (the strong holders read best first), exactly', () => {
    const { runs, impact } = checkOneCommonWord();
    assert.ok(impact >= runs / 2, `impact answered ${impact} of ${runs} queries`);
  });

  it('keeps the ranking tiers exact while documents are replaced and deleted', () => {
    const random = generator(23);
    db.transaction(() => {
      for (let n = 1; n <= DOCS; n += 5) deleteDocument(db, INDEX, `doc-${n}`);
      // replaced documents: new text, some of them much shorter than any document before
      for (let n = 3; n <= DOCS; n += 7) {
        const doc = generated(random, `doc-${n}`);
        writeDocument(db, INDEX, FIELDS, n % 3 === 0 ? { ...doc, text: words(random, 5) } : doc, 0);
      }
    })();
    const holders = checkTiersOfStoredText();
    assert.ok(
      holders.every((count) => count > 0),
      `strong holders of the common words: ${holders.join(', ')}`,
    );
    const { runs, tiered } = checkRandomQueries(150, 29);
    assert.ok(tiered >= runs / 10, `the ranking tiers answered ${tiered} of ${runs} queries`);
    const common = checkOneCommonWord();
    assert.ok(common.impact >= common.runs / 3, `impact answered ${common.impact} of ${common.runs} queries`);
    const sets = checkWordSets();
    assert.ok(sets.maxScore >= sets.runs / 4, `MaxScore over the impact tokens answered ${sets.maxScore} of ${sets.runs} queries`);
    const postings = checkPostings();
    assert.ok(postings.postings >= postings.runs / 2, `the postings answered ${postings.postings} of ${postings.runs} queries`);
  });

  it('keeps the ranking tiers exact when the searchable fields change', () => {
    // the custom field is no longer searchable: its words leave the documents (and their lengths), and are no longer strong
    const hidden = FIELDS.map((field) => ({ ...field, Search: { ...field.Search, Searchable: false } }));
    db.transaction(() => refreshSearchableText(db, INDEX, hidden))();
    assert.ok(storedText().every((row) => row.fields === ''));
    checkTiersOfStoredText();
    const { runs, tiered } = checkRandomQueries(100, 31);
    assert.ok(tiered >= runs / 10, `the ranking tiers answered ${tiered} of ${runs} queries`);
    const common = checkOneCommonWord();
    assert.ok(common.impact >= common.runs / 3, `impact answered ${common.impact} of ${common.runs} queries`);
    const sets = checkWordSets();
    assert.ok(sets.maxScore >= sets.runs / 4, `MaxScore over the impact tokens answered ${sets.maxScore} of ${sets.runs} queries`);
  });
});
