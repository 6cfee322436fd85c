import type { VerifySuccess } from '../../signing/verify.js';
import { isKnownRegion } from './known-regions.js';
import { RequestRejection } from './read-body.js';

const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/**
 * The headers present in a request that its signature must cover, as the SigV4 rules state,
 * but does not: of every `x-amz-*` header (`x-amz-target` picks the operation,
 * `x-amz-security-token` carries the session) and `content-type`, those missing from
 * `signedHeaders`. Lower-case names, sorted.
 */
function unsignedRequiredHeaders(headers: Record<string, string>, signedHeaders: readonly string[]): string[] {
  const signed = new Set(signedHeaders);
  return Object.keys(headers)
    .filter((name) => (name.startsWith('x-amz-') || name === 'content-type') && !signed.has(name))
    .sort();
}

/**
 * What the local service asks of a valid signature beyond SigV4 itself, as the real JSON
 * services do: the body's hash is signed (`x-amz-content-sha256` is the body's SHA-256 or
 * absent, never `UNSIGNED-PAYLOAD`), so that a body cannot be swapped under a captured
 * signature; a presigned request (whose signature cannot cover a body) carries none; the
 * credential scope names a real region; every `x-amz-*` header present, and `content-type`, is
 * signed (see {@link unsignedRequiredHeaders}), in the Authorization header's `SignedHeaders`
 * or a presigned request's `X-Amz-SignedHeaders`. Throws a 403 `InvalidSignatureException`
 * otherwise.
 */
export function checkSignaturePolicy(auth: VerifySuccess, headers: Record<string, string>, body: Uint8Array): void {
  const unsigned = unsignedRequiredHeaders(headers, auth.signedHeaders);
  if (unsigned.length > 0) {
    throw new RequestRejection(
      403,
      'InvalidSignatureException',
      `There were headers present in the request which were not signed: ${unsigned.join(', ')}. Every x-amz-* header and Content-Type must be a 'SignedHeader' in the AWS Authorization.`,
    );
  }
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
