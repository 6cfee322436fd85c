import { ConnectionError } from '../errors/connection-error.js';
import { InvalidResponseError } from '../errors/invalid-response-error.js';
import { ServiceException } from '../errors/service-exception.js';
import { LEGACY_THROTTLING_CODES, THROTTLING_CODES, TRANSIENT_CODES, TRANSIENT_STATUS_CODES } from '../errors/error-codes.js';
import { isCertificateFailure } from '../http/tls-failure.js';

/**
 * How a failed attempt is classified (as the published SDKs do):
 * - `throttling`: the service asked the client to slow down (a throttling code, the modeled
 *   `retryable.throttling` trait, or status 429);
 * - `transient`: a connection failure (a refused TLS certificate aside) or timeout, a success
 *   response whose body cannot be read (cut short or not JSON: botocore retries a body that ended
 *   early), status 500/502/503/504, or a transient code
 *   (`RequestTimeout`, `RequestTimeoutException`, `PriorRequestNotComplete`);
 * - `retryable`: any other error the model marks `retryable`;
 * - `client` / `server`: any other service error, by fault;
 * - `unknown`: not an error the service or the transport produced (a programming error, a
 *   validation or credentials failure…) — never retried.
 */
export type ErrorKind = 'throttling' | 'transient' | 'retryable' | 'client' | 'server' | 'unknown';

/** Classifies the error of a failed attempt for standard and adaptive modes. */
export function classifyError(error: unknown): ErrorKind {
  if (error instanceof InvalidResponseError) return 'transient';
  // A refused certificate is refused again on every attempt: not worth retrying.
  if (error instanceof ConnectionError) return isCertificateFailure(error.code) ? 'unknown' : 'transient';
  if (!(error instanceof ServiceException)) return 'unknown';
  if (isThrottlingError(error)) return 'throttling';
  if (TRANSIENT_STATUS_CODES.has(error.statusCode) || TRANSIENT_CODES.has(error.code)) return 'transient';
  if (error.retryable) return 'retryable';
  return error.fault === 'server' ? 'server' : 'client';
}

/** True for a throttling error (what the adaptive rate limiter reacts to). */
export function isThrottlingError(error: unknown): boolean {
  return error instanceof ServiceException && (error.throttling || THROTTLING_CODES.has(error.code) || error.statusCode === 429);
}

/** True for what legacy mode retries: status 500/502/503/504, its throttling codes, connection errors. */
export function isLegacyRetryable(error: unknown): boolean {
  if (error instanceof ConnectionError) return !isCertificateFailure(error.code);
  return error instanceof ServiceException && (TRANSIENT_STATUS_CODES.has(error.statusCode) || LEGACY_THROTTLING_CODES.has(error.code));
}

/** True when the attempt got an answer from the service or failed in the transport (not a local failure before sending). */
export function isResponseOrTransportError(error: unknown): boolean {
  return error instanceof ServiceException || error instanceof ConnectionError || error instanceof InvalidResponseError;
}
