import type { ResponseMetadata } from './response-metadata.js';
import { NimbusError } from './nimbus-error.js';

/**
 * The request never got a complete HTTP response: refused or reset connection, DNS failure,
 * TLS failure, a timeout, or a response over the size limit. Retry modes recognise it as
 * transient, except a refused TLS certificate, which would be refused again.
 */
export class ConnectionError extends NimbusError {
  override name = 'ConnectionError';
  /** The system or undici error code, e.g. `ECONNRESET`, `UND_ERR_CONNECT_TIMEOUT`. */
  readonly code: string;
  /** True when a connect or response timeout expired. */
  readonly timeout: boolean;
  /** Set once the call gave up: how many attempts were made and how long was slept between them. */
  $metadata?: ResponseMetadata;

  constructor(message: string, details: { code: string; timeout?: boolean; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.code = details.code;
    this.timeout = details.timeout ?? false;
  }
}

/** True when `error` is a {@link ConnectionError}. */
export function isConnectionError(error: unknown): error is ConnectionError {
  return error instanceof ConnectionError;
}
