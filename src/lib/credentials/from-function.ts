import { ConfigurationError } from '../errors/configuration-error.js';
import { toCredentials } from './to-credentials.js';
import type { CredentialProvider } from './types.js';

/** A user's credentials callable: returns credentials, or null (or undefined) for none, or a promise of either. */
export type CredentialsFunction = () => unknown;

/**
 * Wraps a user callable as a provider. What it returns is checked like the `credentials` option
 * (`{ key, secret, token?, expires? }`, `expires` a Date or date string); null or undefined mean
 * "no credentials". What the callable throws is passed on unchanged.
 * @throws ConfigurationError (option `credentials`) when `fn` is not a function; from the
 *   provider, when the callable returns anything else.
 */
export function fromFunction(fn: CredentialsFunction): CredentialProvider {
  if (typeof fn !== 'function') {
    throw new ConfigurationError('The credentials option must be a function here', { option: 'credentials' });
  }
  return async () => {
    const result = await fn();
    return result === null || result === undefined ? null : toCredentials(result, 'The credentials function result');
  };
}
