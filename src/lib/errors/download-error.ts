import { NimbusError } from './nimbus-error.js';

/** A download that did not produce a complete file (nothing is left behind when it is thrown). */
export class DownloadError extends NimbusError {
  override name = 'DownloadError';
  /** `HttpError`, `IncompleteDownload`, `WriteError`, `Aborted` or the transport's code. */
  readonly code: string;
  /** The HTTP status, when the server answered with an error. */
  readonly statusCode?: number;

  constructor(message: string, details: { code: string; statusCode?: number; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.code = details.code;
    this.statusCode = details.statusCode;
  }
}
