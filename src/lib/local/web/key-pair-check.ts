import type { LocalContext } from '../types.js';
import { tokenMatches } from './guard.js';

/**
 * Whether a key pair typed into the sign-in form is one the service accepts, checked as a signed
 * request is: the secret of the access key, and the session token of temporary credentials (which
 * must be given for them, and for no other pair). Compared in constant time.
 */
export function keyPairAccepted(context: LocalContext, accessKey: string, secret: string, sessionToken: string): boolean {
  const expected = context.credentials.get(accessKey);
  if (expected === undefined || !tokenMatches(secret, expected)) return false;
  const token = context.sessionTokens?.get(accessKey);
  return token === undefined ? sessionToken === '' : tokenMatches(sessionToken, token);
}
