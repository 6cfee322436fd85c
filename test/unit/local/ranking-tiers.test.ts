import { strict as assert } from 'node:assert';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { ftsTermCounts } from '../../../src/lib/local/search/query/fts-terms.js';
import { documentTiers, STRONG_BODY_COUNT, strongTerms, termImpact } from '../../../src/lib/local/search/resources/ranking-tiers.js';

/** Words that stem together, differ in case, hold digits or sit in contractions and compounds. */
const WORDS = [
  'running',
  'runs',
  'RUN',
  'Runner',
  'caresses',
  'Ponies',
  'pony',
  'x1',
  'A',
  'i',
  'and',
  'generalizations',
  'general',
  '12',
  'ab12cd',
  'Naïve',
  'naive',
  'CAFÉ',
];
const SEPARATORS = [' ', ' ', ' ', '-', '.', '\n', '_', "'", ', ', '/'];

/** Text of words from the list above, joined by separators of several kinds. */
const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 40 })
  .map((parts) => parts.map(([word, separator]) => `${word}${separator}`).join(''));

/** The strong terms as FTS5 alone finds them: every term of the title and fields, the body's terms held often enough. */
function byFts5(db: Database.Database, title: string, body: string, fields: string): string[] {
  const strong = new Set([...ftsTermCounts(db, title).keys(), ...ftsTermCounts(db, fields).keys()]);
  for (const [term, count] of ftsTermCounts(db, body)) if (count >= STRONG_BODY_COUNT) strong.add(term);
  return [...strong].sort();
}

describe('ranking tiers: the strong terms of a document', function () {
  let db: Database.Database;
  before(() => {
    db = new Database(':memory:');
  });
  after(() => db.close());

  it('are the terms FTS5 indexes, for ASCII text (split here) and other text (split by FTS5)', () => {
    fc.assert(
      fc.property(text, text, text, (title, body, fields) => {
        const found = strongTerms(db, { title, body, fields }).split(' ').filter(Boolean).sort();
        assert.deepEqual(found, byFts5(db, title, body, fields));
        const ascii = (value: string) => value.replace(/[^\x00-\x7f]/g, 'e');
        assert.deepEqual(
          strongTerms(db, { title: ascii(title), body: ascii(body), fields: ascii(fields) })
            .split(' ')
            .filter(Boolean)
            .sort(),
          byFts5(db, ascii(title), ascii(body), ascii(fields)),
        );
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('know the document length in tokens as FTS5 counts it, for ASCII text and other text', () => {
    const tokens = (value: string) => [...ftsTermCounts(db, value).values()].reduce((sum, count) => sum + count, 0);
    fc.assert(
      fc.property(text, text, text, (title, body, fields) => {
        const ascii = (value: string) => value.replace(/[^\x00-\x7f]/g, 'e');
        assert.equal(documentTiers(db, { title, body, fields }).tokens, tokens(title) + tokens(body) + tokens(fields));
        assert.equal(
          documentTiers(db, { title: ascii(title), body: ascii(body), fields: ascii(fields) }).tokens,
          tokens(ascii(title)) + tokens(ascii(body)) + tokens(ascii(fields)),
        );
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('find every term of a document with more distinct words than are remembered between documents, and of the next one', () => {
    const distinct = Array.from({ length: 70_000 }, (_, n) => `w${n.toString(36)}x`);
    const body = [...distinct, ...distinct, ...distinct.slice(0, 100), ...distinct.slice(0, 100)].join(' ');
    assert.deepEqual(strongTerms(db, { title: '', body, fields: '' }).split(' ').sort(), byFts5(db, '', body, ''));
    assert.equal(documentTiers(db, { title: '', body, fields: '' }).tokens, 70_000 * 2 + 200);
    assert.equal(strongTerms(db, { title: 'w0x', body: 'w1x w1x w1x w2x', fields: '' }), 'w0x w1x');
  });

  it('give each strong term an impact token: its count in each column as FTS5 counts it, and a floor of the document length', () => {
    fc.assert(
      fc.property(text, text, text, fc.boolean(), (title, body, fields, asciiOnly) => {
        const ascii = (value: string) => (asciiOnly ? value.replace(/[^\x00-\x7f]/g, 'e') : value);
        const doc = { title: ascii(title), body: ascii(body), fields: ascii(fields) };
        const tiers = documentTiers(db, doc);
        const terms = tiers.terms.split(' ').filter(Boolean);
        const impacts = tiers.impacts.split(' ').filter(Boolean);
        assert.equal(impacts.length, terms.length);
        const [titleCounts, bodyCounts, fieldCounts] = [doc.title, doc.body, doc.fields].map((column) => ftsTermCounts(db, column));
        terms.forEach((term, i) => {
          const impact = termImpact(term, impacts[i]!);
          assert.ok(impact, impacts[i]);
          assert.deepEqual(
            { title: impact.title, body: impact.body, fields: impact.fields },
            { title: titleCounts!.get(term) ?? 0, body: bodyCounts!.get(term) ?? 0, fields: fieldCounts!.get(term) ?? 0 },
            impacts[i],
          );
          assert.ok(
            impact.leastTokens <= tiers.tokens && tiers.tokens < impact.leastTokens * 1.5 + 1,
            `${tiers.tokens} tokens, class floor ${impact.leastTokens}`,
          );
        });
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('tell no impact from a token of another term or a plain term', () => {
    const { impacts } = documentTiers(db, { title: 'run', body: '', fields: '' });
    assert.equal(termImpact('ru', impacts), null);
    assert.equal(termImpact('run', 'run'), null);
    assert.deepEqual(termImpact('run', impacts), { title: 1, body: 0, fields: 0, leastTokens: 1 });
  });

  it('count a term by its stem: three forms of one word in a body make it strong', () => {
    assert.equal(strongTerms(db, { title: '', body: 'running runs RUN walked', fields: '' }), 'run');
    assert.equal(strongTerms(db, { title: 'Café', body: 'naive Naïve', fields: '' }), 'cafe');
  });
});
