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

/** What a failed call means for its batch. */
export interface BatchErrorOutcome {
  /** The code every document of the batch fails with. */
  code: string;
  message: string;
  /**
   * True when every later call would fail the same way (unknown index, access denied, bad
   * credentials, service unreachable, a bug): the run stops instead of failing document after document.
   */
  fatal: boolean;
}

/**
 * Classifies the error of a whole batch call, after the client's own retries: throttling,
 * server errors and the service's `ValidationException` (the batch's content) fail that batch
 * only; anything else stops the run. A client-side InvalidArgumentException is fatal too: the
 * documents were checked one by one before batching, so it is about the arguments every call shares.
 */
export function classifyBatchError(error: unknown): BatchErrorOutcome {
  if (error instanceof ServiceException) {
    const local = error.throttling || THROTTLING_CODES.has(error.code) || error.statusCode >= 500 || error.code === 'ValidationException';
    return { code: error.code, message: error.message, fatal: !local };
  }
  if (error instanceof ConnectionError || error instanceof InvalidArgumentException) return { code: error.code, message: error.message, fatal: true };
  const named = error as { name?: unknown; message?: unknown } | null;
  const code = typeof named?.name === 'string' && named.name ? named.name : 'Error';
  const message = typeof named?.message === 'string' ? named.message : String(error);
  return { code, message, fatal: true };
}
