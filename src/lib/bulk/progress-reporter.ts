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
  /** `document`/`documents`/`sent` unless given (e.g. `deleted`). */
  wording?: Wording;
}

/** The widest bar drawn, and the narrowest worth drawing. */
const BAR_MAX = 24;
const BAR_MIN = 8;

/**
 * The progress line drawn in place: a bar and percentage (when the size of the input is known),
 * then the counts. It fits in `columns - 1` (a line as wide as the terminal wraps in some
 * terminals): the bar narrows first, then the least useful parts go, never part of a value.
 */
export function barLine(snapshot: BulkSnapshot, wording: Wording, progress: number, columns: number): string {
  const position = snapshot.position;
  const eta = etaOf(snapshot);
  // In order of display; `rank` is the order in which parts are dropped when the line is too wide (highest first).
  const parts: { text: string; rank: number }[] = [
    { text: `${formatCount(snapshot.acknowledged)} ${wording.verb}`, rank: 0 },
    ...(snapshot.bytes > 0 ? [{ text: formatBytes(snapshot.bytes), rank: 5 }] : []),
    { text: `${formatCount(rateOf(snapshot.acknowledged, snapshot.elapsedMs))}/s`, rank: 3 },
    { text: eta === undefined ? `elapsed ${formatDuration(snapshot.elapsedMs)}` : `ETA ${formatDuration(eta)}`, rank: 2 },
    { text: `${formatCount(snapshot.failed)} failed`, rank: 1 },
    ...(snapshot.retried > 0 ? [{ text: `${formatCount(snapshot.retried)} retried`, rank: 4 }] : []),
  ];
  const width = Math.max(20, columns - 1);
  const counts = (): string => parts.map((part) => part.text).join(' | ');
  const known = position !== undefined && position.total > 0;
  const percent = known ? `${Math.floor((100 * position.done) / position.total)}%` : '';
  const withBar = (size: number): string => {
    const done = Math.min(size, Math.max(0, Math.round(progress * size)));
    return `${'█'.repeat(done)}${'░'.repeat(size - done)} ${percent} | ${counts()}`;
  };
  for (;;) {
    if (known) {
      const room = width - withBar(0).length;
      if (room >= BAR_MIN) return withBar(Math.min(BAR_MAX, room));
    } else if (counts().length <= width) return counts();
    if (parts.length === 1) return known ? `${percent} | ${counts()}` : counts();
    const drop = parts.reduce((worst, part, index) => (part.rank > parts[worst]!.rank ? index : worst), 0);
    parts.splice(drop, 1);
  }
}

/**
 * A progress display for a bulk run, on standard error: a bar redrawn in place on a terminal
 * (documents, bytes, rate, ETA when the size of the input is known, failures), otherwise a
 * plain line every two seconds; then the final summary.
 */
export function createProgressReporter(options: ProgressReporterOptions = {}): BulkProgressListener {
  const stream = options.stream ?? process.stderr;
  const wording = options.wording ?? { one: 'document', noun: 'documents', verb: 'sent' };
  const mode = options.mode ?? (stream.isTTY ? 'bar' : 'lines');
  let latest: BulkSnapshot | undefined;

  if (mode === 'bar') {
    const bar = new SingleBar({
      stream,
      fps: 8,
      hideCursor: false,
      format: (_opts, params) => (latest ? barLine(latest, wording, params.progress, (stream as { columns?: number }).columns ?? 80) : ''),
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
