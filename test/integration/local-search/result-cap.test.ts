import { strict as assert } from 'node:assert';
import { activeIndex, ok, startTestService, textDoc, type TestService } from './support.js';

const DOCS = 130;
const ids = (answer: any): string[] => answer.ResultItems.map((item: any) => item.DocumentId);

describe('local search service: a query shows at most the 100 most relevant results', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const query = (input: Record<string, unknown>) => ok(endpoint, 'Query', { IndexId: index, QueryText: 'harbor', ...input });

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    // Document n mentions the word n + 1 times in a body of the same length: relevance falls with n.
    const documents = Array.from({ length: DOCS }, (_, n) => {
      const body = Array.from({ length: DOCS + 1 }, (__, i) => (i <= n ? 'harbor' : 'water')).join(' ');
      return textDoc(`doc-${String(DOCS - n).padStart(3, '0')}`, `note ${n}`, body);
    });
    for (let start = 0; start < DOCS; start += 10) {
      const put = await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: documents.slice(start, start + 10) });
      assert.deepEqual(put.FailedDocuments, []);
    }
  });
  after(async () => service.stop());

  it('leaves page 11 of 10 empty while counting every match', async () => {
    const page10 = await query({ PageSize: 10, PageNumber: 10 });
    assert.equal(page10.ResultItems.length, 10);
    const page11 = await query({ PageSize: 10, PageNumber: 11 });
    assert.deepEqual(page11.ResultItems, []);
    assert.equal(page11.TotalNumberOfResults, DOCS);
  });

  it('fills page 2 of 60 with the 40 results that remain of the first 100', async () => {
    const first = await query({ PageSize: 60, PageNumber: 1 });
    const second = await query({ PageSize: 60, PageNumber: 2 });
    assert.equal(first.ResultItems.length, 60);
    assert.equal(second.ResultItems.length, 40);
    assert.equal(second.TotalNumberOfResults, DOCS);
    const seen = [...ids(first), ...ids(second)];
    const expected = Array.from({ length: 100 }, (_, n) => `doc-${String(n + 1).padStart(3, '0')}`);
    assert.deepEqual(seen, expected, 'the 100 most relevant, best first');
  });

  it('caps a sorted query the same way', async () => {
    const sort = { SortingConfiguration: { DocumentAttributeKey: '_document_id', SortOrder: 'DESC' } };
    const last = await query({ PageSize: 30, PageNumber: 4, ...sort });
    assert.deepEqual(
      ids(last),
      Array.from({ length: 10 }, (_, n) => `doc-${String(40 - n).padStart(3, '0')}`),
    );
    const beyond = await query({ PageSize: 100, PageNumber: 2, ...sort });
    assert.deepEqual(beyond.ResultItems, []);
    assert.equal(beyond.TotalNumberOfResults, DOCS);
  });
});
