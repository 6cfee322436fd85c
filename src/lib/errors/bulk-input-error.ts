import { NimbusError } from './nimbus-error.js';

/**
 * The input of a bulk run cannot be sent as it is (two documents with the same id, a file
 * outside the id base): nothing was sent. The message is one line; `details` lists the cases,
 * one a line.
 */
export class BulkInputError extends NimbusError {
  override name = 'BulkInputError';
  readonly details: readonly string[];

  constructor(message: string, details: readonly string[] = []) {
    super(message);
    this.details = details;
  }
}
