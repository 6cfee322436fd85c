import type { IniSection } from './ini-document.js';
import { readIniFile, sharedFilePaths } from './shared-files.js';
import { splitCommandLine } from './split-command-line.js';
import type { SharedFileOptions } from './types.js';

/** What the two shared files hold, organised the way the AWS CLI reads them. */
export interface SharedConfig {
  /** The config file's path (whether or not it exists). */
  configFile: string;
  /** The credentials file's path (whether or not it exists). */
  credentialsFile: string;
  /** Config-file profiles by name: `[profile name]`, and `[default]` (`[profile default]` wins over it). */
  configProfiles: Record<string, IniSection>;
  /** Config-file `[services name]` sections by name. */
  services: Record<string, IniSection>;
  /** Config-file `[sso-session name]` sections by name. */
  ssoSessions: Record<string, IniSection>;
  /** Credentials-file profiles: every `[name]` section. */
  credentialProfiles: Record<string, IniSection>;
}

/**
 * Reads both shared files (missing ones count as empty).
 * @throws ConfigurationError naming the file when one cannot be read or parsed.
 */
export function loadSharedConfig(options: SharedFileOptions): SharedConfig {
  const { configFile, credentialsFile } = sharedFilePaths(options);
  const configDoc = readIniFile(configFile) ?? {};
  const configProfiles: Record<string, IniSection> = Object.create(null);
  const services: Record<string, IniSection> = Object.create(null);
  const ssoSessions: Record<string, IniSection> = Object.create(null);
  if (configDoc.default) configProfiles.default = configDoc.default;
  for (const [sectionName, section] of Object.entries(configDoc)) {
    const [kind, name] = prefixedSectionName(sectionName) ?? [];
    if (kind === 'profile') configProfiles[name!] = section;
    else if (kind === 'services') services[name!] = section;
    else if (kind === 'sso-session') ssoSessions[name!] = section;
  }
  const credentialProfiles: Record<string, IniSection> = Object.assign(Object.create(null), readIniFile(credentialsFile) ?? {});
  return { configFile, credentialsFile, configProfiles, services, ssoSessions, credentialProfiles };
}

/**
 * `profile dev` → `['profile', 'dev']`, `profile "my dev"` → `['profile', 'my dev']` (split like a
 * shell command, as botocore does); anything that is not exactly two words → undefined.
 */
function prefixedSectionName(sectionName: string): [string, string] | undefined {
  let words: string[];
  try {
    words = splitCommandLine(sectionName, 'linux');
  } catch {
    return undefined;
  }
  return words.length === 2 ? [words[0]!, words[1]!] : undefined;
}
