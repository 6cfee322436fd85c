import { isStoreFull } from '../store/storage-state.js';
import type { LocalResponse } from '../types.js';
import { isStoreBusy, ServiceError } from './errors.js';

/** How one wire protocol writes an error answer. */
export interface ErrorFormat {
  /** The `content-type` of an error answer. */
  contentType: string;
  /** The body member that carries the text: `Message` (JSON 1.1) or `message` (REST-JSON). */
  messageMember: 'Message' | 'message';
}

/** The error answers of the REST-JSON protocol, also used for what the server itself refuses. */
export const REST_JSON_ERRORS: ErrorFormat = { contentType: 'application/json', messageMember: 'message' };

/** How one service answers errors: its protocol's format, and its answers to a busy or full store or an unexpected failure. */
export interface ErrorDialect extends ErrorFormat {
  /** The error answered while another process holds the store. */
  busy(): ServiceError;
  /** The error answered when a write fails because the store's storage is full: retryable, and it says so. */
  full(): ServiceError;
  /** The error answered for an unexpected failure of the request `requestId`. */
  internal(requestId: string): ServiceError;
}

/**
 * The answer for a modelled error: the code in `__type` and `x-amzn-ErrorType`, the text in the
 * format's message member, the error shape's other members when it has any, `Retry-After` when
 * the error carries one.
 */
export function errorResponse(error: ServiceError, format: ErrorFormat): LocalResponse {
  const headers: Record<string, string> = { 'content-type': format.contentType, 'x-amzn-errortype': error.code };
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  return { status: error.status, headers, body: { ...error.members, __type: error.code, [format.messageMember]: error.message } };
}

/**
 * The answer for any failure of a request: a {@link ServiceError} as it is, a busy store as the
 * dialect's busy error, a full one (`SQLITE_FULL`) as its full error, anything else as its internal error, whose cause goes to `report` (the
 * service's log), never to the caller.
 */
export function failureResponse(error: unknown, requestId: string, dialect: ErrorDialect, report: (error: unknown, requestId: string) => void): LocalResponse {
  if (error instanceof ServiceError) return errorResponse(error, dialect);
  if (isStoreBusy(error)) return errorResponse(dialect.busy(), dialect);
  if (isStoreFull(error)) return errorResponse(dialect.full(), dialect);
  report(error, requestId);
  return errorResponse(dialect.internal(requestId), dialect);
}
