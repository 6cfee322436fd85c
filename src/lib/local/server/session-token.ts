import { createHash, timingSafeEqual } from 'node:crypto';
import type { VerifyFailure, VerifySuccess } from '../../signing/verify.js';
import { verifyFailure } from '../../signing/verify-params.js';

function sameToken(expected: string, presented: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(presented));
}

/**
 * The session tokens a request presents: a presigned request's `X-Amz-Security-Token` query
 * parameter and the `x-amz-security-token` header, whichever are there.
 */
function presentedTokens(auth: VerifySuccess, headers: Record<string, string>, query: URLSearchParams): string[] {
  const tokens = auth.presigned ? query.getAll('X-Amz-Security-Token') : [];
  const header = headers['x-amz-security-token'];
  return header === undefined ? tokens : [...tokens, header];
}

/**
 * Checks the session token of a request whose signature is valid, as the real services do: a
 * long-term key pair (`expected` undefined) must come without one, and temporary credentials
 * must come with exactly theirs. Otherwise the failure to answer with: a 403
 * `UnrecognizedClientException`, worded as AWS words it, which never shows a token.
 */
export function sessionTokenFailure(
  auth: VerifySuccess,
  headers: Record<string, string>,
  query: URLSearchParams,
  expected: string | undefined,
): VerifyFailure | undefined {
  const presented = presentedTokens(auth, headers, query);
  const valid = expected === undefined ? presented.length === 0 : presented.length > 0 && presented.every((token) => sameToken(expected, token));
  return valid ? undefined : verifyFailure('UnrecognizedClientException', 'The security token included in the request is invalid.');
}
