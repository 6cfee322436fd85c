import { strict as assert } from 'node:assert';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../support/fake-embeddings.js';
import { activeIndex, ok, startTestService, textDoc, until, type TestService } from './support.js';

async function health(endpoint: string): Promise<{ passagesToEmbed: number; passagesEmbedded: number }> {
  const answer = (await (await fetch(`${endpoint}/_nimbus/health`)).json()) as { counts: { search: { passagesToEmbed: number; passagesEmbedded: number } } };
  return answer.counts.search;
}

async function statuses(endpoint: string, indexId: string, ids: string[]): Promise<string[]> {
  const answer = await ok(endpoint, 'BatchGetDocumentStatus', { IndexId: indexId, DocumentInfoList: ids.map((DocumentId) => ({ DocumentId })) });
  return answer.DocumentStatusList.map((status: { DocumentStatus: string }) => status.DocumentStatus);
}

describe('semantic search: passages and their background embedding (openai: provider, loopback fake)', () => {
  let fake: FakeEmbeddings;
  let test: TestService;
  let indexId: string;
  beforeEach(async () => {
    fake = await startFakeEmbeddings();
    test = await startTestService({ embeddings: `openai:${fake.baseUrl}#fake-model` });
    indexId = await activeIndex(test.service.endpoint);
  });
  afterEach(async () => {
    await test.stop();
    await fake.close();
  });

  it('finds a document by keyword as soon as it is stored, says PROCESSING while its passages wait, counts the backlog, then INDEXED', async () => {
    const { endpoint } = test.service;
    fake.hold = true;
    const long = Array.from({ length: 250 }, (_, i) => `word${i}`).join(' ');
    await ok(endpoint, 'BatchPutDocument', { IndexId: indexId, Documents: [textDoc('a', 'Alpha', 'The alpha handbook.'), textDoc('b', 'Beta', long)] });
    const found = await ok(endpoint, 'Query', { IndexId: indexId, QueryText: 'handbook' });
    assert.deepEqual(
      found.ResultItems.map((item: { DocumentId: string }) => item.DocumentId),
      ['a'],
    );
    assert.deepEqual(await statuses(endpoint, indexId, ['a', 'b']), ['PROCESSING', 'PROCESSING']);
    const backlog = await health(endpoint);
    assert.equal(backlog.passagesToEmbed, 4, 'one passage for a, three of at most 100 words for b');
    fake.hold = false;
    await until(async () => (await health(endpoint)).passagesToEmbed === 0);
    assert.deepEqual(await statuses(endpoint, indexId, ['a', 'b']), ['INDEXED', 'INDEXED']);
    assert.equal((await health(endpoint)).passagesEmbedded, 4);
    assert.equal(fake.requests[0]!.model, 'fake-model');
    const embedded = fake.requests.flatMap((request) => request.input);
    assert.equal(embedded.length, 4, 'every passage embedded once');
    assert.ok(embedded.includes('Alpha\nThe alpha handbook.'), 'the title goes with the passage');
  });

  it('deleting or replacing a document removes its vectors in the same transaction', async () => {
    const { endpoint } = test.service;
    await ok(endpoint, 'BatchPutDocument', { IndexId: indexId, Documents: [textDoc('a', 'Alpha', 'First text.'), textDoc('b', 'Beta', 'Second text.')] });
    await until(async () => (await health(endpoint)).passagesToEmbed === 0 && (await health(endpoint)).passagesEmbedded === 2);
    fake.hold = true;
    await ok(endpoint, 'BatchPutDocument', { IndexId: indexId, Documents: [textDoc('a', 'Alpha', 'Replaced text.')] });
    await ok(endpoint, 'BatchDeleteDocument', { IndexId: indexId, DocumentIdList: ['b'] });
    const db = new Database(join(test.dataDir, 'nimbus.db'), { readonly: true, fileMustExist: false });
    try {
      const rows = db.prepare('SELECT doc_rowid, vector IS NOT NULL AS embedded FROM search_passages').all() as Array<{ embedded: number }>;
      assert.deepEqual(
        rows.map((row) => row.embedded),
        [0],
        "b's passage and vector are gone, a's old vector with its old passage",
      );
    } finally {
      db.close();
    }
    assert.deepEqual(await statuses(endpoint, indexId, ['a', 'b']), ['PROCESSING', 'NOT_FOUND']);
    fake.hold = false;
    await until(async () => (await statuses(endpoint, indexId, ['a']))[0] === 'INDEXED');
  });
});
