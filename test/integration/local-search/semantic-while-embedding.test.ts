import { strict as assert } from 'node:assert';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../support/fake-embeddings.js';
import { activeIndex, ok, startTestService, textDoc, until, type TestService } from './support.js';

const DOCS = [
  textDoc('garage', 'Garage', 'The garage on Pine Street is open to staff from 6 am to 10 pm.'),
  textDoc('visitors', 'Visitors', 'Visitors park in the garage on level 2 and sign in at the desk.'),
  textDoc('laptop', 'Equipment', 'Every new hire receives a laptop on the first day.'),
];

describe('semantic search: the keyword side is ranked while the query is embedded', function () {
  this.timeout(60_000);
  let fake: FakeEmbeddings;
  let test: TestService;
  let indexId: string;
  beforeEach(async () => {
    fake = await startFakeEmbeddings(64);
    test = await startTestService({ embeddings: `openai:${fake.baseUrl}` });
    indexId = await activeIndex(test.service.endpoint);
    await ok(test.service.endpoint, 'BatchPutDocument', { IndexId: indexId, Documents: DOCS });
    await until(async () => {
      const health = (await (await fetch(`${test.service.endpoint}/_nimbus/health`)).json()) as { counts: { search: { passagesToEmbed: number } } };
      return health.counts.search.passagesToEmbed === 0;
    }, 30_000);
  });
  afterEach(async () => {
    fake.hold = false;
    await test.stop();
    await fake.close();
  });

  /** Sends `operation` for "garage", deletes the garage document while its query waits for its embedding, then lets the embedding through. */
  async function deletedWhileEmbedding(operation: 'Query' | 'Retrieve'): Promise<{ ResultItems: Array<{ DocumentId: string; Type?: string }> }> {
    const { endpoint } = test.service;
    const asked = fake.requests.length;
    fake.hold = true;
    const answer = ok(endpoint, operation, { IndexId: indexId, QueryText: 'garage' });
    await until(() => Promise.resolve(fake.requests.length > asked), 10_000);
    await ok(endpoint, 'BatchDeleteDocument', { IndexId: indexId, DocumentIdList: ['garage'] });
    fake.hold = false;
    return answer;
  }

  it('Query: a document deleted meanwhile is not returned (the keyword side is ranked again when the documents changed)', async () => {
    const query = await deletedWhileEmbedding('Query');
    const ids = query.ResultItems.filter((item) => item.Type === 'DOCUMENT').map((item) => item.DocumentId);
    assert.ok(ids.includes('visitors'), `visitors among ${ids.join(', ')}`);
    assert.ok(!ids.includes('garage'), `garage deleted, yet among ${ids.join(', ')}`);
  });

  it('Retrieve: no passage of a document deleted meanwhile', async () => {
    const retrieve = await deletedWhileEmbedding('Retrieve');
    const ids = retrieve.ResultItems.map((item) => item.DocumentId);
    assert.ok(ids.includes('visitors'), `visitors among ${ids.join(', ')}`);
    assert.ok(!ids.includes('garage'), `garage deleted, yet among ${ids.join(', ')}`);
  });
});
