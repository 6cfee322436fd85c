import { NimbusError } from './nimbus-error.js';

/** A command line could not be split into arguments (an unterminated quote or a dangling escape). */
export class CommandLineSyntaxError extends NimbusError {
  override name = 'CommandLineSyntaxError';
}

/** True when `error` is a {@link CommandLineSyntaxError}. */
export function isCommandLineSyntaxError(error: unknown): error is CommandLineSyntaxError {
  return error instanceof CommandLineSyntaxError;
}
