import type { VerifySuccess } from '../../signing/verify.js';
import { isKnownRegion } from './known-regions.js';
import { RequestRejection } from './read-body.js';

const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/**
 * What the local service asks of a valid signature beyond SigV4 itself, as the real JSON
 * services do: the body's hash is signed (`x-amz-content-sha256` is the body's SHA-256 or
 * absent, never `UNSIGNED-PAYLOAD`), so that a body cannot be swapped under a captured
 * signature; a presigned request (whose signature cannot cover a body) carries none; the
 * credential scope names a real region. Throws a 403 `InvalidSignatureException` otherwise.
 */
export function checkSignaturePolicy(auth: VerifySuccess, headers: Record<string, string>, body: Uint8Array): void {
  if (headers['x-amz-content-sha256'] === UNSIGNED_PAYLOAD) {
    throw new RequestRejection(
      403,
      'InvalidSignatureException',
      `This service requires a signed payload: x-amz-content-sha256 must be the SHA-256 of the body (or be left out), not ${UNSIGNED_PAYLOAD}.`,
    );
  }
  if (auth.presigned && body.length > 0) {
    throw new RequestRejection(
      403,
      'InvalidSignatureException',
      'A presigned request cannot carry a body: its signature does not cover one. Sign the request in the Authorization header.',
    );
  }
  if (!isKnownRegion(auth.region)) {
    throw new RequestRejection(403, 'InvalidSignatureException', `Credential should be scoped to a valid region, not '${auth.region}'.`);
  }
}
