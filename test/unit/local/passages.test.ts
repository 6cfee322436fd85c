import { strict as assert } from 'node:assert';
import { matcherOf, tokenize } from '../../../src/lib/local/search/query/analyzer.js';
import { cutPassages } from '../../../src/lib/local/search/query/passage-cut.js';
import { tokensFor } from '../../../src/lib/local/search/query/passage-tokens.js';

const words = (count: number, word = 'filler') => Array.from({ length: count }, () => word).join(' ');
const texts = (text: string, maxWords?: number) => cutPassages(text, tokenize(text), maxWords).map((span) => text.slice(span.start, span.end));

describe('local search: passages', function () {
  it('keeps a short text whole', () => {
    assert.deepEqual(texts('One sentence. Another one!'), ['One sentence. Another one!']);
    assert.deepEqual(texts(''), []);
  });

  it('ends a passage at the last sentence end of its second half, with its punctuation', () => {
    const text = `${words(7)}. ${words(2)}. ${words(6)}.`;
    assert.deepEqual(texts(text, 10), [`${words(7)}. ${words(2)}.`, `${words(6)}.`]);
  });

  it('cuts after the word limit when no sentence ends in the second half', () => {
    const text = `${words(2)}. ${words(20)}`;
    const cut = texts(text, 10);
    assert.deepEqual(
      cut.map((passage) => passage.split(' ').length),
      [10, 10, 2],
    );
    assert.equal(cut.join(' '), text, 'nothing is lost or repeated');
  });

  it('keeps every word within 200 by default', () => {
    const cut = texts(`${words(450)}.`);
    assert.deepEqual(
      cut.map((passage) => passage.split(' ').length),
      [200, 200, 50],
    );
  });

  it('stems only the words that can match a query term, and still counts every word', () => {
    const text = 'Running runners ran past the Éclairs and eclipses.';
    const tokens = tokensFor(text, [matcherOf('runs'), matcherOf('eclair')]);
    assert.equal(tokens.length, tokenize(text).length);
    assert.deepEqual(
      tokens.map((token) => token.term),
      ['run', 'runner', 'ran', '', '', 'eclair', '', 'eclips'],
    );
  });
});
