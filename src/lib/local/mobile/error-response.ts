import { errorResponse as wireError } from '../server/wire.js';
import type { LocalResponse } from '../types.js';
import { isMobileError, MobileError } from './mobile-error.js';

const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

/**
 * The REST-JSON answer for a failure: the code in `x-amzn-ErrorType` and `__type`, the text in
 * `message`, `Retry-After` when the error carries one. A database kept busy by another process
 * is a 503 `ServiceUnavailableException`; any other unexpected failure a 500
 * `InternalFailureException` naming the request, whose cause goes to `report` (the service's
 * log), never to the caller.
 */
export function errorResponse(error: unknown, requestId: string, report: (error: unknown, requestId: string) => void): LocalResponse {
  const failure = isMobileError(error) ? error : unexpected(error, requestId, report);
  const response = wireError(failure.status, failure.code, failure.message);
  if (failure.retryAfterSeconds !== undefined) response.headers = { ...response.headers, 'retry-after': String(failure.retryAfterSeconds) };
  return response;
}

function unexpected(error: unknown, requestId: string, report: (error: unknown, requestId: string) => void): MobileError {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && BUSY_CODES.has(code)) {
    return new MobileError('ServiceUnavailableException', 'the local data store is busy (another process holds it); retry shortly', 1);
  }
  report(error, requestId);
  return new MobileError('InternalFailureException', `the local mobile service failed to process the request ${requestId}; its log has the cause`);
}
