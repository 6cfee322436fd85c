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
});
