import { refuseInvalidUtf8Arguments } from './argv-utf8.js';
import { EXIT } from './errors/exit-codes.js';
import { reportError } from './errors/report-error.js';
import { isInterrupted, runInterruptCleanups, runRepeatedInterrupt } from './interrupt.js';

/** Writes everything queued on stdout and stderr (after `flush`, for output queued elsewhere), then exits. */
async function exit(code: number, flush?: () => Promise<void>): Promise<never> {
  await flush?.();
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}

/**
 * Runs the whole CLI run `work` and ends the process: every error becomes one line on stderr
 * (`nimbus: …`) and its exit code; Ctrl-C exits 130 after cleaning up (a second Ctrl-C
 * cuts the cleanup short, see `onRepeatedInterrupt`). `--debug` in `argv` adds
 * the stack trace.
 * @param flush - writes output queued by the run's own means before the process exits.
 */
export async function runAndExit(work: () => Promise<unknown>, argv: readonly string[], flush?: () => Promise<void>): Promise<never> {
  let interrupts = 0;
  process.on('SIGINT', () => {
    // A second Ctrl-C: what the work in progress registered for it, else exit now.
    if (++interrupts > 1) {
      if (!runRepeatedInterrupt()) void exit(EXIT.INTERRUPTED, flush);
      return;
    }
    void runInterruptCleanups().then(() => {
      if (process.stderr.isTTY) process.stderr.write('\n');
      return exit(EXIT.INTERRUPTED, flush);
    });
  });
  try {
    refuseInvalidUtf8Arguments();
    await work();
    return await exit(EXIT.OK, flush);
  } catch (error) {
    // After Ctrl-C, aborted work fails on its way out: the interrupt handler reports and exits.
    if (isInterrupted()) return exit(EXIT.INTERRUPTED, flush);
    const report = reportError(error);
    if (report.message) process.stderr.write(`nimbus: ${report.message}\n`);
    if (argv.includes('--debug') && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return exit(report.exitCode, flush);
  }
}
