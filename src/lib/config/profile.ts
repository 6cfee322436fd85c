import { ConfigurationError } from '../errors/configuration-error.js';
import { ProfileNotFoundError } from '../errors/profile-not-found-error.js';
import { loadSharedConfig } from './shared-config.js';
import type { Env, SharedFileOptions } from './types.js';

/** The settings of one profile, merged from both shared files. */
export interface Profile {
  /** The profile's name. */
  name: string;
  /** True when a section for it exists in the config file or the credentials file. */
  exists: boolean;
  /** Plain settings (`region`, `aws_access_key_id`, …); the credentials file's win over the config file's. */
  settings: Record<string, string>;
  /**
   * Service-specific settings from the `[services x]` section the profile names with
   * `services = x`, by service key (`kendra`, `mobile`), e.g. `{ kendra: { endpoint_url } }`.
   */
  services: Record<string, Record<string, string>>;
}

/**
 * The profile to use: the `profile` option, else `AWS_PROFILE`, else `AWS_DEFAULT_PROFILE`,
 * else `default`.
 * @throws ConfigurationError (option `profile`) when the option is given but is not a non-empty string.
 */
export function resolveProfileName(options: { profile?: unknown; env: Env }): string {
  const { profile, env } = options;
  if (profile !== undefined) {
    if (typeof profile !== 'string' || profile === '') {
      throw new ConfigurationError('The profile option must be a non-empty string', { option: 'profile' });
    }
    return profile;
  }
  return env.AWS_PROFILE || env.AWS_DEFAULT_PROFILE || 'default';
}

/** Options of {@link loadProfile}. */
export interface LoadProfileOptions extends SharedFileOptions {
  /** The `use_aws_shared_config_files` client option: false reads neither file (an empty profile). Default true. */
  useSharedFiles?: boolean;
  /**
   * Whether the profile was asked for by name, so that it must exist. Defaults to true for any
   * name other than `default`: a missing `default` profile is simply empty.
   */
  explicit?: boolean;
}

/**
 * Loads a profile from the shared files: config file `[profile name]` (or `[default]`), merged
 * with the credentials file's `[name]`, plus its `[services x]` section.
 * @throws ProfileNotFoundError when an explicitly named profile exists in neither file.
 * @throws ConfigurationError when a file is unreadable or malformed, or the profile names a
 *   `services` section that does not exist.
 */
export function loadProfile(name: string, options: LoadProfileOptions): Profile {
  const empty: Profile = { name, exists: false, settings: Object.create(null), services: Object.create(null) };
  if (options.useSharedFiles === false) return empty;
  const shared = loadSharedConfig(options);
  const fromConfig = shared.configProfiles[name];
  const fromCredentials = shared.credentialProfiles[name];
  if (!fromConfig && !fromCredentials) {
    if (options.explicit ?? name !== 'default') throw new ProfileNotFoundError(name);
    return empty;
  }
  const settings: Record<string, string> = Object.assign(Object.create(null), fromConfig?.settings, fromCredentials?.settings);
  const servicesName = settings.services;
  let services: Record<string, Record<string, string>> = Object.create(null);
  if (servicesName !== undefined) {
    const section = shared.services[servicesName];
    if (!section) {
      throw new ConfigurationError(`The profile ${name} uses services section "${servicesName}", which ${shared.configFile} does not define`);
    }
    services = section.subsections;
  }
  return { name, exists: true, settings, services };
}
