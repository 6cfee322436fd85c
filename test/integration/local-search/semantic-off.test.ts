import { strict as assert } from 'node:assert';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../support/fake-embeddings.js';
import { activeIndex, ok, startTestService, textDoc, until } from './support.js';

function passageRows(dataDir: string): Array<{ doc_id: string; embedded: number }> {
  const db = new Database(join(dataDir, 'nimbus.db'), { readonly: true });
  try {
    return db
      .prepare(
        'SELECT d.doc_id, p.vector IS NOT NULL AS embedded FROM search_passages p JOIN search_documents d ON d.rowid = p.doc_rowid ORDER BY d.doc_id, p.ordinal',
      )
      .all() as Array<{ doc_id: string; embedded: number }>;
  } finally {
    db.close();
  }
}

describe('semantic search off: documents are not cut into passages until a provider is turned on', () => {
  let dataDir: string;
  let fake: FakeEmbeddings;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'nimbus-semantic-off-'));
    fake = await startFakeEmbeddings();
  });
  afterEach(async () => {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores no passages with --embeddings off (replacing a document drops its old ones); a provider turned on later cuts and embeds them all', async () => {
    const on = await startTestService({ dataDir, embeddings: `openai:${fake.baseUrl}` });
    const indexId = await activeIndex(on.service.endpoint);
    await ok(on.service.endpoint, 'BatchPutDocument', { IndexId: indexId, Documents: [textDoc('a', 'Alpha', 'Employees accrue 20 vacation days per year.')] });
    await until(async () => passageRows(dataDir).every((row) => row.embedded === 1) && passageRows(dataDir).length === 1);
    await on.stop();

    const off = await startTestService({ dataDir, embeddings: 'off' });
    const long = Array.from({ length: 250 }, (_, i) => `word${i}`).join(' ');
    await ok(off.service.endpoint, 'BatchPutDocument', {
      IndexId: indexId,
      Documents: [textDoc('a', 'Alpha', 'Replaced: the handbook moved.'), textDoc('b', 'Beta', long), textDoc('c', 'Gamma', 'The gamma policy.')],
    });
    assert.deepEqual(passageRows(dataDir), [], 'no passage cut, and the replaced document lost its old one');
    const found = await ok(off.service.endpoint, 'Query', { IndexId: indexId, QueryText: 'handbook' });
    assert.deepEqual(
      found.ResultItems.map((item: { DocumentId: string }) => item.DocumentId),
      ['a'],
    );
    const statuses = await ok(off.service.endpoint, 'BatchGetDocumentStatus', { IndexId: indexId, DocumentInfoList: [{ DocumentId: 'b' }] });
    assert.equal(statuses.DocumentStatusList[0].DocumentStatus, 'INDEXED');
    await off.stop();

    const again = await startTestService({ dataDir, embeddings: `openai:${fake.baseUrl}` });
    try {
      await until(async () => passageRows(dataDir).length === 5 && passageRows(dataDir).every((row) => row.embedded === 1));
      assert.deepEqual(
        passageRows(dataDir).map((row) => row.doc_id),
        ['a', 'b', 'b', 'b', 'c'],
        'one passage for a and c, three of at most 100 words for b',
      );
      const byMeaning = await ok(again.service.endpoint, 'Retrieve', { IndexId: indexId, QueryText: 'gamma policy' });
      assert.equal(byMeaning.ResultItems[0].DocumentId, 'c');
    } finally {
      await again.stop();
    }
  });
});
