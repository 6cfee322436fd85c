import { NimbusError } from './nimbus-error.js';

/** The base class of the errors the signing layer throws (bad presign expiry, unknown version…). */
export class SigningError extends NimbusError {
  override name = 'SigningError';
}

/** True when `error` is a {@link SigningError}. */
export function isSigningError(error: unknown): error is SigningError {
  return error instanceof SigningError;
}
