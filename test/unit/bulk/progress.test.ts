import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { formatBytes, formatCount, formatDuration, formatProgressLine, formatSummary } from '../../../src/lib/bulk/format.js';
import { createProgressReporter } from '../../../src/lib/bulk/progress-reporter.js';
import type { BulkSnapshot, BulkSummary } from '../../../src/lib/bulk/types.js';

const words = { noun: 'documents', verb: 'sent' };
const snapshot: BulkSnapshot = { read: 9100, acknowledged: 9000, failed: 2, retried: 120, bytes: 3.5 * 1024 * 1024, calls: 900, inFlight: 8, elapsedMs: 3000, position: { done: 750, total: 1000 } };
const summary: BulkSummary = { read: 20000, acknowledged: 19932, failed: 68, retried: 1004, bytes: 0, calls: 2100, inFlight: 0, elapsedMs: 6200, rate: 3214.8 };

function capture(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 120, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('bulk: progress and summary', () => {
  it('formats numbers, bytes and durations', () => {
    assert.equal(formatCount(1234567.4), '1,234,567');
    assert.equal(formatBytes(512), '512 B');
    assert.equal(formatBytes(1536), '1.5 KB');
    assert.equal(formatBytes(12.34 * 1024 * 1024), '12.3 MB');
    assert.equal(formatDuration(850), '850 ms');
    assert.equal(formatDuration(6200), '6.2 s');
    assert.equal(formatDuration(185_000), '3m 05s');
    assert.equal(formatDuration(3_720_000), '1h 02m');
  });

  it('writes a progress line with rate and ETA', () => {
    assert.equal(formatProgressLine(snapshot, words), '9,000 sent, 2 failed, 120 retried, 3.5 MB, 3,000 documents/s, ETA 1.0 s');
    const { position: _position, ...unknownSize } = snapshot;
    assert.doesNotMatch(formatProgressLine(unknownSize, words), /ETA/);
  });

  it('summarises a run, and says how it stopped and where the failures are', () => {
    assert.equal(formatSummary(summary, words), '19,932 documents sent, 68 failed, 1,004 retried in 6.2 s: 3,215 documents/s');
    const stopped = formatSummary({ ...summary, stopped: { code: 'Aborted', message: 'x' }, lastLine: 20000, failuresFile: 'f.jsonl' }, words);
    assert.match(stopped, /\nInterrupted after line 20,000\. Everything read and not listed as failed was acknowledged\.\nFailed documents are listed in f\.jsonl\.$/);
    assert.match(formatSummary({ ...summary, stopped: { code: 'ResourceNotFoundException', message: 'no index' } }, words), /\nStopped: ResourceNotFoundException: no index\./);
  });

  it('prints a plain line every interval when not on a terminal, then the summary', async () => {
    const out = capture(false);
    const reporter = createProgressReporter({ stream: out.stream, intervalMs: 20 });
    reporter.update(snapshot);
    await new Promise((resolve) => setTimeout(resolve, 70));
    reporter.finish(summary);
    const lines = out.text().trim().split('\n');
    assert.equal(lines.filter((line) => line.startsWith('9,000 sent')).length, 1, 'an unchanged snapshot is printed once');
    assert.equal(lines.at(-1), '19,932 documents sent, 68 failed, 1,004 retried in 6.2 s: 3,215 documents/s');
    assert.doesNotMatch(out.text(), /\u001b\[/);
  });

  it('draws a bar on a terminal', () => {
    const out = capture(true);
    const reporter = createProgressReporter({ stream: out.stream });
    reporter.update(snapshot);
    reporter.finish(summary);
    assert.match(out.text(), /█{18}░{6} 75% \| 9,000 sent \| 3\.5 MB \| 3,000\/s \| ETA 1\.0 s \| 2 failed \| 120 retried/);
    assert.match(out.text(), /19,932 documents sent/);
  });
});
