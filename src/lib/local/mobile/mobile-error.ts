/** The error codes of the mobile API, with the HTTP status each one is answered with. */
export const MOBILE_ERROR_STATUS = {
  BadRequestException: 400,
  UnauthorizedException: 401,
  AccountActionRequiredException: 403,
  NotFoundException: 404,
  TooManyRequestsException: 429,
  LimitExceededException: 429,
  InternalFailureException: 500,
  ServiceUnavailableException: 503,
} as const;

/** One of the mobile API's error codes. */
export type MobileErrorCode = keyof typeof MOBILE_ERROR_STATUS;

/**
 * A failure the local mobile service answers with one of the API's modelled errors. The
 * message is sent to the caller as is, so it never contains secrets.
 */
export class MobileError extends Error {
  override readonly name = 'MobileError';
  /** The HTTP status of the answer. */
  readonly status: number;

  /**
   * @param code - the wire error code.
   * @param message - a one-line explanation for the caller.
   * @param retryAfterSeconds - sent as `Retry-After` (throttling, limits, unavailability).
   */
  constructor(
    readonly code: MobileErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = MOBILE_ERROR_STATUS[code];
  }
}

/** Whether a value is a {@link MobileError}. */
export function isMobileError(value: unknown): value is MobileError {
  return value instanceof MobileError;
}

/** A 400 `BadRequestException`. */
export function badRequest(message: string): MobileError {
  return new MobileError('BadRequestException', message);
}

/** A 404 `NotFoundException`. */
export function notFound(message: string): MobileError {
  return new MobileError('NotFoundException', message);
}
