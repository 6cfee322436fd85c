import { ServiceError } from '../../protocol/errors.js';

/** The error codes of the search API (the model's exception shapes) the local service answers with. */
export type SearchErrorCode =
  | 'ValidationException'
  | 'ResourceNotFoundException'
  | 'ResourceAlreadyExistException'
  | 'ResourceInUseException'
  | 'ResourceUnavailableException'
  | 'ConflictException'
  | 'FeaturedResultsConflictException'
  | 'InvalidRequestException'
  | 'ServiceQuotaExceededException'
  | 'AccessDeniedException'
  | 'ThrottlingException'
  | 'InternalServerException'
  | 'SerializationException'
  | 'UnknownOperationException'
  | 'UnsupportedMediaTypeException';

/** A search API error: thrown by an operation, answered in the JSON 1.1 wire format by the module. */
export type SearchError = ServiceError<SearchErrorCode>;

/**
 * A search API error.
 *
 * @param code - the wire error code (`__type`).
 * @param message - one line, safe to show.
 * @param status - the HTTP status: 400 for client errors, 500 for `InternalServerException`.
 */
export function searchError(code: SearchErrorCode, message: string, status = code === 'InternalServerException' ? 500 : 400): SearchError {
  return new ServiceError(code, message, status);
}

/** A `ValidationException`. */
export function invalid(message: string): SearchError {
  return searchError('ValidationException', message);
}

/** A `ResourceNotFoundException`. */
export function notFound(message: string): SearchError {
  return searchError('ResourceNotFoundException', message);
}

/** A `ConflictException`. */
export function conflict(message: string): SearchError {
  return searchError('ConflictException', message);
}

/** A `ServiceQuotaExceededException`. */
export function quotaExceeded(message: string): SearchError {
  return searchError('ServiceQuotaExceededException', message);
}
