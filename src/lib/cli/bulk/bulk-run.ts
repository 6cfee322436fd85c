import { createProgressReporter } from '../../bulk/progress-reporter.js';
import { formatCount, formatItems, type Wording } from '../../bulk/format.js';
import { DUPLICATE_ID } from '../../bulk/id-clashes.js';
import type { BulkProgressListener, BulkRunOptions, BulkSummary, DocumentOutcome } from '../../bulk/types.js';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { onInterrupt, onRepeatedInterrupt } from '../interrupt.js';
import type { OperationFlags, OperationSession } from '../operation-session.js';

/** Failures listed on stderr when there is no `--failures` file to list them all. */
const SHOWN_FAILURES = 10;

/** A bulk operation for {@link runBulk}: what it counts, and how to start it with the run's options. */
export interface BulkJob {
  /** How the progress and the summary name what is counted, e.g. `documents` `sent`. */
  wording: Wording;
  start(options: BulkRunOptions): Promise<BulkSummary>;
}

/** The summary printed on stdout: the counters, rounded, without the always-zero calls in flight. */
export function summaryData(summary: BulkSummary): Record<string, unknown> {
  return {
    read: summary.read,
    unchanged: summary.unchanged,
    skipped: summary.skipped,
    acknowledged: summary.acknowledged,
    failed: summary.failed,
    retried: summary.retried,
    throttled: summary.throttled,
    concurrency: summary.concurrency,
    bytes: summary.bytes,
    calls: summary.calls,
    elapsedMs: Math.round(summary.elapsedMs),
    rate: Math.round(summary.rate * 10) / 10,
    ...(summary.stopped ? { stopped: summary.stopped } : {}),
    ...(summary.lastLine === undefined ? {} : { lastLine: summary.lastLine }),
    ...(summary.failuresFile === undefined ? {} : { failuresFile: summary.failuresFile }),
  };
}

/** `doc-7 (line 8): InvalidDocument: …`: one failed item, for stderr. */
function failureLine(outcome: Extract<DocumentOutcome, { status: 'failed' }>): string {
  const where = outcome.ref.line !== undefined ? `line ${formatCount(outcome.ref.line)}` : outcome.ref.path;
  const name = outcome.id ?? where ?? 'a document';
  const suffix = outcome.id !== null && where !== undefined ? ` (${where})` : '';
  return `  ${name}${suffix}: ${outcome.code}: ${outcome.message}`;
}

/** The one-line error a run with failures ends with (exit 254; 252 when documents repeated an id). */
function failureMessage(summary: BulkSummary, wording: Wording, duplicates: number): string {
  if (duplicates > 0 && !summary.stopped) {
    const others = summary.failed - duplicates;
    const repeated =
      `${formatItems(duplicates, wording)} repeated the id of an earlier one and ${duplicates === 1 ? 'was' : 'were'} not sent (${DUPLICATE_ID})` +
      (others > 0 ? `, and ${formatCount(others)} more failed` : '');
    return summary.failuresFile ? `${repeated}; they are listed in ${summary.failuresFile}` : repeated;
  }
  const failed = `${formatCount(summary.failed)} of ${formatItems(summary.read, wording)} failed`;
  if (summary.stopped) return `the run stopped after ${summary.stopped.code}; ${failed}`;
  return summary.failuresFile ? `${failed}; they are listed in ${summary.failuresFile}` : failed;
}

/** `--max-retries` and `--retry-deadline` as the engine's document retry options. */
function documentRetries(flags: OperationFlags): BulkRunOptions['documentRetries'] {
  const retries = flags['max-retries'] as number | undefined;
  const deadline = flags['retry-deadline'] as number | undefined;
  return {
    ...(retries === undefined ? {} : { maxAttempts: retries + 1 }),
    ...(deadline === undefined ? {} : { deadlineMs: deadline * 1000 }),
  };
}

/** A progress listener that also keeps the latest counters, for the Ctrl-C message. */
function tracked(listener: BulkProgressListener): BulkProgressListener & { inFlight(): number } {
  let inFlight = 0;
  return {
    update(snapshot) {
      inFlight = snapshot.inFlight;
      listener.update(snapshot);
    },
    finish: (summary) => listener.finish(summary),
    inFlight: () => inFlight,
  };
}

/**
 * Runs a bulk job for a command: progress on stderr (a bar on a terminal, else a line every two
 * seconds) and the summary; the summary as data on stdout, in the chosen output format; without
 * `--failures`, the first failures on stderr. Ctrl-C stops reading and sending and says so at
 * once, waits for the calls in flight (a second Ctrl-C stops waiting: their documents fail as
 * `Abandoned`), prints the accounting and ends the run with exit 130.
 * @throws CliError (exit 254) when any item failed or the run stopped early; (exit 252) when
 *   documents repeated an id; (exit 130) when interrupted.
 */
export async function runBulk(session: OperationSession, flags: OperationFlags, job: BulkJob): Promise<void> {
  const controller = new AbortController();
  const abandon = new AbortController();
  const failuresFile = flags.failures as string | undefined;
  const shown: string[] = [];
  let duplicates = 0;
  const progress = tracked(createProgressReporter({ wording: job.wording }));
  const options: BulkRunOptions = {
    signal: controller.signal,
    abandon: abandon.signal,
    progress,
    concurrency: flags.concurrency as number | undefined,
    documentRetries: documentRetries(flags),
    notice: (message) => process.stderr.write(`${message}\n`),
    onOutcome: (outcome) => {
      if (outcome.status !== 'failed') return;
      if (outcome.code === DUPLICATE_ID) duplicates++;
      if (failuresFile === undefined && shown.length < SHOWN_FAILURES) shown.push(failureLine(outcome));
    },
    ...(failuresFile === undefined ? {} : { failuresFile }),
  };
  const work = (async (): Promise<BulkSummary> => {
    const summary = await job.start(options);
    if (shown.length) {
      const more = summary.failed - shown.length;
      process.stderr.write(`Failed ${job.wording.noun}:\n${shown.join('\n')}\n`);
      if (more > 0) process.stderr.write(`  … and ${formatCount(more)} more: --failures FILE lists them all.\n`);
    }
    await session.print(summaryData(summary));
    session.reportStats();
    return summary;
  })();
  // Ctrl-C: stop, then let the run account for what it read before the process exits; a second one stops waiting for the calls in flight.
  const dispose = onInterrupt(async () => {
    const calls = progress.inFlight();
    const waiting = calls > 0 ? `waiting for ${formatCount(calls)} ${calls === 1 ? 'call' : 'calls'} in flight` : 'finishing the accounting';
    process.stderr.write(`${process.stderr.isTTY ? '\n' : ''}stopping: ${waiting}; press Ctrl-C again to stop waiting\n`);
    controller.abort();
    await work.catch(() => undefined);
  });
  const disposeRepeated = onRepeatedInterrupt(() => {
    process.stderr.write('stopped waiting for the calls in flight: their documents are listed as Abandoned\n');
    abandon.abort();
  });
  let summary: BulkSummary;
  try {
    summary = await work;
  } finally {
    dispose();
    disposeRepeated();
  }
  if (summary.stopped?.code === 'Aborted') throw new CliError('', EXIT.INTERRUPTED);
  if (summary.failed > 0 || summary.stopped)
    throw new CliError(failureMessage(summary, job.wording, duplicates), duplicates > 0 && !summary.stopped ? EXIT.USAGE : EXIT.SERVICE);
}
