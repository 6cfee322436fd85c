import { ProtocolError } from './protocol-error.js';
import type { ResponseMetadata } from './response-metadata.js';

/**
 * A success response whose body cannot be read: cut short, empty where a document was due, or
 * not JSON (a proxy's HTML page, say). The request may well have been carried out. The standard
 * and adaptive retry modes retry it as a transient failure, as botocore retries a body that
 * ended early; `$metadata` describes the last attempt's response.
 */
export class InvalidResponseError extends ProtocolError {
  override name = 'InvalidResponseError';
  /** The operation whose response could not be read, e.g. `ListIndices`. */
  readonly operation: string;
  /** The response's HTTP status. */
  readonly statusCode: number;
  /** The request id the response carried, if any. */
  readonly requestId?: string;
  /** The HTTP exchange; retry middleware fills in the attempts and delays. */
  $metadata: ResponseMetadata;

  constructor(message: string, details: { operation: string; $metadata: ResponseMetadata; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.operation = details.operation;
    this.statusCode = details.$metadata.statusCode ?? 0;
    this.requestId = details.$metadata.requestId;
    this.$metadata = details.$metadata;
  }
}

/** True when `error` is an {@link InvalidResponseError}. */
export function isInvalidResponseError(error: unknown): error is InvalidResponseError {
  return error instanceof InvalidResponseError;
}
