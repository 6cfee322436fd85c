import { loadSharedConfig } from '../config/shared-config.js';
import type { SharedFileOptions } from '../config/types.js';
import { credentialsFromSettings } from './credentials-from-settings.js';
import type { CredentialProvider } from './types.js';

/**
 * Credentials from the `[profile]` section of the shared credentials file
 * (`AWS_SHARED_CREDENTIALS_FILE`, else `~/.aws/credentials`); null when the file, the section or
 * its keys are missing. The file is read on each call (cached while unchanged).
 * @throws ConfigurationError (from the provider) when the file is unreadable or malformed, or the
 *   section has only one of the two keys.
 */
export function fromSharedCredentialsFile(profile: string, options: SharedFileOptions): CredentialProvider {
  return async () => {
    const shared = loadSharedConfig(options);
    return credentialsFromSettings(shared.credentialProfiles[profile]?.settings, `profile ${profile} in ${shared.credentialsFile}`, 'shared-credentials-file');
  };
}
