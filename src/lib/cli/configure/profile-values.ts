import { loadSharedConfig } from '../../config/shared-config.js';
import { sharedFilePaths } from '../../config/shared-files.js';
import type { Env } from '../../config/types.js';

/** Where a setting's value comes from. */
export interface SettingSource {
  value: string;
  /** `env`, `config-file` or `credentials-file`. */
  type: string;
  /** The variable's name or the file's path. */
  location: string;
}

/**
 * The value of one key in a profile, from the shared files only: the credentials file first
 * (as for every key the AWS CLI reads from both), then the config file. A dotted key
 * (`api_versions.kendra`) is looked up in a nested sub-section of the config file.
 */
export function profileValue(profile: string, key: string, env: Env): SettingSource | undefined {
  const shared = loadSharedConfig({ env });
  const paths = sharedFilePaths({ env });
  const lower = key.toLowerCase();
  const dot = lower.indexOf('.');
  const config = shared.configProfiles[profile];
  if (dot > 0) {
    const value = config?.subsections[lower.slice(0, dot)]?.[lower.slice(dot + 1)];
    return value === undefined ? undefined : { value, type: 'config-file', location: paths.configFile };
  }
  const fromCredentials = shared.credentialProfiles[profile]?.settings[lower];
  if (fromCredentials !== undefined) return { value: fromCredentials, type: 'credentials-file', location: paths.credentialsFile };
  const fromConfig = config?.settings[lower];
  return fromConfig === undefined ? undefined : { value: fromConfig, type: 'config-file', location: paths.configFile };
}

/** A setting from the first environment variable set, else from the profile. */
export function effectiveValue(profile: string, key: string, envNames: readonly string[], env: Env): SettingSource | undefined {
  for (const name of envNames) {
    const value = env[name];
    if (value) return { value, type: 'env', location: name };
  }
  return profileValue(profile, key, env);
}

/** A secret shown by its last four characters only. */
export function mask(value: string): string {
  return `${'*'.repeat(Math.max(4, Math.min(16, value.length - 4)))}${value.slice(-4)}`;
}
