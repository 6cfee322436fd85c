import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nimbus, requireBuild } from '../helpers/cli.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { startFaultProxy, type FaultProxy } from '../../integration/bulk/fault-proxy.js';
import { createActiveIndex, localClient, readFailures, storedIds, writeCorpus, type Corpus } from '../../integration/bulk/support.js';

const COUNT = 20_000;

describe('nimbus search document put --jsonl / delete --ids-from, under injected faults', function () {
  this.timeout(180_000);
  let t: TestService;
  let proxy: FaultProxy;
  let indexId: string;
  let corpus: Corpus;

  before(async function () {
    requireBuild();
    t = await startTestService({ createDelay: 0.1 });
    indexId = await createActiveIndex(localClient(t.service.endpoint));
    proxy = await startFaultProxy(t.service.endpoint, {
      throttleRate: 0.04,
      serverErrorRate: 0.02,
      documentFailureRate: 0.05,
      seed: 77,
      operations: ['BatchPutDocument', 'BatchDeleteDocument'],
    });
    corpus = await writeCorpus(join(t.dir, 'corpus.jsonl'), COUNT, { rejectEvery: 2_000, malformed: 3 });
  });
  after(async () => {
    await proxy?.close();
    await t?.close();
  });

  const run = (args: string[], input?: string) =>
    nimbus([...args, '--endpoint-url', proxy.endpoint, '--retry-mode', 'standard', '--max-attempts', '3'], {
      env: t.env,
      timeoutMs: 150_000,
      ...(input === undefined ? {} : { input }),
    });

  it(`loads ${COUNT.toLocaleString('en-US')} documents from standard input: each one indexed or in the failures file, once`, async () => {
    const failuresFile = join(t.dir, 'failures.jsonl');
    const result = await run(
      ['search', 'document', 'put', '--index-id', indexId, '--jsonl', '-', '--failures', failuresFile, '--concurrency', '8'],
      readFileSync(join(t.dir, 'corpus.jsonl'), 'utf8'),
    );
    const failures = readFailures(failuresFile);
    assert.ok(failures.length >= corpus.rejected.size + corpus.malformedLines.length, result.stderr);
    assert.equal(result.code, 254, `a run with failed documents exits 254: ${result.stderr}`);
    assert.match(result.stderr, /documents sent, [\d,]+ failed, [\d,]+ retried/);
    assert.match(result.stderr, /^nimbus: [\d,]+ of [\d,]+ documents failed; they are listed in /m);
    assert.ok(proxy.injector.counts.throttled > 0 && proxy.injector.counts.serverErrors > 0 && proxy.injector.counts.documentFailures > 0);

    const stored = storedIds(join(t.dir, 'data'), indexId);
    const failed = new Set(failures.map((failure) => failure.id));
    const failedIds = failures.filter((failure) => failure.id !== null).map((failure) => failure.id);
    assert.equal(new Set(failedIds).size, failedIds.length, 'no document is listed twice');
    for (const id of corpus.ids)
      assert.ok(stored.has(id) !== failed.has(id), `${id} is ${stored.has(id) ? 'both stored and failed' : 'neither stored nor failed'}`);
    assert.deepEqual(
      failures.filter((failure) => failure.id === null).map((failure) => failure.line),
      corpus.malformedLines,
    );
    const { IndexStatistics } = await localClient(t.service.endpoint).describeIndexAsync({ Id: indexId });
    assert.equal(IndexStatistics?.TextDocumentStatistics.IndexedTextDocumentsCount, stored.size);

    // stdout carries the summary only, and it tells the same story.
    const summary = JSON.parse(result.stdout);
    assert.equal(summary.read, corpus.ids.length + corpus.malformedLines.length);
    assert.equal(summary.acknowledged, stored.size);
    assert.equal(summary.failed, failures.length);
    assert.ok(summary.retried > 0 && summary.stopped === undefined && summary.failuresFile === failuresFile);
    // Stored documents are found by the service itself: a sample of them by a word only they hold.
    const client = localClient(t.service.endpoint);
    for (const index of [0, 4_321, 12_345, COUNT - 1]) {
      const id = `doc-${String(index).padStart(6, '0')}`;
      if (!stored.has(id)) continue;
      const { ResultItems } = await client.queryAsync({ IndexId: indexId, QueryText: `marker${index}` });
      assert.ok(
        ResultItems?.some((item) => item.DocumentId === id),
        `${id} is not found by a query`,
      );
    }
  });

  it('deletes the stored documents with --ids-from FILE', async () => {
    const ids = [...storedIds(join(t.dir, 'data'), indexId)];
    writeFileSync(join(t.dir, 'ids.txt'), `${ids.join('\n')}\n`);
    const failuresFile = join(t.dir, 'delete-failures.jsonl');
    const result = await run(['search', 'document', 'delete', '--index-id', indexId, '--ids-from', join(t.dir, 'ids.txt'), '--failures', failuresFile]);
    const left = storedIds(join(t.dir, 'data'), indexId);
    const failures = existsSync(failuresFile) ? readFailures(failuresFile) : [];
    assert.deepEqual([...left].sort(), failures.map((failure) => failure.id).sort(), result.stderr);
    assert.equal(result.code === 0, failures.length === 0);
  });

  it('on Ctrl-C stops sending, waits for the calls in flight and accounts for every document read', async () => {
    const failuresFile = join(t.dir, 'interrupted-failures.jsonl');
    await writeCorpus(join(t.dir, 'big.jsonl'), 100_000);
    const freshIndex = await createActiveIndex(localClient(t.service.endpoint));
    const result = await nimbus(
      [
        'search',
        'document',
        'put',
        '--index-id',
        freshIndex,
        '--jsonl',
        join(t.dir, 'big.jsonl'),
        '--failures',
        failuresFile,
        '--endpoint-url',
        proxy.endpoint,
      ],
      { env: t.env, timeoutMs: 150_000, onStderr: { text: ' sent, ', then: (child) => child.kill('SIGINT') } },
    );
    assert.equal(result.code, 130, result.stderr);
    const line = Number(/after line ([\d,]+)/.exec(result.stderr)?.[1]?.replaceAll(',', ''));
    assert.ok(line > 0 && line < 100_000, result.stderr);
    const stored = storedIds(join(t.dir, 'data'), freshIndex);
    const failures = readFailures(failuresFile);
    const failed = new Set(failures.map((failure) => failure.id));
    assert.ok(
      failures.some((failure) => failure.code === 'Aborted'),
      'documents read but not sent are listed',
    );
    for (let i = 0; i < 100_000; i++) {
      const id = `doc-${String(i).padStart(6, '0')}`;
      if (i < line)
        assert.ok(stored.has(id) !== failed.has(id), `${id} (line ${i + 1}) is ${stored.has(id) ? 'both stored and failed' : 'neither stored nor failed'}`);
      else assert.ok(!stored.has(id) && !failed.has(id), `${id} (line ${i + 1}) was never read, yet it is ${stored.has(id) ? 'stored' : 'listed'}`);
    }
    // The summary on stdout: interrupted, after the line on stderr, with exactly the stored documents acknowledged.
    const summary = JSON.parse(result.stdout);
    assert.deepEqual([summary.stopped?.code, summary.lastLine, summary.read], ['Aborted', line, line]);
    assert.deepEqual([summary.acknowledged, summary.failed], [stored.size, failures.length]);
  });
});
