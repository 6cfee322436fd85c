import assert from 'node:assert/strict';
import { ProcessRunError } from '../../../src/lib/errors/process-run-error.js';
import { runProcess } from '../../../src/lib/credentials/run-process.js';

const node = (code: string): string[] => [process.execPath, '-e', code];
const limits = { env: {}, timeoutMs: 5000, maxOutputBytes: 1000 };

describe('runProcess', function () {
  this.timeout(10_000);

  it('resolves with standard output, passing arguments without a shell', async () => {
    const out = await runProcess([...node('process.stdout.write(JSON.stringify(process.argv.slice(1)))'), 'a b', '$HOME', '*'], limits);
    assert.deepEqual(JSON.parse(out), ['a b', '$HOME', '*']);
  });

  it('runs with exactly the given environment', async () => {
    assert.equal(await runProcess(node('process.stdout.write(String(process.env.ONLY))'), { ...limits, env: { ONLY: 'this' } }), 'this');
  });

  it('fails when the output is too large', async () => {
    await assert.rejects(runProcess(node("process.stdout.write('x'.repeat(5000))"), limits), {
      name: 'ProcessRunError',
      message: 'printed more than 1000 bytes',
    });
  });

  it('reports a signal, and keeps the start and end of a long standard error', async () => {
    await assert.rejects(runProcess(node("process.kill(process.pid, 'SIGTERM')"), limits), { message: 'was killed by SIGTERM' });
    await assert.rejects(runProcess(node("process.stderr.write('first ' + 'x'.repeat(2000) + '\\n last'); process.exit(2)"), limits), (error: unknown) => {
      assert.ok(error instanceof ProcessRunError);
      assert.match(error.message, /^exited with status 2: first x+ … x+ last$/);
      assert.ok(error.message.length < 600);
      return true;
    });
  });
});
