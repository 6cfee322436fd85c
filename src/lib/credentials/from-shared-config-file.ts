import { loadSharedConfig } from '../config/shared-config.js';
import type { SharedFileOptions } from '../config/types.js';
import { credentialsFromSettings } from './credentials-from-settings.js';
import type { CredentialProvider } from './types.js';

/**
 * Credentials written into the profile's section of the shared config file (`[profile name]`,
 * or `[default]`): `aws_access_key_id`, `aws_secret_access_key`, `aws_session_token`; null when
 * the file, the section or its keys are missing. The file is read on each call (cached while unchanged).
 * @throws ConfigurationError (from the provider) when the file is unreadable or malformed, or the
 *   section has only one of the two keys.
 */
export function fromSharedConfigFile(profile: string, options: SharedFileOptions): CredentialProvider {
  return async () => {
    const shared = loadSharedConfig(options);
    return credentialsFromSettings(shared.configProfiles[profile]?.settings, `profile ${profile} in ${shared.configFile}`, 'config-file');
  };
}
