import type { BulkSnapshot, BulkSummary } from './types.js';

const COUNT = new Intl.NumberFormat('en-US');

/** `12,345`. */
export function formatCount(value: number): string {
  return COUNT.format(Math.round(value));
}

/** `512 B`, `1.5 KB`, `12.3 MB`, `2.0 GB` (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** `850 ms`, `6.2 s`, `3m 05s`, `1h 02m`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  const pad = (n: number): string => String(n).padStart(2, '0');
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${pad(whole % 60)}s`;
  return `${Math.floor(whole / 3600)}h ${pad(Math.floor((whole % 3600) / 60))}m`;
}

/** Items per second over the elapsed time. */
export function rateOf(count: number, elapsedMs: number): number {
  return elapsedMs > 0 ? (count * 1000) / elapsedMs : 0;
}

/** Milliseconds left, from how far the source has been read; undefined when unknown or when all is read. */
export function etaOf(snapshot: BulkSnapshot): number | undefined {
  const position = snapshot.position;
  // Before the first byte, and once everything is read, the elapsed time says more than an ETA.
  if (!position || position.done <= 0 || position.total <= 0 || position.done >= position.total) return undefined;
  return (snapshot.elapsedMs * (position.total - position.done)) / position.done;
}

/** What the numbers count and what happened to them, e.g. `document`/`documents` and `sent`. */
export interface Wording {
  /** The singular noun. */
  one: string;
  /** The plural noun. */
  noun: string;
  verb: string;
}

/** `1 document`, `2 documents`, `12,345 documents`. */
export function formatItems(count: number, wording: Wording): string {
  return `${formatCount(count)} ${Math.round(count) === 1 ? wording.one : wording.noun}`;
}

/** A message as the end of a sentence: without a full stop of its own. */
function clause(message: string): string {
  return message.replace(/[.\s]+$/, '');
}

/** One progress line: `9,000 sent, 2 failed, 120 retried, 3.4 MB, 3,100/s, ETA 3.1 s`. */
export function formatProgressLine(snapshot: BulkSnapshot, wording: Wording): string {
  const parts = [`${formatCount(snapshot.acknowledged)} ${wording.verb}`, `${formatCount(snapshot.failed)} failed`, `${formatCount(snapshot.retried)} retried`];
  if (snapshot.bytes > 0) parts.push(formatBytes(snapshot.bytes));
  parts.push(`${formatCount(rateOf(snapshot.acknowledged, snapshot.elapsedMs))} ${wording.noun}/s`);
  const eta = etaOf(snapshot);
  if (eta !== undefined) parts.push(`ETA ${formatDuration(eta)}`);
  return parts.join(', ');
}

/**
 * The final summary, e.g. `19,932 documents sent, 68 failed, 1,004 retried (12.3 MB) in 6.2 s:
 * 3,215 documents/s` (with the documents unchanged since an earlier run, if any); how the pace
 * came down when the service throttled; why the run stopped, the files skipped and where the
 * failures are, when that applies.
 */
export function formatSummary(summary: BulkSummary, wording: Wording): string {
  let text = `${formatItems(summary.acknowledged, wording)} ${wording.verb}, ${formatCount(summary.failed)} failed, ${formatCount(summary.retried)} retried`;
  if (summary.unchanged > 0) text += `, ${formatCount(summary.unchanged)} unchanged since an earlier run`;
  if (summary.bytes > 0) text += ` (${formatBytes(summary.bytes)})`;
  text += ` in ${formatDuration(summary.elapsedMs)}: ${formatCount(summary.rate)} ${wording.noun}/s`;
  if (summary.throttled > 0) {
    const { max, lowest } = summary.concurrency;
    const calls = `${formatCount(summary.throttled)} ${summary.throttled === 1 ? 'attempt' : 'attempts'}`;
    const pace = lowest < max ? `calls in flight went down to ${lowest} of ${max}` : `${max} ${max === 1 ? 'call' : 'calls'} in flight`;
    text += `\nThrottled: ${calls}; ${pace}, and the run kept ${formatCount(summary.rate)} ${wording.noun}/s.`;
  }
  if (summary.stopped) {
    text += summary.stopped.code === 'Aborted' ? '\nInterrupted' : `\nStopped: ${summary.stopped.code}: ${clause(summary.stopped.message)}`;
    text += summary.lastLine === undefined ? '.' : ` after line ${formatCount(summary.lastLine)}.`;
    text += ' Everything read and not listed as failed was acknowledged.';
  }
  if (summary.skipped > 0) {
    const where = summary.failuresFile ? `listed in ${summary.failuresFile}` : '--failures FILE lists them';
    text += `\nSkipped ${formatCount(summary.skipped)} ${summary.skipped === 1 ? 'file' : 'files'} that are not documents to send (hidden, another type, or binary): ${where} with the reason.`;
  }
  if (summary.failed > 0 && summary.failuresFile) text += `\nFailed ${wording.noun} are listed in ${summary.failuresFile}.`;
  return text;
}
