/** The error codes of the search API (the model's exception shapes) the local service answers with. */
export type SearchErrorCode =
  | 'ValidationException'
  | 'ResourceNotFoundException'
  | 'ResourceAlreadyExistException'
  | 'ResourceInUseException'
  | 'ResourceUnavailableException'
  | 'ConflictException'
  | 'ServiceQuotaExceededException'
  | 'AccessDeniedException'
  | 'ThrottlingException'
  | 'InternalServerException'
  | 'SerializationException'
  | 'UnknownOperationException'
  | 'UnsupportedOperationException'
  | 'UnsupportedMediaTypeException';

/** A search API error: thrown by an operation, answered in the wire format by the module. */
export class SearchError extends Error {
  override name = 'SearchError';

  /**
   * @param code the wire error code (`__type`)
   * @param message one line, safe to show
   * @param status the HTTP status (400 for client errors, 500 for server faults)
   */
  constructor(
    readonly code: SearchErrorCode,
    message: string,
    readonly status: number = code === 'InternalServerException' ? 500 : 400,
  ) {
    super(message);
  }
}

/** A `ValidationException`. */
export function invalid(message: string): SearchError {
  return new SearchError('ValidationException', message);
}

/** A `ResourceNotFoundException`. */
export function notFound(message: string): SearchError {
  return new SearchError('ResourceNotFoundException', message);
}

/** A `ConflictException`. */
export function conflict(message: string): SearchError {
  return new SearchError('ConflictException', message);
}

/** A `ServiceQuotaExceededException`. */
export function quotaExceeded(message: string): SearchError {
  return new SearchError('ServiceQuotaExceededException', message);
}
