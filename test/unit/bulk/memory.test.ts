import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

describe('bulk: memory', () => {
  it('stays flat as the number of documents grows', async function () {
    this.timeout(60_000);
    // in a process of its own: in the suite's, what earlier tests left running allocates meanwhile
    const script = fileURLToPath(new URL('./memory-run.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', script], { encoding: 'utf8' });
    const run = JSON.parse(stdout) as { acknowledged: number; at10k: number; atEnd: number };
    assert.equal(run.acknowledged, 60_000);
    const growth = run.atEnd - run.at10k;
    // Keeping each document (270 bytes of input) would grow the heap by 13 MB; the engine's own
    // records (the failed batches' outcomes among them) grow it by about 1.5 MB.
    assert.ok(growth < 4 * 1024 * 1024, `the heap grew by ${(growth / 1048576).toFixed(1)} MB over 50,000 documents`);
  });
});
