import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, requireBuild, type CliResult } from '../helpers/cli.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { startFaultProxy, type FaultProxy } from '../../integration/bulk/fault-proxy.js';
import { createActiveIndex, localClient, readFailures, storedIds, writeCorpus } from '../../integration/bulk/support.js';

/**
 * Runs the built CLI and sends it SIGINT once stderr shows each of `interrupts` in turn (the
 * text of the first, then of the second…).
 */
function runInterrupted(args: readonly string[], env: NodeJS.ProcessEnv, interrupts: readonly string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let next = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      while (next < interrupts.length && stderr.includes(interrupts[next]!)) {
        next++;
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end();
  });
}

/** The records of a state file after its header: id → sha256. */
function stateRecords(path: string): Map<string, string> {
  const [header, ...lines] = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  assert.equal(JSON.parse(header!).nimbusBulkState, 1);
  return new Map(lines.map((line) => JSON.parse(line) as { id: string; sha256: string }).map((record) => [record.id, record.sha256]));
}

describe('nimbus search document put: --state resumes, a second Ctrl-C, throttled attempts', function () {
  this.timeout(120_000);
  let t: TestService;
  let slow: FaultProxy;
  let failing: FaultProxy;
  let stuck: FaultProxy;

  before(async () => {
    requireBuild();
    t = await startTestService();
    slow = await startFaultProxy(t.service.endpoint, { latencyMs: 25, operations: ['BatchPutDocument'] });
    failing = await startFaultProxy(t.service.endpoint, { latencyMs: 25, documentFailureRate: 0.05, seed: 3, operations: ['BatchPutDocument'] });
    stuck = await startFaultProxy(t.service.endpoint, { latencyMs: 20_000, operations: ['BatchPutDocument'] });
  });
  after(async () => {
    await slow?.close();
    await failing?.close();
    await stuck?.close();
    await t?.close();
  });

  const put = (indexId: string, endpoint: string, ...args: string[]) => [
    'search',
    'document',
    'put',
    '--index-id',
    indexId,
    '--endpoint-url',
    endpoint,
    ...args,
  ];

  it('after Ctrl-C, a run with the same --state sends only what was not acknowledged; then only what is new or changed', async () => {
    const COUNT = 3_000;
    const indexId = await createActiveIndex(localClient(t.service.endpoint));
    const corpus = join(t.dir, 'resume.jsonl');
    await writeCorpus(corpus, COUNT);
    const state = join(t.dir, 'resume.state');
    const args = put(indexId, slow.endpoint, '--jsonl', corpus, '--state', state, '--concurrency', '2');

    // The first run meets documents listed in FailedDocuments (not sent again: --max-retries 0).
    const first = await runInterrupted(put(indexId, failing.endpoint, '--jsonl', corpus, '--state', state, '--concurrency', '2', '--max-retries', '0'), t.env, [
      ' sent, ',
    ]);
    assert.equal(first.code, 130, first.stderr);
    const interrupted = JSON.parse(first.stdout);
    assert.ok(interrupted.acknowledged > 0 && interrupted.acknowledged < COUNT, first.stdout);
    assert.ok(failing.injector.counts.documentFailures > 0, JSON.stringify(failing.injector.counts));
    // The state file lists exactly the documents the service acknowledged, which are the ones stored: none it reported failed.
    const recorded = stateRecords(state);
    const stored = storedIds(join(t.dir, 'data'), indexId);
    assert.equal(recorded.size, interrupted.acknowledged);
    assert.deepEqual([...recorded.keys()].sort(), [...stored].sort());

    const second = await runInterrupted(args, t.env, []);
    assert.equal(second.code, 0, second.stderr);
    const resumed = JSON.parse(second.stdout);
    assert.deepEqual(
      [resumed.read, resumed.unchanged, resumed.acknowledged, resumed.failed],
      [COUNT, interrupted.acknowledged, COUNT - interrupted.acknowledged, 0],
    );
    assert.match(second.stderr, new RegExp(`, ${interrupted.acknowledged.toLocaleString('en-US')} unchanged since an earlier run`));
    assert.equal(storedIds(join(t.dir, 'data'), indexId).size, COUNT);

    // One document changed (its attributes only) and one new: only those two go out.
    const lines = readFileSync(corpus, 'utf8').split('\n').filter(Boolean);
    const changed = JSON.parse(lines[4]!);
    changed.Attributes = [{ Key: '_category', Value: { StringValue: 'another' } }];
    lines[4] = JSON.stringify(changed);
    lines.push(JSON.stringify({ Id: 'new-doc', Text: 'a new document' }));
    writeFileSync(corpus, `${lines.join('\n')}\n`);
    const third = await runInterrupted(args, t.env, []);
    assert.equal(third.code, 0, third.stderr);
    const summary = JSON.parse(third.stdout);
    assert.deepEqual([summary.read, summary.unchanged, summary.acknowledged, summary.calls], [COUNT + 1, COUNT - 1, 2, 1]);

    // A state file belongs to its index.
    const otherIndex = await createActiveIndex(localClient(t.service.endpoint));
    const other = await runInterrupted(put(otherIndex, t.service.endpoint, '--jsonl', corpus, '--state', state), t.env, []);
    assert.equal(other.code, 252, other.stderr);
    assert.match(other.stderr, new RegExp(`^nimbus: the state file .* records documents sent to index ${indexId}, not ${otherIndex}`, 'm'));
  });

  it('says at once what the first Ctrl-C waits for; a second one stops waiting, and the summary is still printed (exit 130)', async () => {
    const indexId = await createActiveIndex(localClient(t.service.endpoint));
    const corpus = join(t.dir, 'stuck.jsonl');
    await writeCorpus(corpus, 200);
    const failures = join(t.dir, 'stuck-failures.jsonl');
    const result = await runInterrupted(put(indexId, stuck.endpoint, '--jsonl', corpus, '--concurrency', '3', '--failures', failures), t.env, [
      ' sent, ',
      'press Ctrl-C again to stop waiting',
    ]);
    assert.equal(result.code, 130, result.stderr);
    assert.match(result.stderr, /^stopping: waiting for 3 calls in flight; press Ctrl-C again to stop waiting$/m);
    assert.match(result.stderr, /^0 documents sent, [\d,]+ failed, 0 retried in .*\nInterrupted/m);
    const summary = JSON.parse(result.stdout);
    const records = readFailures(failures);
    assert.equal(records.filter((record) => record.code === 'Abandoned').length, 30);
    assert.deepEqual([summary.acknowledged, summary.failed, summary.stopped?.code], [0, summary.read, 'Aborted']);
    assert.equal(records.length, summary.read);
  });

  it("counts every throttled attempt in the summary, the client's own retries included", async () => {
    const indexId = await createActiveIndex(localClient(t.service.endpoint));
    const corpus = join(t.dir, 'throttled.jsonl');
    await writeCorpus(corpus, 600);
    const admin = `${t.service.endpoint}/_nimbus/faults`;
    const set = await fetch(admin, { method: 'POST', body: JSON.stringify({ throttleRate: 0.3, seed: 5, operations: ['BatchPutDocument'] }) });
    assert.equal(set.status, 200, await set.text());
    try {
      const result = await runInterrupted(
        put(indexId, t.service.endpoint, '--jsonl', corpus, '--retry-mode', 'standard', '--max-attempts', '3', '--max-retries', '20'),
        t.env,
        [],
      );
      assert.equal(result.code, 0, result.stderr);
      const injected = ((await (await fetch(admin)).json()) as { injected: { throttled: number } }).injected.throttled;
      const summary = JSON.parse(result.stdout);
      assert.ok(injected > 20, `injected ${injected}`);
      assert.equal(summary.throttled, injected, result.stderr);
      assert.match(result.stderr, new RegExp(`^Throttled: ${injected} attempts;`, 'm'));
    } finally {
      await fetch(admin, { method: 'POST', body: '' });
    }
  });
});
