import type { ResponseMetadata } from './response-metadata.js';
import { NimbusError } from './nimbus-error.js';

/** What a protocol parser knows about an error response. */
export interface ServiceExceptionDetails {
  /** The wire error code, e.g. `ResourceNotFoundException`. */
  code: string;
  message: string;
  statusCode: number;
  requestId?: string;
  retryable: boolean;
  /** True for throttling errors (retried by every retry mode). */
  throttling?: boolean;
  /** `client` for 4xx-class faults, `server` for 5xx. */
  fault?: 'client' | 'server';
  /** Other members of the modeled error shape. */
  fields?: Record<string, unknown>;
  $metadata: ResponseMetadata;
}

/**
 * An error answered by the service. `code` is the wire error code; the modeled members of the
 * error shape (if any) are in `fields`.
 */
export class ServiceException extends NimbusError {
  override name = 'ServiceException';
  readonly code: string;
  readonly statusCode: number;
  readonly requestId?: string;
  readonly retryable: boolean;
  readonly throttling: boolean;
  readonly fault: 'client' | 'server';
  readonly fields: Record<string, unknown>;
  $metadata: ResponseMetadata;

  constructor(details: ServiceExceptionDetails) {
    super(details.message);
    this.code = details.code;
    this.statusCode = details.statusCode;
    this.requestId = details.requestId;
    this.retryable = details.retryable;
    this.throttling = details.throttling ?? false;
    this.fault = details.fault ?? (details.statusCode >= 500 ? 'server' : 'client');
    this.fields = details.fields ?? {};
    this.$metadata = details.$metadata;
  }
}

/** True when `error` is a {@link ServiceException} (optionally with the given code). */
export function isServiceException(error: unknown, code?: string): error is ServiceException {
  return error instanceof ServiceException && (code === undefined || error.code === code);
}
