import { toCredentials } from './to-credentials.js';
import type { CredentialProvider, Credentials } from './types.js';

/**
 * A provider that always gives the same credentials (the `credentials` option's `{ key, secret, token? }` object).
 * @throws ConfigurationError (option `credentials`) when the object is not valid credentials.
 */
export function fromStatic(credentials: Credentials): CredentialProvider {
  const checked = toCredentials(credentials, 'The credentials option');
  return async () => ({ ...checked });
}
