import { ConfigurationError } from '../../errors/configuration-error.js';
import { ConnectionError } from '../../errors/connection-error.js';
import { InvalidArgumentException } from '../../errors/invalid-argument-exception.js';
import { InvalidResponseError } from '../../errors/invalid-response-error.js';
import { ServiceException } from '../../errors/service-exception.js';
import { PaginationError } from '../../errors/pagination-error.js';
import { isUntrustedCertificate } from '../../http/tls-failure.js';
import { InvalidUtf8InputError } from '../../bulk/utf8-guard.js';
import { CliError } from './cli-error.js';
import { EXIT, type ExitCode } from './exit-codes.js';

/** What the run prints and exits with for an error. */
export interface ErrorReport {
  exitCode: ExitCode | number;
  /** One line (or a line per input problem), without the `nimbus: ` prefix; empty when nothing is to be printed. */
  message: string;
}

/** Client options whose problems are configuration problems (exit 253), not usage ones. */
const CONFIG_OPTIONS = new Set(['region', 'profile', 'credentials', 'use_aws_shared_config_files']);

/** Collapses a message to one line. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Maps any error thrown by a run to its exit code and its one-line message. */
export function reportError(error: unknown): ErrorReport {
  if (error instanceof CliError) return { exitCode: error.exitCode, message: oneLine(error.message) };
  if (error instanceof ServiceException) {
    const id = error.requestId ? ` (request id ${error.requestId})` : '';
    return { exitCode: EXIT.SERVICE, message: `${error.code}: ${oneLine(error.message)}${id}` };
  }
  if (error instanceof InvalidArgumentException) {
    const config = error.operation === undefined && (CONFIG_OPTIONS.has(error.option ?? '') || error.cause instanceof ConfigurationError);
    // Several problems with the input: one a line, under the line that counts them.
    const problems =
      error.problems && error.problems.length > 1
        ? `Found ${error.problems.length} errors in the input of ${error.operation}:${error.problems.map((problem) => `\n  - ${oneLine(problem)}`).join('')}`
        : undefined;
    return { exitCode: config ? EXIT.CONFIG : EXIT.USAGE, message: `${error.code}: ${problems ?? oneLine(error.message)}` };
  }
  if (error instanceof ConfigurationError) return { exitCode: EXIT.CONFIG, message: oneLine(error.message) };
  if (error instanceof InvalidUtf8InputError) return { exitCode: EXIT.USAGE, message: oneLine(error.message) };
  if (error instanceof PaginationError) {
    const usage = /^Invalid (StartingToken|PaginationConfig)/.test(error.message);
    return { exitCode: usage ? EXIT.USAGE : EXIT.OTHER, message: oneLine(error.message) };
  }
  if (error instanceof ConnectionError) {
    const hint = isUntrustedCertificate(error.code) ? " (to trust its authority: --ca-bundle, AWS_CA_BUNDLE or the profile's ca_bundle)" : '';
    return { exitCode: EXIT.OTHER, message: `ConnectionError: ${oneLine(error.message)}${hint}` };
  }
  if (error instanceof InvalidResponseError) {
    const id = error.requestId ? ` (request id ${error.requestId})` : '';
    return { exitCode: EXIT.OTHER, message: `InvalidResponseError: ${oneLine(error.message)}${id}` };
  }
  if (isPromptExit(error)) return { exitCode: EXIT.INTERRUPTED, message: '' };
  if (isOclifError(error) && error.code === 'EEXIT') return { exitCode: error.oclif.exit ?? EXIT.OTHER, message: '' };
  if (isOclifError(error)) {
    // oclif's parse errors: unknown flag, invalid option, missing value… (first line is the gist).
    const first = oneLine(error.message.split('\n')[0] ?? error.message);
    const parse = 'parse' in error || /flag|argument|expected/i.test(first);
    return { exitCode: parse ? EXIT.USAGE : EXIT.OTHER, message: first };
  }
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  return { exitCode: EXIT.OTHER, message: `${name}: ${oneLine(message)}` };
}

/**
 * An error of oclif's class CLIError or a subclass (ExitError, the parse errors), known by the
 * fields every instance of it has (`oclif`, `skipOclifErrorHandling`) rather than by class: a
 * run that never loads oclif (the fast path of the operation commands) need not load it to report
 * its errors. Another error that oclif merely decorated with an exit code has no
 * `skipOclifErrorHandling` and is reported by its name.
 */
function isOclifError(error: unknown): error is Error & { code?: string; oclif: { exit?: number } } {
  if (!(error instanceof Error) || !Object.hasOwn(error, 'skipOclifErrorHandling')) return false;
  const oclif = (error as { oclif?: unknown }).oclif;
  return typeof oclif === 'object' && oclif !== null;
}

/** Ctrl-C while a prompt is open (@inquirer/prompts' ExitPromptError). */
function isPromptExit(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExitPromptError';
}
