import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { runBulkPut } from '../../../src/lib/bulk/bulk-put.js';
import type { DocumentOutcome } from '../../../src/lib/bulk/types.js';
import type { SearchDocument } from '../../../src/lib/services/search/types.js';
import { INDEX, startDocServer, testClient, type DocServer } from './doc-server.js';

function* generate(count: number): Generator<SearchDocument> {
  for (let i = 0; i < count; i++) yield { Id: `doc-${i}`, Blob: Buffer.from(`text ${i}`), ContentType: 'PLAIN_TEXT' };
}

describe('bulk: abort', () => {
  let server: DocServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('stops sending, waits for the calls in flight, and tells exactly which documents were acknowledged', async () => {
    server = await startDocServer({ delayMs: 40 });
    const controller = new AbortController();
    const outcomes: DocumentOutcome[] = [];
    let abortedAt = 0;
    let callsAtAbort = 0;
    const summary = await runBulkPut({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { documents: generate(100_000) },
      concurrency: 3,
      signal: controller.signal,
      onOutcome: (outcome) => {
        outcomes.push(outcome);
        if (outcomes.length === 25 && !abortedAt) {
          abortedAt = Date.now();
          callsAtAbort = server!.calls.length;
          controller.abort();
        }
      },
    });
    assert.deepEqual(summary.stopped, { code: 'Aborted', message: 'the run was interrupted' });
    const acknowledged = new Set(outcomes.filter((o) => o.status === 'acknowledged').map((o) => o.id));
    assert.deepEqual([...acknowledged].sort(), [...server.documents.keys()].sort());
    assert.equal(summary.acknowledged, acknowledged.size);
    assert.ok(summary.acknowledged > 25, 'the calls in flight at the abort were waited for');
    assert.equal(summary.read, summary.acknowledged + summary.failed);
    const failed = outcomes.filter((o) => o.status === 'failed');
    assert.ok(failed.length > 0);
    assert.ok(
      failed.every((o) => o.status === 'failed' && o.code === 'Aborted' && o.message === 'not sent: the run was interrupted' && !server!.documents.has(o.id!)),
    );
    assert.ok(server.received <= callsAtAbort + 3, `${server.received} calls: no call was sent after the abort besides the ${3} in flight`);
    assert.equal(server.received, summary.calls);
    assert.ok(summary.read < 200, `read ${summary.read}`);
  });

  it('returns promptly when the source is a stream that never ends', async () => {
    server = await startDocServer();
    const input = new PassThrough();
    input.write('{"Id": "a", "Text": "alpha"}\n{"Id": "b", "Text": "beta"}\n');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const summary = await runBulkPut({ client: testClient(server.endpoint), args: { IndexId: INDEX }, source: { jsonl: input }, signal: controller.signal });
    assert.ok(Date.now() - started < 10_000, 'returned without waiting for the stream to end');
    assert.equal(summary.stopped?.code, 'Aborted');
    assert.equal(summary.read, 2);
    assert.equal(summary.lastLine, 2);
    assert.equal(summary.failed + summary.acknowledged, 2);
  });

  it('does not wait out the backoff of documents due to be resent: they fail as Aborted', async () => {
    server = await startDocServer({ faults: { documentFailureRate: 1, seed: 1 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    const summary = await runBulkPut({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { documents: generate(30) },
      documentRetries: { maxAttempts: 10, baseDelayMs: 20_000, maxDelayMs: 20_000 },
      signal: controller.signal,
    });
    assert.ok(Date.now() - started < 10_000, 'did not wait out the 20 s backoff');
    assert.equal(summary.acknowledged, 0);
    assert.equal(summary.failed, 30);
    assert.equal(summary.stopped?.code, 'Aborted');
  });

  it('sends nothing when the signal is already aborted', async () => {
    server = await startDocServer();
    const summary = await runBulkPut({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { documents: generate(10) },
      signal: AbortSignal.abort(),
    });
    assert.equal(summary.read, 0);
    assert.equal(server.received, 0);
    assert.equal(summary.stopped?.code, 'Aborted');
  });
});
