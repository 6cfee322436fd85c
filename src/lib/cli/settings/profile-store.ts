import { sharedFilePaths } from '../../config/shared-files.js';
import type { Env } from '../../config/types.js';
import { setIniValue, updateIniFile } from './ini-edit.js';

/** Settings that belong in the credentials file rather than the config file. */
export const CREDENTIAL_KEYS: ReadonlySet<string> = new Set(['aws_access_key_id', 'aws_secret_access_key', 'aws_session_token']);

/**
 * Saves one setting of a profile in the shared files: credentials in the credentials file
 * (`[name]`, mode 0600), everything else in the config file (`[default]` / `[profile name]`).
 * A dotted key such as `api_versions.kendra` is written as a nested sub-section.
 * @returns the file written.
 */
export function saveProfileSetting(profile: string, key: string, value: string, env: Env): string {
  const paths = sharedFilePaths({ env });
  const lower = key.toLowerCase();
  if (CREDENTIAL_KEYS.has(lower)) {
    updateIniFile(paths.credentialsFile, (text) => setIniValue(text, profile, lower, value), 0o600);
    return paths.credentialsFile;
  }
  const dot = lower.indexOf('.');
  updateIniFile(paths.configFile, (text) => {
    // `[profile default]` wins over `[default]` when a file has both, so it is the one to change.
    const section = profile !== 'default' || /^\s*\[\s*profile\s+default\s*\]/m.test(text) ? `profile ${profile}` : 'default';
    return dot > 0 ? setIniValue(text, section, lower.slice(dot + 1), value, lower.slice(0, dot)) : setIniValue(text, section, lower, value);
  });
  return paths.configFile;
}
