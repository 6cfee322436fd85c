import { ServiceError } from '../protocol/errors.js';

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

/** A failure the local mobile service answers with one of the API's modelled errors. */
export type MobileError = ServiceError<MobileErrorCode>;

/**
 * A mobile API error, answered with the status of its code.
 *
 * @param code - the wire error code.
 * @param message - a one-line explanation for the caller, sent as is (never a secret).
 * @param retryAfterSeconds - sent as `Retry-After` (throttling, limits, unavailability).
 */
export function mobileError(code: MobileErrorCode, message: string, retryAfterSeconds?: number): MobileError {
  return new ServiceError(code, message, MOBILE_ERROR_STATUS[code], retryAfterSeconds);
}

/** A 400 `BadRequestException`. */
export function badRequest(message: string): MobileError {
  return mobileError('BadRequestException', message);
}

/** A 404 `NotFoundException`. */
export function notFound(message: string): MobileError {
  return mobileError('NotFoundException', message);
}
