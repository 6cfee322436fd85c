import { NimbusError } from './nimbus-error.js';

/**
 * A process run that did not end with status 0 and its output within the limits; the message
 * says how (cannot start, exit status or signal with the end of standard error, timeout, too much
 * output) and never contains standard output.
 */
export class ProcessRunFailure extends NimbusError {
  override name = 'ProcessRunFailure';
}

/** True when `error` is a {@link ProcessRunFailure}. */
export function isProcessRunFailure(error: unknown): error is ProcessRunFailure {
  return error instanceof ProcessRunFailure;
}
