import { SingleBar } from 'cli-progress';
import { etaOf, formatBytes, formatCount, formatDuration, formatProgressLine, formatSummary, rateOf, type Wording } from './format.js';
import type { BulkProgressListener, BulkSnapshot, BulkSummary } from './types.js';

/** Options of {@link createProgressReporter}. */
export interface ProgressReporterOptions {
  /** Where to write; standard error unless given. */
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** `bar` (redrawn in place) when the stream is a terminal, else `lines` (one every `intervalMs`). */
  mode?: 'bar' | 'lines';
  /** Milliseconds between lines in `lines` mode; 2000 unless given. */
  intervalMs?: number;
  /** `documents`/`sent` unless given (e.g. `documents`/`deleted`). */
  wording?: Wording;
}

function barLine(snapshot: BulkSnapshot, wording: Wording, bar: string): string {
  const parts: string[] = [];
  const position = snapshot.position;
  if (position && position.total > 0) parts.push(`${bar} ${Math.floor((100 * position.done) / position.total)}%`);
  parts.push(`${formatCount(snapshot.acknowledged)} ${wording.verb}`);
  if (snapshot.bytes > 0) parts.push(formatBytes(snapshot.bytes));
  parts.push(`${formatCount(rateOf(snapshot.acknowledged, snapshot.elapsedMs))}/s`);
  const eta = etaOf(snapshot);
  parts.push(eta === undefined ? `elapsed ${formatDuration(snapshot.elapsedMs)}` : `ETA ${formatDuration(eta)}`);
  parts.push(`${formatCount(snapshot.failed)} failed`);
  if (snapshot.retried > 0) parts.push(`${formatCount(snapshot.retried)} retried`);
  return parts.join(' | ');
}

/**
 * A progress display for a bulk run, on standard error: a bar redrawn in place on a terminal
 * (documents, bytes, rate, ETA when the size of the input is known, failures), otherwise a
 * plain line every two seconds; then the final summary.
 */
export function createProgressReporter(options: ProgressReporterOptions = {}): BulkProgressListener {
  const stream = options.stream ?? process.stderr;
  const wording = options.wording ?? { noun: 'documents', verb: 'sent' };
  const mode = options.mode ?? (stream.isTTY ? 'bar' : 'lines');
  let latest: BulkSnapshot | undefined;

  if (mode === 'bar') {
    const bar = new SingleBar({
      stream,
      fps: 8,
      hideCursor: false,
      barsize: 24,
      format: (opts, params) => {
        const done = Math.round(params.progress * (opts.barsize ?? 24));
        const glyphs = `${'█'.repeat(done)}${'░'.repeat((opts.barsize ?? 24) - done)}`;
        return latest ? barLine(latest, wording, glyphs) : '';
      },
    });
    let started = false;
    return {
      update(snapshot) {
        latest = snapshot;
        const total = snapshot.position?.total ?? 1;
        const value = snapshot.position?.done ?? 0;
        if (!started) {
          bar.start(total, value);
          started = true;
        } else bar.update(value);
        bar.setTotal(total);
      },
      finish(summary: BulkSummary) {
        if (started) bar.stop();
        stream.write(`${formatSummary(summary, wording)}\n`);
      },
    };
  }

  const interval = options.intervalMs ?? 2000;
  let printed: BulkSnapshot | undefined;
  let timer: NodeJS.Timeout | undefined;
  return {
    update(snapshot) {
      latest = snapshot;
      if (timer) return;
      timer = setInterval(() => {
        if (!latest || latest === printed) return;
        printed = latest;
        stream.write(`${formatProgressLine(latest, wording)}\n`);
      }, interval);
      timer.unref();
    },
    finish(summary: BulkSummary) {
      clearInterval(timer);
      stream.write(`${formatSummary(summary, wording)}\n`);
    },
  };
}
