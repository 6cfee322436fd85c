import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nimbus, requireBuild } from '../helpers/cli.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { startFaultProxy, type FaultProxy } from '../../integration/bulk/fault-proxy.js';
import { createActiveIndex, localClient, storedIds } from '../../integration/bulk/support.js';

const FILES = 2_000;

describe('nimbus search document put --from: throttling and a busy index are waited out, not failed', function () {
  this.timeout(240_000);
  let t: TestService;
  let proxy: FaultProxy;
  let tree: string;

  before(async () => {
    requireBuild();
    t = await startTestService({ createDelay: 1 });
    proxy = await startFaultProxy(t.service.endpoint, { throttleRate: 0.3, seed: 42, operations: ['BatchPutDocument'] });
    tree = join(t.dir, 'tree');
    for (let i = 0; i < FILES; i++) {
      const folder = join(tree, `part-${i % 20}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `note-${i}.txt`), `Note ${i}: marker${i} about harbours and lighthouses.\n`);
    }
  });
  after(async () => {
    await proxy?.close();
    await t?.close();
  });

  const put = (args: string[], endpoint: string) =>
    nimbus(['search', 'document', 'put', ...args, '--endpoint-url', endpoint], { env: t.env, timeoutMs: 200_000 });

  it(`loads ${FILES.toLocaleString('en-US')} files while 30% of the calls are throttled: none failed, the pace shown`, async () => {
    const indexId = await createActiveIndex(localClient(t.service.endpoint));
    // One attempt a call, so that every throttled call reaches the bulk engine and its pacing.
    const result = await put(['--index-id', indexId, '--from', tree, '--max-attempts', '1'], proxy.endpoint);
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.deepEqual([summary.read, summary.acknowledged, summary.failed], [FILES, FILES, 0]);
    assert.equal(storedIds(join(t.dir, 'data'), indexId).size, FILES);
    assert.equal(summary.throttled, proxy.injector.counts.throttled);
    assert.ok(summary.throttled > 0 && summary.concurrency.lowest < summary.concurrency.max, JSON.stringify(summary));
    assert.match(result.stderr, /^Throttled: [\d,]+ attempts; calls in flight went down to \d of 8, and the run kept [\d,]+ documents\/s\.$/m);
  });

  it('gives up only after --max-retries, naming the sends', async () => {
    const always = await startFaultProxy(t.service.endpoint, { throttleRate: 1, operations: ['BatchPutDocument'] });
    try {
      const indexId = await createActiveIndex(localClient(t.service.endpoint));
      const result = await put(
        ['--index-id', indexId, '--from', join(tree, 'part-0', 'note-0.txt'), '--max-retries', '1', '--max-attempts', '1'],
        always.endpoint,
      );
      assert.equal(result.code, 254);
      assert.match(result.stderr, /^ {2}note-0\.txt.*: ThrottlingException: .*\(gave up after 2 sends\)$/m);
      assert.match(result.stderr, /^nimbus: 1 of 1 document failed$/m);
    } finally {
      await always.close();
    }
  });

  it('waits for an index that is being updated, then loads into it', async () => {
    const client = localClient(t.service.endpoint);
    const indexId = await createActiveIndex(client);
    await client.updateIndexAsync({ Id: indexId, Description: 'being changed' });
    assert.equal((await client.describeIndexAsync({ Id: indexId })).Status, 'UPDATING');
    const result = await put(['--index-id', indexId, '--from', join(tree, 'part-1')], t.service.endpoint);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(JSON.parse(result.stdout).acknowledged, FILES / 20);
    assert.match(result.stderr, new RegExp(`^The index ${indexId} is being updated: waiting until it is ACTIVE to go on\\.$`, 'm'));
    assert.equal((await client.describeIndexAsync({ Id: indexId })).Status, 'ACTIVE');
  });

  it('counts one document in the singular', async () => {
    const indexId = await createActiveIndex(localClient(t.service.endpoint));
    const result = await put(['--index-id', indexId, '--from', join(tree, 'part-0', 'note-0.txt')], t.service.endpoint);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /^1 document sent, 0 failed, 0 retried /m);
  });

  it('says once that --from and --jsonl do not go together', async () => {
    const result = await put(['--index-id', 'x'.repeat(36), '--from', tree, '--jsonl', join(t.dir, 'none.jsonl')], t.service.endpoint);
    assert.equal(result.code, 252);
    assert.equal(result.stderr.match(/cannot also be provided/g)?.length, 1, result.stderr);
  });
});
