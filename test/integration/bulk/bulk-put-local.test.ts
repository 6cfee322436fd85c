import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBulkDelete } from '../../../src/lib/bulk/bulk-delete.js';
import { runBulkPut } from '../../../src/lib/bulk/bulk-put.js';
import type { BulkSummary, FailureRecord } from '../../../src/lib/bulk/types.js';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import type { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { createActiveIndex, localClient, readFailures, storedIds, writeCorpus, type Corpus } from './support.js';

const COUNT = 20_000;

describe('bulk put into the local service while faults are injected', function () {
  this.timeout(120_000);
  let dir: string;
  let local: LocalService;
  let proxy: FaultProxy;
  let direct: SearchClient;
  let indexId: string;
  let corpus: Corpus;
  let summary: BulkSummary;
  let failures: FailureRecord[];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-bulk-it-'));
    local = await startLocalService({ port: 0, dataDir: join(dir, 'data'), createDelay: 0.1 });
    direct = localClient(local.endpoint);
    indexId = await createActiveIndex(direct);
    proxy = await startFaultProxy(local.endpoint, {
      throttleRate: 0.04,
      serverErrorRate: 0.02,
      documentFailureRate: 0.05,
      seed: 20_240_601,
      operations: ['BatchPutDocument', 'BatchDeleteDocument'],
    });
    corpus = await writeCorpus(join(dir, 'corpus.jsonl'), COUNT, { rejectEvery: 2_000, malformed: 3 });
    summary = await runBulkPut({
      client: localClient(proxy.endpoint),
      args: { IndexId: indexId },
      source: { jsonl: join(dir, 'corpus.jsonl') },
      concurrency: 8,
      failuresFile: join(dir, 'failures.jsonl'),
      documentRetries: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 50 },
    });
    failures = readFailures(join(dir, 'failures.jsonl'));
  });

  after(async () => {
    await proxy?.close();
    await local?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('injected every kind of fault', () => {
    const counts = proxy.injector.counts;
    assert.ok(counts.throttled > 10 && counts.serverErrors > 5 && counts.documentFailures > 200, JSON.stringify(counts));
    assert.ok(summary.retried >= 200, `retried ${summary.retried}`);
  });

  it('books every line read exactly once: acknowledged or in the failures file', () => {
    assert.equal(summary.stopped, undefined);
    assert.equal(summary.read, COUNT + corpus.malformedLines.length);
    assert.equal(summary.acknowledged + summary.failed, summary.read);
    assert.equal(failures.length, summary.failed);
    const broken = failures.filter((failure) => failure.id === null);
    assert.deepEqual(
      broken.map((failure) => [failure.code, failure.line]),
      corpus.malformedLines.map((line) => ['InvalidJson', line]),
    );
    const failedIds = failures.filter((failure) => failure.id !== null).map((failure) => failure.id);
    assert.equal(new Set(failedIds).size, failedIds.length, 'no document is listed twice');
    // A document the service rejects is failed with its InvalidRequest, unless injected failures
    // took every one of its sends first (then the service never saw it: InternalError).
    const rejected = [...corpus.rejected].map((id) => failures.find((failure) => failure.id === id)?.code);
    assert.ok(
      rejected.every((code) => code === 'InvalidRequest' || code === 'InternalError'),
      `rejected documents failed with ${rejected.join(', ')}`,
    );
    assert.ok(rejected.includes('InvalidRequest'), 'the service rejected some documents itself');
    assert.ok(
      failures.some((failure) => failure.code === 'InternalError'),
      'some transient failures outlived their resends',
    );
  });

  it('stored exactly the acknowledged documents: none lost, none duplicated', async () => {
    const stored = storedIds(join(dir, 'data'), indexId);
    const failed = new Set(failures.map((failure) => failure.id));
    for (const id of corpus.ids)
      assert.ok(stored.has(id) !== failed.has(id), `${id} is ${stored.has(id) ? 'both stored and failed' : 'neither stored nor failed'}`);
    assert.equal(stored.size, summary.acknowledged);
    const { IndexStatistics } = await direct.describeIndexAsync({ Id: indexId });
    assert.equal(IndexStatistics?.TextDocumentStatistics.IndexedTextDocumentsCount, summary.acknowledged);
  });

  it('finds acknowledged documents by id through Query, and not the failed ones', async () => {
    const byId = async (id: string) => {
      const marker = `marker${Number(id.slice(4))}`;
      const result = await direct.queryAsync({
        IndexId: indexId,
        QueryText: marker,
        AttributeFilter: { EqualsTo: { Key: '_document_id', Value: { StringValue: id } } },
      });
      return (result.ResultItems ?? []).map((item) => item.DocumentId);
    };
    const failed = new Set(failures.map((failure) => failure.id));
    const sample = corpus.ids.filter((_, i) => i % 97 === 0);
    for (const id of [...sample, ...corpus.ids.filter((id) => failed.has(id))]) {
      assert.deepEqual(await byId(id), failed.has(id) ? [] : [id], id);
    }
  });

  it('deletes them all again from a list of ids, through the same faults', async () => {
    const stored = [...storedIds(join(dir, 'data'), indexId)];
    const removal = await runBulkDelete({
      client: localClient(proxy.endpoint),
      args: { IndexId: indexId },
      source: { ids: stored },
      failuresFile: join(dir, 'delete-failures.jsonl'),
      documentRetries: { maxAttempts: 10, baseDelayMs: 2, maxDelayMs: 20 },
    });
    assert.equal(removal.acknowledged + removal.failed, stored.length);
    const left = storedIds(join(dir, 'data'), indexId);
    assert.equal(left.size, removal.failed);
    assert.deepEqual(
      [...left].sort(),
      readFailures(join(dir, 'delete-failures.jsonl'))
        .map((failure) => failure.id)
        .sort(),
    );
  });
});
