import { EXIT, type ExitCode } from './exit-codes.js';

/**
 * An error the CLI itself detects (a bad flag value, bad JSON, a missing setting), with the
 * exit code it ends the run with. The message is one line.
 */
export class CliError extends Error {
  override name = 'CliError';
  /** The exit code of the run. */
  readonly exitCode: ExitCode;

  constructor(message: string, exitCode: ExitCode, options?: { cause?: unknown }) {
    super(message, options);
    this.exitCode = exitCode;
  }
}

/** A usage error (exit 252): a bad flag value, bad JSON, a missing required flag. */
export function usageError(message: string, cause?: unknown): CliError {
  return new CliError(message, EXIT.USAGE, cause === undefined ? undefined : { cause });
}

/** A configuration error (exit 253): a missing region, an unusable profile. */
export function configError(message: string, cause?: unknown): CliError {
  return new CliError(message, EXIT.CONFIG, cause === undefined ? undefined : { cause });
}
