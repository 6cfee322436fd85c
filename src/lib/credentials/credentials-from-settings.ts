import { ConfigurationError } from '../errors/configuration-error.js';
import { credentialCharacterProblem } from './credential-characters.js';
import type { Credentials } from './types.js';

/**
 * Reads `aws_access_key_id`, `aws_secret_access_key` and `aws_session_token` from a profile's
 * settings; null when neither key is there.
 * @param where - names the profile and file in error messages, e.g. `profile dev in /home/me/.aws/credentials`.
 * @param source - the tag put on the credentials (see `Credentials.source`).
 * @throws ConfigurationError when only one of the two keys is there, or a value holds a character
 *   no credential has (naming the key, never the value).
 */
export function credentialsFromSettings(settings: Record<string, string> | undefined, where: string, source: string): Credentials | null {
  const key = settings?.aws_access_key_id;
  const secret = settings?.aws_secret_access_key;
  if (!key && !secret) return null;
  if (!key) throw new ConfigurationError(`Partial credentials in ${where}: aws_access_key_id is missing`);
  if (!secret) throw new ConfigurationError(`Partial credentials in ${where}: aws_secret_access_key is missing`);
  const token = settings.aws_session_token;
  for (const [name, value] of [
    ['aws_access_key_id', key],
    ['aws_secret_access_key', secret],
    ['aws_session_token', token],
  ] as const) {
    const problem = value && credentialCharacterProblem(value);
    if (problem) throw new ConfigurationError(`The ${name} of ${where} ${problem}`);
  }
  return token ? { key, secret, token, source } : { key, secret, source };
}
