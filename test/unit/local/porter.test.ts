import { strict as assert } from 'node:assert';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { term, tokenize, findSpans, matcherOf } from '../../../src/lib/local/search/query/analyzer.js';

/** The terms SQLite's FTS5 indexes a text as, with the tokenizer the local service uses. */
function fts5Terms(db: Database.Database, text: string): string[] {
  db.exec('DELETE FROM probe');
  db.prepare('INSERT INTO probe (x) VALUES (?)').run(text);
  return db.prepare('SELECT term FROM probe_vocab ORDER BY term').pluck().all() as string[];
}

describe('local search: the analyzer agrees with FTS5', function () {
  let db: Database.Database;
  before(() => {
    db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE probe USING fts5(x, tokenize = 'porter unicode61 remove_diacritics 2')");
    db.exec("CREATE VIRTUAL TABLE probe_vocab USING fts5vocab(probe, 'row')");
  });
  after(() => db.close());

  it('stems the classic Porter examples as FTS5 does', () => {
    const words = [
      'caresses',
      'ponies',
      'ties',
      'feed',
      'agreed',
      'plastered',
      'motoring',
      'conflated',
      'hopping',
      'falling',
      'filing',
      'happy',
      'relational',
      'conditional',
      'digitizer',
      'vietnamization',
      'hopefulness',
      'triplicate',
      'electrical',
      'allowance',
      'replacement',
      'adoption',
      'homologous',
      'controlling',
      'generalizations',
      'Naïve',
      'CAFÉ',
      'sunlight',
      'running',
      'a',
      'is',
      'xyz1',
    ];
    for (const word of words) assert.deepEqual([term(word)], fts5Terms(db, word), word);
  });

  it('stems any word as FTS5 does (property)', () => {
    const letters = 'abcdeilmnorstuyz'.split('');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 14 }), (chars) => {
        const word = chars.join('');
        assert.deepEqual([term(word)], fts5Terms(db, word), word);
      }),
      { numRuns: 400 },
    );
  });

  it('tokenizes text into the terms FTS5 indexes', () => {
    const text = 'The quick-brown foxes, running in 2024: déjà vu!';
    assert.deepEqual([...new Set(tokenize(text).map((token) => token.term))].sort(), fts5Terms(db, text));
    const tokens = tokenize(text);
    assert.equal(text.slice(tokens[2]!.start, tokens[2]!.end), 'brown');
  });

  it('finds words, prefixes and phrases, merging overlaps', () => {
    const text = 'Solar panels and a solar eclipse; panelling';
    const tokens = tokenize(text);
    const spans = (matchers: ReturnType<typeof matcherOf>[]) => findSpans(tokens, matchers).map(([a, b]) => text.slice(a, b));
    assert.deepEqual(spans([matcherOf('panels')]), ['panels', 'panelling'], 'both stem to panel');
    assert.deepEqual(spans([matcherOf('pane')]), []);
    assert.deepEqual(spans([matcherOf('pane', true)]), ['panels', 'panelling']);
    assert.deepEqual(spans([matcherOf('solar eclipse')]), ['solar eclipse']);
    assert.deepEqual(spans([matcherOf('solar eclipse'), matcherOf('eclipse')]), ['solar eclipse']);
  });
});
