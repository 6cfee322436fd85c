import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBulkPut } from '../../../src/lib/bulk/bulk-put.js';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { createActiveIndex, localClient, storedIds, writeCorpus } from './support.js';

const COUNT = 20_000;

describe('bulk put through a service that throttles: nothing is lost', function () {
  this.timeout(300_000);
  let dir: string;
  let local: LocalService;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-bulk-throttle-'));
    local = await startLocalService({ port: 0, dataDir: join(dir, 'data'), createDelay: 0.1 });
    await writeCorpus(join(dir, 'corpus.jsonl'), COUNT);
  });
  after(async () => {
    await local?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const throttleRate of [0.1, 0.3]) {
    it(`stores all ${COUNT.toLocaleString('en-US')} documents when ${throttleRate * 100}% of the calls are throttled`, async () => {
      const direct = localClient(local.endpoint);
      const indexId = await createActiveIndex(direct);
      let proxy: FaultProxy | undefined;
      try {
        proxy = await startFaultProxy(local.endpoint, { throttleRate, seed: 1_000 * throttleRate, operations: ['BatchPutDocument'] });
        const summary = await runBulkPut({
          // Two attempts a call: enough throttled calls get past the client's own retries for the engine's pacing to act.
          client: localClient(proxy.endpoint, 2),
          args: { IndexId: indexId },
          source: { jsonl: join(dir, 'corpus.jsonl') },
          // The default retry limits; backoffs kept short so that the test is quick.
          documentRetries: { baseDelayMs: 5, maxDelayMs: 100 },
        });
        assert.equal(summary.failed, 0, JSON.stringify(summary));
        assert.equal(summary.acknowledged, COUNT);
        assert.equal(storedIds(join(dir, 'data'), indexId).size, COUNT);
        assert.ok(proxy.injector.counts.throttled > 0.5 * throttleRate * (COUNT / 10), JSON.stringify(proxy.injector.counts));
        assert.ok(summary.throttled > 0, "some calls were still throttled after the client's retries");
        assert.ok(summary.concurrency.lowest < summary.concurrency.max, JSON.stringify(summary.concurrency));
      } finally {
        await proxy?.close();
      }
    });
  }
});
