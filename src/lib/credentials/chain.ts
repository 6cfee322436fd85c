import { isConfigurationError } from '../errors/configuration-error.js';
import { CredentialsNotFoundError } from '../errors/credentials-not-found-error.js';
import type { CredentialProvider } from './types.js';

/**
 * Tries providers in order; the first to give credentials wins. A provider that throws a
 * ConfigurationError (a source that is present but broken, such as half a key pair or a failing
 * `credential_process`) stops the chain with that error. Any other error does not stop it: the
 * next providers are tried, and if none gives credentials the first such error is thrown.
 * @throws CredentialsNotFoundError (from the provider) when every provider returns null.
 */
export function chain(...providers: CredentialProvider[]): CredentialProvider {
  return async () => {
    let failure: { error: unknown } | undefined;
    for (const provider of providers) {
      try {
        const credentials = await provider();
        if (credentials) return credentials;
      } catch (error) {
        if (isConfigurationError(error)) throw error;
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
    throw new CredentialsNotFoundError();
  };
}
