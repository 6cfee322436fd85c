import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { runBulkPut } from '../../../src/lib/bulk/bulk-put.js';
import type { BulkSummary, DocumentOutcome, FailureRecord } from '../../../src/lib/bulk/types.js';
import type { SearchDocument } from '../../../src/lib/services/search/types.js';
import { INDEX, startDocServer, testClient, type DocServer } from './doc-server.js';

function* generate(count: number, text = (i: number) => `document number ${i}`): Generator<SearchDocument> {
  for (let i = 0; i < count; i++) yield { Id: `doc-${i}`, Title: `Doc ${i}`, Blob: Buffer.from(text(i)), ContentType: 'PLAIN_TEXT' };
}

const readFailures = (path: string): FailureRecord[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FailureRecord);

/** Every document read ended once: acknowledged or failed. */
function assertBalanced(summary: BulkSummary, outcomes: DocumentOutcome[]): void {
  assert.equal(summary.read, summary.acknowledged + summary.failed);
  assert.equal(outcomes.length, summary.read);
  assert.equal(outcomes.filter((o) => o.status === 'acknowledged').length, summary.acknowledged);
}

describe('bulk: put', () => {
  let server: DocServer | undefined;
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-put-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends every document once, 10 per call, within the concurrency bound', async () => {
    server = await startDocServer({ delayMs: 2 });
    const outcomes: DocumentOutcome[] = [];
    const summary = await runBulkPut({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { documents: generate(1234) },
      concurrency: 4,
      onOutcome: (o) => outcomes.push(o),
    });
    assert.equal(summary.acknowledged, 1234);
    assert.equal(summary.failed, 0);
    assert.equal(summary.retried, 0);
    assert.equal(summary.calls, 124);
    assert.equal(server.documents.size, 1234);
    assert.ok(server.calls.every((call) => call.ids.length <= 10));
    assert.deepEqual(server.calls.flatMap((call) => call.ids).sort(), [...generate(1234)].map((d) => d.Id).sort());
    assert.ok(server.maxConcurrent <= 4 && server.maxConcurrent >= 2, `max concurrent ${server.maxConcurrent}`);
    assert.equal(
      summary.bytes,
      [...generate(1234)].reduce((sum, d) => sum + (d.Blob as Buffer).length, 0),
    );
    assertBalanced(summary, outcomes);
    assert.equal(server.documents.get('doc-7')?.Blob, Buffer.from('document number 7').toString('base64'));
  });

  it('keeps each call under the byte bound and sends a heavier document alone', async () => {
    server = await startDocServer();
    const sizes = [3000, 3000, 3000, 9000, 100, 100];
    const documents = sizes.map((size, i) => ({ Id: `d${i}`, Blob: Buffer.alloc(size, 97), ContentType: 'PLAIN_TEXT' as const }));
    const summary = await runBulkPut({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { documents },
      concurrency: 1,
      maxBatchBytes: 9000,
    });
    assert.equal(summary.acknowledged, 6);
    assert.deepEqual(
      server.calls.map((call) => call.ids),
      [['d0', 'd1'], ['d2'], ['d3'], ['d4', 'd5']],
    );
  });

  it('resends transient per-document failures until acknowledged, and counts the resends', async () => {
    server = await startDocServer({ faults: { documentFailureRate: 0.3, seed: 7 } });
    const outcomes: DocumentOutcome[] = [];
    const summary = await runBulkPut({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { documents: generate(500) },
      documentRetries: { maxAttempts: 20, baseDelayMs: 1, maxDelayMs: 4 },
      onOutcome: (o) => outcomes.push(o),
    });
    assert.equal(summary.acknowledged, 500);
    assert.equal(summary.failed, 0);
    assert.equal(summary.retried, server.injector!.counts.documentFailures);
    assert.ok(summary.retried > 100, `retried ${summary.retried}`);
    assert.equal(server.documents.size, 500);
    assert.ok(outcomes.some((o) => o.attempts > 1));
    assertBalanced(summary, outcomes);
  });

  it('survives throttling and 503s through the client retries', async () => {
    server = await startDocServer({ faults: { throttleRate: 0.2, serverErrorRate: 0.1, seed: 3 } });
    const summary = await runBulkPut({ client: testClient(server.endpoint), args: { IndexId: INDEX }, source: { documents: generate(400) } });
    assert.equal(summary.acknowledged, 400);
    assert.ok(server.injector!.counts.throttled > 0 && server.injector!.counts.serverErrors > 0);
    assert.equal(server.documents.size, 400);
  });

  it('reports permanent failures without resending them, and gives up on transient ones after maxAttempts', async () => {
    server = await startDocServer({
      reject: (doc) =>
        doc.Title === 'Doc 3'
          ? { code: 'InvalidRequest', message: 'bad document' }
          : doc.Title === 'Doc 5'
            ? { code: 'InternalError', message: 'try later' }
            : undefined,
    });
    const failuresFile = join(dir, 'failures.jsonl');
    const summary = await runBulkPut({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { documents: generate(20) },
      failuresFile,
      documentRetries: { maxAttempts: 3, baseDelayMs: 1 },
    });
    assert.equal(summary.acknowledged, 18);
    assert.equal(summary.failed, 2);
    assert.equal(summary.retried, 2);
    assert.equal(summary.failuresFile, failuresFile);
    assert.deepEqual(
      readFailures(failuresFile).sort((a, b) => String(a.id).localeCompare(String(b.id))),
      [
        { id: 'doc-3', code: 'InvalidRequest', message: 'bad document' },
        { id: 'doc-5', code: 'InternalError', message: 'try later (gave up after 3 sends)' },
      ],
    );
    assert.equal(server.calls.filter((call) => call.ids.includes('doc-5')).length, 3);
    assert.equal(server.calls.filter((call) => call.ids.includes('doc-3')).length, 1);
  });

  it('reads JSON Lines from a stream: bad lines fail alone with their line numbers', async () => {
    server = await startDocServer();
    const lines = [
      '{"Id": "a", "Text": "alpha"}',
      '{"Id": "b", ',
      '',
      '{"Id": "c", "Blob": "' + Buffer.from('gamma').toString('base64') + '"}',
      '{"Text": "no id"}',
    ];
    const failuresFile = join(dir, 'failures.jsonl');
    const summary = await runBulkPut({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { jsonl: Readable.from([lines.join('\n')]) },
      failuresFile,
    });
    assert.equal(summary.acknowledged, 2);
    assert.equal(summary.failed, 2);
    assert.equal(summary.lastLine, 5);
    assert.deepEqual(
      readFailures(failuresFile).map((f) => [f.id, f.code, f.line]),
      [
        [null, 'InvalidJson', 2],
        [null, 'InvalidDocument', 5],
      ],
    );
    assert.deepEqual([...server.documents.keys()].sort(), ['a', 'c']);
  });

  it('reads JSON Lines from a file and puts documents from a directory', async () => {
    server = await startDocServer();
    const file = join(dir, 'docs.jsonl');
    writeFileSync(file, [...generate(25)].map((d) => JSON.stringify({ ...d, Blob: (d.Blob as Buffer).toString('base64') })).join('\n') + '\n');
    const fromJsonl = await runBulkPut({ client: testClient(server.endpoint), args: { IndexId: INDEX }, source: { jsonl: file } });
    assert.equal(fromJsonl.acknowledged, 25);
    writeFileSync(join(dir, 'page.html'), '<h1>hi</h1>');
    const fromFiles = await runBulkPut({ client: testClient(server.endpoint), args: { IndexId: INDEX }, source: { from: [dir] } });
    assert.equal(fromFiles.acknowledged, 1);
    assert.equal(server.documents.get('page.html')?.ContentType, 'HTML');
  });

  it('never sends two documents with the same id in one run: the first one read goes, the repeats fail as DuplicateId', async () => {
    server = await startDocServer({ delayMs: 5, faults: { documentFailureRate: 0.2, seed: 11 } });
    const documents: SearchDocument[] = [];
    for (let round = 0; round < 5; round++)
      for (let i = 0; i < 8; i++) documents.push({ Id: `same-${i}`, Title: `round ${round}`, Blob: Buffer.from('x'), ContentType: 'PLAIN_TEXT' });
    const codes: string[] = [];
    const summary = await runBulkPut({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { documents },
      documentRetries: { maxAttempts: 30, baseDelayMs: 1, maxDelayMs: 3 },
      onOutcome: (outcome) => {
        if (outcome.status === 'failed') codes.push(outcome.code);
      },
    });
    assert.deepEqual([summary.acknowledged, summary.failed], [8, 32]);
    assert.deepEqual(new Set(codes), new Set(['DuplicateId']));
    for (let i = 0; i < 8; i++) assert.equal(server.documents.get(`same-${i}`)?.Title, 'round 0');
    const sent = server.calls.flatMap((call) => call.ids);
    for (let i = 0; i < 8; i++) assert.ok(sent.includes(`same-${i}`));
  });

  it('stops at an error every call would repeat, without reading the whole source', async () => {
    server = await startDocServer({ fail: { status: 400, code: 'ResourceNotFoundException', message: 'no index idx' } });
    const failuresFile = join(dir, 'failures.jsonl');
    const summary = await runBulkPut({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { documents: generate(100_000) },
      failuresFile,
      concurrency: 2,
    });
    assert.deepEqual(summary.stopped, { code: 'ResourceNotFoundException', message: 'no index idx' });
    assert.equal(summary.acknowledged, 0);
    assert.equal(summary.read, summary.failed);
    assert.ok(summary.read < 100, `read ${summary.read}`);
    const codes = new Set(readFailures(failuresFile).map((f) => f.code));
    assert.ok(codes.has('ResourceNotFoundException'));
    assert.ok([...codes].every((code) => code === 'ResourceNotFoundException' || code === 'NotSent'));
  });

  it('fails a batch alone when the service rejects its content', async () => {
    server = await startDocServer({ fail: { status: 400, code: 'ValidationException', message: 'too big' } });
    const summary = await runBulkPut({ client: testClient(server.endpoint), args: { IndexId: INDEX }, source: { documents: generate(30) } });
    assert.equal(summary.stopped, undefined);
    assert.equal(summary.failed, 30);
    assert.equal(server.received, 3);
  });

  it('rejects, before sending anything, a source that cannot be read and bad options', async () => {
    server = await startDocServer();
    const client = testClient(server.endpoint);
    await assert.rejects(
      runBulkPut({ client, args: { IndexId: INDEX }, source: { jsonl: join(dir, 'missing.jsonl') } }),
      /cannot read .*missing\.jsonl: no such file/,
    );
    await assert.rejects(
      runBulkPut({ client, args: { IndexId: INDEX }, source: { from: [join(dir, 'nope')] } }),
      /cannot read .*nope: no such file or directory/,
    );
    await assert.rejects(runBulkPut({ client, args: { IndexId: INDEX }, source: { documents: [] }, concurrency: 0 }), /concurrency must be a whole number/);
    await assert.rejects(runBulkPut({ client, args: { IndexId: INDEX }, source: { documents: [] }, documentRetries: { maxAttempts: 0 } }), /maxAttempts/);
    assert.equal(server.received, 0);
  });
});
