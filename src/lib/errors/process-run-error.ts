import { NimbusError } from './nimbus-error.js';

/**
 * A process run that did not end with status 0 and its output within the limits; the message
 * says how (cannot start, exit status or signal with the end of standard error, timeout, too much
 * output) and never contains standard output.
 */
export class ProcessRunError extends NimbusError {
  override name = 'ProcessRunError';
}

/** True when `error` is a {@link ProcessRunError}. */
export function isProcessRunError(error: unknown): error is ProcessRunError {
  return error instanceof ProcessRunError;
}
