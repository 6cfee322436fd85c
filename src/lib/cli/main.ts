import { flush, run, settings, type Hook, type Interfaces } from '@oclif/core';
import { usageError } from './errors/cli-error.js';
import { EXIT } from './errors/exit-codes.js';
import { reportError } from './errors/report-error.js';
import { isInterrupted, runInterruptCleanups } from './interrupt.js';
import { suggestCommands } from './suggest.js';

/** oclif's `command_not_found` hook: a usage error that names the closest commands. */
export const commandNotFound: Hook<'command_not_found'> = async function (options) {
  const typed = options.id.replaceAll(':', ' ');
  const known = options.config.commandIDs.map((id) => id.replaceAll(':', ' '));
  // `search index list extra`: a command followed by words it does not take.
  const words = typed.split(' ');
  for (let end = words.length - 1; end > 0; end--) {
    const command = words.slice(0, end).join(' ');
    if (known.includes(command)) {
      throw usageError(`Unexpected argument "${words.slice(end).join(' ')}" after "${command}". See "${options.config.bin} ${command} --help".`);
    }
  }
  const suggestions = suggestCommands(typed, known);
  const hint = suggestions.length ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?` : '';
  throw usageError(`Unknown command "${typed}".${hint} See "${options.config.bin} --help".`);
};

/** Writes everything queued on stdout and stderr, then exits. */
async function exit(code: number): Promise<never> {
  await flush();
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}

/**
 * Runs the CLI: oclif finds and runs the command; every error becomes one line on stderr
 * (`nimbus: …`) and its exit code; Ctrl-C exits 130 after cleaning up. `--debug` adds the
 * stack trace.
 * @param root - the package root (or a file in it) for oclif to read `package.json` from, or
 *   oclif load options.
 */
export async function main(root: Interfaces.LoadOptions, argv: string[] = process.argv.slice(2)): Promise<never> {
  // Commands are plain JavaScript (the bundle) or run under tsx: oclif never looks for TypeScript.
  settings.enableAutoTranspile = false;
  process.once('SIGINT', () => {
    void runInterruptCleanups().then(() => {
      if (process.stderr.isTTY) process.stderr.write('\n');
      return exit(EXIT.INTERRUPTED);
    });
  });
  try {
    await run(argv, root);
    return await exit(EXIT.OK);
  } catch (error) {
    // After Ctrl-C, aborted work fails on its way out: the interrupt handler reports and exits.
    if (isInterrupted()) return exit(EXIT.INTERRUPTED);
    const report = reportError(error);
    if (report.message) process.stderr.write(`nimbus: ${report.message}\n`);
    if (argv.includes('--debug') && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return exit(report.exitCode);
  }
}
