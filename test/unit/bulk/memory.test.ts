import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { runBatchEngine } from '../../../src/lib/bulk/batch-engine.js';
import type { SourceItem } from '../../../src/lib/bulk/types.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
}

describe('bulk: memory', () => {
  it('stays flat as the number of documents grows', async function () {
    this.timeout(30_000);
    const samples = new Map<number, number>();
    const count = 60_000;
    async function* items(): AsyncGenerator<SourceItem<Buffer>> {
      for (let i = 0; i < count; i++) {
        yield { kind: 'item', id: `doc-${i}`, item: Buffer.alloc(200, i % 251), bytes: 270, contentBytes: 200, ref: { line: i + 1 } };
      }
    }
    let acknowledged = 0;
    const summary = await runBatchEngine<Buffer>({
      source: () => items(),
      maxItems: 10,
      maxBytes: 5 * 1024 * 1024,
      concurrency: 8,
      send: async (batch) => {
        await new Promise((resolve) => setImmediate(resolve));
        return batch.length === 10 && batch[0]![0] === 7 ? [{ id: 'none', code: 'InternalError', message: 'unknown id' }] : [];
      },
      onOutcome: () => {
        acknowledged++;
        if (acknowledged === 10_000 || acknowledged === count) samples.set(acknowledged, heapAfterGc());
      },
    });
    assert.equal(summary.acknowledged, count);
    const growth = samples.get(count)! - samples.get(10_000)!;
    // Keeping each document (270 bytes of input) would grow the heap by 13 MB; 4 MB leaves room for
    // what the rest of the suite's process allocates meanwhile (2.2 MB seen in a full run).
    assert.ok(growth < 4 * 1024 * 1024, `the heap grew by ${(growth / 1048576).toFixed(1)} MB over 50,000 documents`);
  });
});
