import { strict as assert } from 'node:assert';
import { cjkWords, segmentCjk, withoutWordBreaks } from '../../../src/lib/local/search/query/word-segments.js';

// Chinese, Japanese and Korean are searched by their words:
// https://docs.aws.amazon.com/kendra/latest/dg/in-adding-languages.html
describe('word segmentation of Chinese, Japanese and Korean', function () {
  const words = (run: string) => cjkWords(run).map(([start, end]) => run.slice(start, end));

  it('splits a long run in pieces at its clause marks, into the words each sentence has alone', () => {
    const sentence = '東京は日本の首都です。';
    const run = sentence.repeat(300);
    assert.ok(run.length > 512 * 6);
    assert.deepEqual(words(run), Array.from({ length: 300 }, () => words(sentence)).flat());
  });

  it('splits Korean particles off words of two syllables or more, and leaves short nouns whole', () => {
    assert.deepEqual(words('서울은'), ['서울', '은']);
    assert.deepEqual(words('서울에서'), ['서울', '에서']);
    assert.deepEqual(words('수도입니다'), ['수도', '입니다']);
    assert.deepEqual(words('사이'), ['사이']);
  });

  it('stores the words apart with an invisible separator that is taken out again', () => {
    const text = 'Tokyo: 東京は日本の首都です。';
    const stored = segmentCjk(text);
    assert.notEqual(stored, text);
    assert.equal(withoutWordBreaks(stored), text);
    assert.equal(segmentCjk('plain English text'), 'plain English text');
  });
});
