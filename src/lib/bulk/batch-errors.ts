import { ConnectionError } from '../errors/connection-error.js';
import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';
import { ServiceException } from '../errors/service-exception.js';
import { THROTTLING_CODES } from '../errors/error-codes.js';

/** Per-document error codes worth sending the document again (the service's transient codes). */
export const TRANSIENT_DOCUMENT_CODES: ReadonlySet<string> = new Set([
  'InternalError',
  'InternalServerError',
  'InternalServerException',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  ...THROTTLING_CODES,
]);

/** True when a document reported in `FailedDocuments` with `code` may succeed if sent again. */
export function isTransientDocumentCode(code: string | undefined): boolean {
  return code !== undefined && TRANSIENT_DOCUMENT_CODES.has(code);
}

/**
 * What a failed call means for its batch:
 * - `throttled`: the service asked to slow down; the documents are sent again later, at a lower pace;
 * - `transient`: a server error; the documents are sent again later;
 * - `busy`: the index is not ACTIVE (being updated); the run waits for it, then sends them again;
 * - `rejected`: the batch's content was refused; its documents fail;
 * - `fatal`: every later call would fail the same way (unknown index, access denied, bad
 *   credentials, service unreachable, a bug): the run stops instead of failing document after document.
 */
export type BatchErrorKind = 'throttled' | 'transient' | 'busy' | 'rejected' | 'fatal';

/** A failed call's error, classified. */
export interface BatchErrorOutcome {
  kind: BatchErrorKind;
  /** The code every document of the batch fails with, if it fails. */
  code: string;
  message: string;
}

/**
 * Classifies the error of a whole batch call, after the client's own retries. A client-side
 * InvalidArgumentException is fatal: the documents were checked one by one before batching, so
 * it is about the arguments every call shares.
 */
export function classifyBatchError(error: unknown): BatchErrorOutcome {
  if (error instanceof ServiceException) {
    const { code, message } = error;
    if (error.throttling || THROTTLING_CODES.has(code)) return { kind: 'throttled', code, message };
    if (error.statusCode >= 500) return { kind: 'transient', code, message };
    if (code === 'ConflictException') return { kind: 'busy', code, message };
    return { kind: code === 'ValidationException' ? 'rejected' : 'fatal', code, message };
  }
  if (error instanceof ConnectionError || error instanceof InvalidArgumentException) return { kind: 'fatal', code: error.code, message: error.message };
  const named = error as { name?: unknown; message?: unknown } | null;
  const code = typeof named?.name === 'string' && named.name ? named.name : 'Error';
  const message = typeof named?.message === 'string' ? named.message : String(error);
  return { kind: 'fatal', code, message };
}

/** True when a document reported in `FailedDocuments` with `code` was throttled. */
export function isThrottlingCode(code: string | undefined): boolean {
  return code !== undefined && THROTTLING_CODES.has(code);
}
