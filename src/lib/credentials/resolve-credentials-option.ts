import { ConfigurationError } from '../errors/configuration-error.js';
import { resolveProfileName } from '../config/profile.js';
import { defaultProvider, type DefaultProviderOptions } from './default-provider.js';
import { fromFunction, type CredentialsFunction } from './from-function.js';
import { fromStatic } from './from-static.js';
import type { CredentialProvider, Credentials } from './types.js';

/**
 * Turns the `credentials` client option into a provider, or null for anonymous requests:
 * - when the `profile` option is set, `credentials` is ignored (the client's documented rule) and the
 *   profile's sources are used: shared credentials file, shared config file, `credential_process`
 *   (memoized; environment keys are not consulted);
 * - `undefined` → {@link defaultProvider};
 * - `false` → null (anonymous);
 * - a function → {@link fromFunction} (called on every request; it may cache itself);
 * - an object `{ key, secret, token? }` → {@link fromStatic}.
 * @param context - the client's `profile`, `use_aws_shared_config_files` (as `useSharedFiles`), env and home.
 * @throws ConfigurationError naming the option (`credentials` or `profile`) for an invalid
 *   value, or a `profile` option together with `useSharedFiles: false`.
 */
export function resolveCredentialsOption(option: unknown, context: DefaultProviderOptions): CredentialProvider | null {
  if (context.profile !== undefined) {
    // With a profile option, defaultProvider skips environment keys: the profile's sources only.
    if (context.useSharedFiles !== false) return defaultProvider(context);
    resolveProfileName(context); // an invalid profile name is reported first
    throw new ConfigurationError('The profile option needs the shared config files, but use_aws_shared_config_files is false', { option: 'profile' });
  }
  if (option === undefined) return defaultProvider(context);
  if (option === false) return null;
  if (typeof option === 'function') return fromFunction(option as CredentialsFunction);
  if (typeof option === 'object' && option !== null && !Array.isArray(option)) return fromStatic(option as Credentials);
  throw new ConfigurationError('The credentials option must be an object with key and secret (and optional token), false, or a function', {
    option: 'credentials',
  });
}
