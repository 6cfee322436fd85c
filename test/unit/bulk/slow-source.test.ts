import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { runBulkPut } from '../../../src/lib/bulk/bulk-put.js';
import { INDEX, startDocServer, testClient, type DocServer } from './doc-server.js';

const until = async (condition: () => boolean, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return condition();
};

describe('bulk: a slow source (a pipe that stays open)', () => {
  let server: DocServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends a partial batch when no more documents come for a moment', async () => {
    server = await startDocServer();
    const input = new PassThrough();
    const run = runBulkPut({ client: testClient(server.endpoint), args: { IndexId: INDEX }, source: { jsonl: input } });
    input.write('{"Id": "a", "Text": "one"}\n{"Id": "b", "Text": "two"}\n{"Id": "c", "Text": "three"}\n');
    assert.ok(await until(() => server!.documents.size === 3, 8000), 'the three documents were sent while the input stayed open');
    assert.deepEqual(
      server.calls.map((call) => call.ids),
      [['a', 'b', 'c']],
    );
    input.end('{"Id": "d", "Text": "four"}\n');
    const summary = await run;
    assert.equal(summary.acknowledged, 4);
  });

  it('resends a transient failure without waiting for the next line', async () => {
    let failures = 1;
    server = await startDocServer({ reject: () => (failures-- > 0 ? { code: 'InternalError', message: 'busy' } : undefined) });
    const input = new PassThrough();
    const run = runBulkPut({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { jsonl: input },
      documentRetries: { baseDelayMs: 1, maxDelayMs: 2 },
    });
    input.write('{"Id": "a", "Text": "one"}\n');
    assert.ok(await until(() => server!.documents.has('a'), 8000), 'resent while the input stayed open');
    assert.equal(server.calls.length, 2);
    input.end();
    const summary = await run;
    assert.deepEqual([summary.acknowledged, summary.retried, summary.failed], [1, 1, 0]);
  });
});
