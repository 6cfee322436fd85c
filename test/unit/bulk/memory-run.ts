// Run by memory.test.ts in a process of its own (with --expose-gc), so that nothing else the
// test suite runs allocates meanwhile: streams 60,000 documents through the batch engine and
// prints, as JSON, the heap (plus array buffers) after a full GC at 10,000 and at 60,000.
import { runBatchEngine } from '../../../src/lib/bulk/batch-engine.js';
import type { SourceItem } from '../../../src/lib/bulk/types.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('memory-run.ts needs node --expose-gc');

function heapAfterGc(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
}

const count = 60_000;
const samples: Record<number, number> = {};
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
    if (acknowledged === 10_000 || acknowledged === count) samples[acknowledged] = heapAfterGc();
  },
});
process.stdout.write(JSON.stringify({ acknowledged: summary.acknowledged, at10k: samples[10_000], atEnd: samples[count] }));
