import { SigningError } from './signing-error.js';

/** Thrown when the signature provider has no signer for a signature version. */
export class UnknownSignatureVersionError extends SigningError {
  override name = 'UnknownSignatureVersionError';
  /** The signature version nobody could sign with, e.g. `v2`. */
  readonly version: string;

  constructor(version: string, service: string, region: string) {
    super(`Unknown signature version '${version}': the signature provider has no signer for service '${service}' in region '${region}'.`);
    this.version = version;
  }
}

/** True when `error` is an {@link UnknownSignatureVersionError}. */
export function isUnknownSignatureVersionError(error: unknown): error is UnknownSignatureVersionError {
  return error instanceof UnknownSignatureVersionError;
}
