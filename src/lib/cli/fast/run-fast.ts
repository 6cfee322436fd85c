import { processIO } from '../cli-io.js';
import type { OperationFlags } from '../operation-session.js';
import { runAndExit } from '../run-and-exit.js';
import type { FastCommand } from './fast-command.js';
import { parseFastFlags } from './parse-fast-flags.js';

/**
 * The fast path of the CLI (the entry of dist/cli/fast.cjs): runs a generated operation command
 * without loading oclif, its flags parsed by {@link parseFastFlags}, through the same
 * `runOperation` and error reporting as the oclif path. Returns false, having done nothing, when
 * the words are not ones it parses exactly as oclif would; bin/run.js then runs the CLI through
 * oclif. Once it returns true, the run ends the process.
 * @param command - the command's description (scripts/build.mjs writes it from the command class).
 * @param argv - the words after the command's id.
 */
export function runFast(command: FastCommand, argv: readonly string[]): boolean {
  try {
    process.cwd();
  } catch {
    // oclif warns when the current directory is gone: leave the run to it.
    return false;
  }
  const flags = parseFastFlags(argv, command.flags);
  if (!flags) return false;
  // As oclif does: output cut short by a closed pipe (`| head`) is no error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return;
    throw error;
  });
  // The table's folder is dist/cli/fast, beside this bundle (dist/cli/fast.cjs).
  const modelSlice = new URL(`fast/${command.models}`, import.meta.url);
  // Loaded only now: a command line left to oclif pays for no more than the parse.
  void runAndExit(async () => {
    const { runOperation } = await import('../run-operation.js');
    await runOperation(command.spec, flags as OperationFlags, processIO(), modelSlice);
  }, argv);
  return true;
}
