import assert from 'node:assert/strict';
import { runBulkPut } from '../../../src/lib/bulk/bulk-put.js';
import { ConcurrencyPacer } from '../../../src/lib/bulk/pacing.js';
import type { DocumentOutcome } from '../../../src/lib/bulk/types.js';
import { RetryConfiguration } from '../../../src/lib/retry/retry-configuration.js';
import type { SearchDocument } from '../../../src/lib/services/search/types.js';
import { INDEX, startDocServer, testClient, type DocServer } from './doc-server.js';

function* generate(count: number): Generator<SearchDocument> {
  for (let i = 0; i < count; i++) yield { Id: `doc-${i}`, Title: `Doc ${i}`, Blob: Buffer.from(`document number ${i}`), ContentType: 'PLAIN_TEXT' };
}

/** A client that never retries by itself, so that every throttled call reaches the bulk engine. */
const NO_CLIENT_RETRIES = new RetryConfiguration({ mode: 'standard', max_attempts: 1 });

describe('bulk: throttling is slowed down for, not failed', () => {
  let server: DocServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends throttled batches again until every document is acknowledged, with fewer calls in flight', async () => {
    server = await startDocServer({ faults: { throttleRate: 0.3, seed: 11 }, delayMs: 2 });
    const outcomes: DocumentOutcome[] = [];
    const summary = await runBulkPut({
      client: testClient(server.endpoint, NO_CLIENT_RETRIES),
      args: { IndexId: INDEX },
      source: { documents: generate(2_000) },
      concurrency: 8,
      documentRetries: { maxAttempts: 1_000, baseDelayMs: 1, maxDelayMs: 4 },
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    assert.equal(summary.failed, 0);
    assert.equal(summary.acknowledged, 2_000);
    assert.equal(server.documents.size, 2_000);
    assert.equal(summary.throttled, server.injector!.counts.throttled);
    assert.ok(summary.throttled > 50, `throttled ${summary.throttled}`);
    assert.equal(
      summary.retried,
      outcomes.reduce((sum, outcome) => sum + outcome.attempts - 1, 0),
      'every send after the first is counted',
    );
    assert.deepEqual(summary.concurrency, { max: 8, lowest: 1 });
    assert.ok(server.maxConcurrent <= 8);
    assert.equal(outcomes.length, 2_000);
  });

  it('gives up on a document after maxAttempts sends, saying so', async () => {
    server = await startDocServer({ faults: { throttleRate: 1 } });
    const outcomes: DocumentOutcome[] = [];
    const summary = await runBulkPut({
      client: testClient(server.endpoint, NO_CLIENT_RETRIES),
      args: { IndexId: INDEX },
      source: { documents: generate(30) },
      documentRetries: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    assert.equal(summary.failed, 30);
    for (const outcome of outcomes) {
      assert.ok(outcome.status === 'failed');
      assert.deepEqual([outcome.code, outcome.attempts, outcome.message.endsWith('(gave up after 3 sends)')], ['ThrottlingException', 3, true]);
    }
    assert.equal(summary.stopped, undefined, 'throttling does not stop the run');
  });

  it('sends nothing again once the retry deadline has passed', async () => {
    server = await startDocServer({ faults: { throttleRate: 1 } });
    const messages: string[] = [];
    const summary = await runBulkPut({
      client: testClient(server.endpoint, NO_CLIENT_RETRIES),
      args: { IndexId: INDEX },
      source: { documents: generate(20) },
      documentRetries: { maxAttempts: 100, deadlineMs: 0 },
      onOutcome: (outcome) => outcome.status === 'failed' && messages.push(outcome.message),
    });
    assert.equal(summary.failed, 20);
    assert.equal(server.received, 2);
    assert.ok(
      messages.every((message) => message.endsWith('(gave up at the retry deadline)')),
      messages[0],
    );
  });

  it('halves the calls in flight once per burst of throttling, and adds one back per window of answers', () => {
    const pacer = new ConcurrencyPacer(8);
    const burst = pacer.epoch;
    pacer.throttled(burst);
    pacer.throttled(burst);
    assert.equal(pacer.limit, 4, 'calls started before the cut do not cut again');
    pacer.throttled(pacer.epoch);
    assert.equal(pacer.limit, 2);
    for (let i = 0; i < 2; i++) pacer.answered();
    assert.equal(pacer.limit, 3);
    for (let i = 0; i < 3 + 4 + 5 + 6 + 7 + 100; i++) pacer.answered();
    assert.equal(pacer.limit, 8, 'never above the maximum');
    assert.equal(pacer.lowest, 2);
    const one = new ConcurrencyPacer(1);
    one.throttled(one.epoch);
    assert.equal(one.limit, 1, 'never below one');
  });
});
