import { strict as assert } from 'node:assert';
import { activeIndex, call, ok, startTestService, textDoc, type TestService } from './support.js';

describe('local search service: query text length', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('a', 'Aurora', 'aurora borealis')] });
  });
  after(async () => service.stop());

  it('answers a query of exactly 1,000 characters', async () => {
    const text = `aurora ${'x'.repeat(993)}`;
    assert.equal(text.length, 1000);
    const answer = await ok(endpoint, 'Query', { IndexId: index, QueryText: text });
    assert.deepEqual(
      answer.ResultItems.map((item: any) => item.DocumentId),
      ['a'],
    );
  });

  it('refuses a query over 1,000 characters with a ValidationException', async () => {
    const answer = await call(endpoint, 'Query', { IndexId: index, QueryText: `aurora ${'x'.repeat(994)}` });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.__type, 'ValidationException');
    assert.match(answer.body.Message, /1001 characters.*at most 1000/);
  });

  it('counts characters, not UTF-16 code units', async () => {
    const answer = await ok(endpoint, 'Query', { IndexId: index, QueryText: `aurora ${'😀'.repeat(993)}` });
    assert.equal(answer.TotalNumberOfResults, 1);
  });

  // Kendra truncates queries at 30 token words, which excludes punctuation and stop words, Boolean
  // queries included (`Timeoff AND October AND Category:HR` is 3 tokens):
  // https://docs.aws.amazon.com/kendra/latest/APIReference/API_Query.html#kendra-Query-request-QueryText
  describe('the 30 token words Kendra searches with', () => {
    const filler = (count: number) => Array.from({ length: count }, (_, i) => `zz${i}`);
    const found = async (QueryText: string) => (await ok(endpoint, 'Query', { IndexId: index, QueryText })).ResultItems.map((item: any) => item.DocumentId);

    it('searches with the 30th token word and cuts the words after it', async () => {
      assert.deepEqual(await found([...filler(29), 'aurora'].join(' ')), ['a']);
      assert.deepEqual(await found([...filler(30), 'aurora'].join(' ')), [], 'the 31st word is cut');
      assert.deepEqual(await found(`${filler(29).join(' ')} "aurora borealis"`), ['a'], 'a phrase cut short keeps its quote');
    });

    it('counts neither stop words, punctuation, Boolean operators nor field names', async () => {
      assert.deepEqual(await found(`the of and ${filler(29).join(', ')}; what is aurora?`), ['a']);
      assert.deepEqual(await found(`${filler(29).join(' OR ')} OR aurora`), ['a']);
      assert.deepEqual(
        await found(
          `${filler(29)
            .map((word) => `field:${word}`)
            .join(' ')} aurora`,
        ),
        ['a'],
      );
      assert.deepEqual(await found(`the of and ${filler(30).join(', ')}; what is aurora?`), [], 'the 30 words before it count');
      assert.deepEqual(await found(`${filler(30).join(' OR ')} OR aurora`), []);
    });
  });
});
