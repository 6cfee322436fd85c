import type { Credentials } from '../credentials/types.js';
import type { HttpRequest } from '../http/types.js';

/** Where and when a request is signed. */
export interface SigningContext {
  /** The region of the credential scope. */
  region: string;
  /** The signing name of the service, e.g. `kendra` or `AWSMobileHubService`. */
  service: string;
  /** The signing time; defaults to now. */
  signingDate?: Date;
}

/** A signer for one signature version. */
export interface Signer {
  /** Returns a copy of the request with the signature headers added; `null` credentials sign nothing. */
  sign(request: HttpRequest, credentials: Credentials | null, context: SigningContext): HttpRequest;
  /** Returns a copy of the request with the signature in its query string, valid for `expiresIn` seconds. */
  presign?(request: HttpRequest, credentials: Credentials, context: SigningContext & { expiresIn: number }): HttpRequest;
}

/**
 * The `signature_provider` client option: receives a signature version name (`v4`, `anonymous`, …),
 * a service signing name and a region; returns a signer, or null when it has none for them.
 */
export type SignatureProvider = (version: string, service: string, region: string) => Signer | null;
