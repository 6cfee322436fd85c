import { strict as assert } from 'node:assert';
import { activeIndex, ok, startTestService, textDoc, type TestService } from './support.js';

// The Query API returns document excerpts of up to 100 token words (the Retrieve API, passages of up to 200):
// https://docs.aws.amazon.com/kendra/latest/dg/searching-retrieve.html
// https://docs.aws.amazon.com/kendra/latest/dg/index-searching.html
// with highlights at offsets into the excerpt's text (TextWithHighlights, Highlight):
// https://docs.aws.amazon.com/kendra/latest/APIReference/API_TextWithHighlights.html
describe('local search service: document excerpts of up to 100 token words', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const filler = (from: number, count: number) => Array.from({ length: count }, (_, i) => `word${from + i}`).join(' ');
  const wordCount = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  const first = async (QueryText: string) => (await ok(endpoint, 'Query', { IndexId: index, QueryText })).ResultItems[0];
  const highlighted = (excerpt: { Text: string; Highlights: any[] }) => excerpt.Highlights.map((h) => excerpt.Text.slice(h.BeginOffset, h.EndOffset));

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('short', 'Eighty words', `The observatory opens at night. ${filler(0, 75)}.`),
        textDoc('long', 'Three hundred words', `${filler(100, 150)} The telescope dome turns. ${filler(300, 146)} telescope ${filler(500, 20)}.`),
      ],
    });
  });
  after(async () => service.stop());

  it('returns a document of up to 100 words whole', async () => {
    const item = await first('observatory');
    assert.equal(item.DocumentId, 'short');
    assert.equal(wordCount(item.DocumentExcerpt.Text), 80);
    assert.ok(item.DocumentExcerpt.Text.endsWith('word74.'), 'not cut at 200 characters');
    assert.deepEqual(highlighted(item.DocumentExcerpt), ['observatory']);
  });

  it('cuts a longer document to the 100 words around its matches, the highlights at their offsets in the excerpt', async () => {
    const item = await first('telescope');
    assert.equal(item.DocumentId, 'long');
    const excerpt = item.DocumentExcerpt;
    assert.equal(wordCount(excerpt.Text), 100);
    assert.ok(excerpt.Text.startsWith('word241 '), `opens a few words before the first match: ${excerpt.Text.slice(0, 40)}`);
    assert.deepEqual(highlighted(excerpt), ['telescope']);
    assert.ok(excerpt.Highlights.every((h: any) => h.Type === 'STANDARD' && h.TopAnswer === false));
  });

  it('picks the 100 words that hold the most matches', async () => {
    const excerpt = (await first('telescope dome word301 word302')).DocumentExcerpt;
    assert.equal(wordCount(excerpt.Text), 100);
    assert.deepEqual(highlighted(excerpt), ['telescope', 'dome', 'word301', 'word302']);
  });
});
