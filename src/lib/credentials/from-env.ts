import { ConfigurationError } from '../errors/configuration-error.js';
import type { Env } from '../config/types.js';
import { credentialCharacterProblem } from './credential-characters.js';
import type { CredentialProvider, Credentials } from './types.js';

/**
 * Credentials from `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`, with `AWS_SESSION_TOKEN` and
 * `AWS_CREDENTIAL_EXPIRATION` (an ISO 8601 time) when set; null when neither key is set (empty
 * counts as unset). The variables are read on each call.
 * @throws ConfigurationError (from the provider) when only one of the two keys is set, a value
 *   holds a character no credential has (naming the variable, never the value), or the
 *   expiration is not a valid time.
 */
export function fromEnv(env: Env): CredentialProvider {
  return async () => {
    const key = env.AWS_ACCESS_KEY_ID;
    const secret = env.AWS_SECRET_ACCESS_KEY;
    if (!key && !secret) return null;
    if (!key) throw new ConfigurationError('AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not');
    if (!secret) throw new ConfigurationError('AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not');
    const token = env.AWS_SESSION_TOKEN;
    for (const [name, value] of [
      ['AWS_ACCESS_KEY_ID', key],
      ['AWS_SECRET_ACCESS_KEY', secret],
      ['AWS_SESSION_TOKEN', token],
    ] as const) {
      const problem = value && credentialCharacterProblem(value);
      if (problem) throw new ConfigurationError(`${name} ${problem}`);
    }
    const credentials: Credentials = { key, secret, source: 'env' };
    if (token) credentials.token = token;
    const expiration = env.AWS_CREDENTIAL_EXPIRATION;
    if (expiration) {
      const expires = new Date(expiration);
      if (Number.isNaN(expires.getTime())) {
        throw new ConfigurationError(`AWS_CREDENTIAL_EXPIRATION "${expiration}" is not a valid ISO 8601 time`);
      }
      credentials.expires = expires;
    }
    return credentials;
  };
}
