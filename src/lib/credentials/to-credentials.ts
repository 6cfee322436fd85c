import { ConfigurationError } from '../errors/configuration-error.js';
import { credentialCharacterProblem } from './credential-characters.js';
import type { Credentials } from './types.js';

const KNOWN_KEYS = new Set(['key', 'secret', 'token', 'expires']);

/**
 * Checks a user-supplied credentials object `{ key, secret, token?, expires? }` and returns a
 * clean copy. `token` and `expires` may be null or absent; `expires` is a Date or a date string.
 * Error messages name the fields, never their values.
 * @param value - the object to check.
 * @param what - how the messages describe it, e.g. `The credentials option`.
 * @throws ConfigurationError (option `credentials`) for any other shape.
 */
export function toCredentials(value: unknown, what: string): Credentials {
  const fail = (problem: string): ConfigurationError => new ConfigurationError(`${what} ${problem}`, { option: 'credentials' });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fail('must be an object with string key and secret, and optional token and expires');
  }
  const record = value as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    if (!KNOWN_KEYS.has(name)) throw fail(`has an unknown field "${name}" (expected key, secret, token, expires)`);
  }
  const { key, secret, token, expires } = record;
  if (typeof key !== 'string' || key === '') throw fail('needs key, a non-empty string');
  if (typeof secret !== 'string' || secret === '') throw fail('needs secret, a non-empty string');
  const credentials: Credentials = { key, secret };
  if (token !== undefined && token !== null && typeof token !== 'string') throw fail('has a token that is not a string');
  for (const [name, value] of [
    ['key', key],
    ['secret', secret],
    ['token', token],
  ] as const) {
    const problem = typeof value === 'string' && value !== '' ? credentialCharacterProblem(value) : undefined;
    if (problem) throw fail(`has a ${name} that ${problem}`);
  }
  if (token !== undefined && token !== null) {
    if (token !== '') credentials.token = token;
  }
  if (expires !== undefined && expires !== null) {
    const date = expires instanceof Date ? new Date(expires.getTime()) : typeof expires === 'string' ? new Date(expires) : undefined;
    if (!date || Number.isNaN(date.getTime())) throw fail('has an expires that is not a valid Date or date string');
    credentials.expires = date;
  }
  return credentials;
}
