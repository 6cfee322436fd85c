import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { formatBytes, formatCount, formatDuration, formatProgressLine, formatSummary } from '../../../src/lib/bulk/format.js';
import { barLine, createProgressReporter } from '../../../src/lib/bulk/progress-reporter.js';
import type { BulkSnapshot, BulkSummary } from '../../../src/lib/bulk/types.js';

const words = { one: 'document', noun: 'documents', verb: 'sent' };
const snapshot: BulkSnapshot = {
  unchanged: 0,
  skipped: 0,
  read: 9100,
  acknowledged: 9000,
  failed: 2,
  retried: 120,
  throttled: 0,
  bytes: 3.5 * 1024 * 1024,
  calls: 900,
  inFlight: 8,
  elapsedMs: 3000,
  position: { done: 750, total: 1000 },
};
const summary: BulkSummary = {
  unchanged: 0,
  skipped: 0,
  read: 20000,
  acknowledged: 19932,
  failed: 68,
  retried: 1004,
  throttled: 0,
  bytes: 0,
  calls: 2100,
  inFlight: 0,
  elapsedMs: 6200,
  rate: 3214.8,
  concurrency: { max: 8, lowest: 8 },
};

function capture(isTTY: boolean, columns = 120) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
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
    // Once the whole input is read, the line shows the time taken, not "ETA 0 ms".
    const read = { ...snapshot, position: { done: 10, total: 10 } };
    assert.doesNotMatch(formatProgressLine(read, words), /ETA/);
  });

  it('summarises a run, and says how it stopped and where the failures are', () => {
    assert.equal(formatSummary(summary, words), '19,932 documents sent, 68 failed, 1,004 retried in 6.2 s: 3,215 documents/s');
    const stopped = formatSummary({ ...summary, stopped: { code: 'Aborted', message: 'x' }, lastLine: 20000, failuresFile: 'f.jsonl' }, words);
    assert.match(
      stopped,
      /\nInterrupted after line 20,000\. Everything read and not listed as failed was acknowledged\.\nFailed documents are listed in f\.jsonl\.$/,
    );
    assert.match(
      formatSummary({ ...summary, stopped: { code: 'ResourceNotFoundException', message: 'no index' } }, words),
      /\nStopped: ResourceNotFoundException: no index\./,
    );
    const sentence = formatSummary({ ...summary, stopped: { code: 'ConflictException', message: 'Index x is UPDATING. Retry when it is ACTIVE.' } }, words);
    assert.match(sentence, /Retry when it is ACTIVE\. Everything read/, 'one full stop, not two');
  });

  it('counts one document in the singular', () => {
    const one = { ...summary, read: 1, acknowledged: 1, failed: 0, retried: 0, rate: 1 };
    assert.match(formatSummary(one, words), /^1 document sent, 0 failed/);
    assert.match(formatSummary({ ...one, acknowledged: 0, failed: 1 }, words), /^0 documents sent, 1 failed/);
  });

  it('says how far the pace came down under throttling, and the rate it kept', () => {
    const throttled = formatSummary({ ...summary, failed: 0, throttled: 212, concurrency: { max: 8, lowest: 2 } }, words);
    assert.match(throttled, /\nThrottled: 212 attempts; calls in flight went down to 2 of 8, and the run kept 3,215 documents\/s\.$/);
  });

  it('fits the bar line in the terminal, dropping whole parts, never cutting a value', () => {
    const big: BulkSnapshot = {
      ...snapshot,
      acknowledged: 123_456,
      failed: 1_234,
      retried: 12_345,
      bytes: 12.3 * 1024 ** 3,
      elapsedMs: 185_000,
      position: { done: 999, total: 1000 },
    };
    for (const columns of [40, 60, 80, 100, 200]) {
      const line = barLine(big, words, 0.999, columns);
      assert.ok(line.length <= columns - 1, `${line.length} > ${columns - 1}: ${line}`);
      assert.match(line, /^█{8,24} 99% \| 123,456 sent( \| |$)/, line);
      for (const part of line.split(' | ').slice(1)) assert.match(part, /^(123,456 sent|12\.3 GB|667\/s|ETA 185 ms|1,234 failed|12,345 retried)$/, part);
    }
    assert.equal(barLine(big, words, 0.999, 200), '████████████████████████ 99% | 123,456 sent | 12.3 GB | 667/s | ETA 185 ms | 1,234 failed | 12,345 retried');
    assert.equal(barLine(big, words, 0.999, 80), '████████████████████████ 99% | 123,456 sent | 667/s | ETA 185 ms | 1,234 failed');
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

  it('draws a bar that fits an 80-column terminal', () => {
    const out = capture(true, 80);
    const reporter = createProgressReporter({ stream: out.stream });
    reporter.update({ ...snapshot, acknowledged: 123_456, failed: 1_234, retried: 12_345 });
    reporter.finish(summary);
    const drawn = out
      .text()
      .split(/\r|\n|\u001b\[[0-9;]*[A-Za-z]/)
      .filter((line) => line.includes('sent |'));
    assert.ok(drawn.length > 0, out.text());
    for (const line of drawn) assert.ok(line.length < 80, `${line.length} columns: ${line}`);
  });
});
