import { ConfigurationError } from '../../errors/configuration-error.js';
import { loadProfile, type Profile } from '../../config/profile.js';
import { loadSharedConfig } from '../../config/shared-config.js';
import type { SharedFileOptions } from '../../config/types.js';

/** Where to sign in: an `[sso-session name]` section, or a legacy profile's own `sso_start_url` and `sso_region`. */
export interface SsoSession {
  /** The sso-session's name; undefined for a legacy profile. */
  name?: string;
  startUrl: string;
  region: string;
  /** `sso_registration_scopes`, split at commas (sso-session only). */
  scopes?: string[];
}

/** A profile that gets its credentials from IAM Identity Center. */
export interface SsoProfileSettings {
  profile: Profile;
  session: SsoSession;
  accountId: string;
  roleName: string;
}

/** `sso_registration_scopes = a, b` → `['a', 'b']`. */
function parseScopes(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');
}

/**
 * The `[sso-session name]` section as a session.
 * @throws ConfigurationError when it does not exist or lacks `sso_start_url` or `sso_region`.
 */
export function loadSsoSession(name: string, options: SharedFileOptions): SsoSession {
  const section = loadSharedConfig(options).ssoSessions[name];
  if (!section) throw new ConfigurationError(`The specified sso-session does not exist: "${name}"`);
  const { sso_start_url: startUrl, sso_region: region } = section.settings;
  const missing = [startUrl ? '' : 'sso_start_url', region ? '' : 'sso_region'].filter(Boolean);
  if (missing.length) throw new ConfigurationError(`The sso-session "${name}" is missing required configuration: ${missing.join(', ')}`);
  const scopes = parseScopes(section.settings.sso_registration_scopes);
  return { name, startUrl: startUrl!, region: region!, ...(scopes ? { scopes } : {}) };
}

/**
 * The SSO settings of a profile, or null when it has neither `sso_account_id` nor
 * `sso_role_name`. With `sso_session = name`, the start URL and region come from that section
 * (a key set in both places must have the same value); otherwise (legacy) from the profile.
 * @throws ConfigurationError naming what is missing or inconsistent; ProfileNotFoundError for a
 *   named profile that does not exist.
 */
export function resolveSsoProfile(profileName: string, options: SharedFileOptions): SsoProfileSettings | null {
  const profile = loadProfile(profileName, options);
  const settings = profile.settings;
  if (settings.sso_account_id === undefined && settings.sso_role_name === undefined) return null;
  const merged: Record<string, string | undefined> = { ...settings };
  const sessionName = settings.sso_session;
  if (sessionName !== undefined) {
    const section = loadSharedConfig(options).ssoSessions[sessionName];
    if (!section) throw new ConfigurationError(`The specified sso-session does not exist: "${sessionName}"`);
    for (const [key, value] of Object.entries(section.settings)) {
      if (merged[key] !== undefined && merged[key] !== value) {
        throw new ConfigurationError(`The value for ${key} is inconsistent between profile (${merged[key]}) and sso-session (${value})`);
      }
      merged[key] = value;
    }
  }
  const required = ['sso_role_name', 'sso_account_id', 'sso_start_url', 'sso_region'];
  const missing = required.filter((key) => !merged[key]);
  if (missing.length) {
    throw new ConfigurationError(`The profile "${profileName}" is configured to use SSO but is missing required configuration: ${missing.join(', ')}`);
  }
  const scopes = sessionName === undefined ? undefined : parseScopes(merged.sso_registration_scopes);
  return {
    profile,
    session: {
      ...(sessionName === undefined ? {} : { name: sessionName }),
      startUrl: merged.sso_start_url!,
      region: merged.sso_region!,
      ...(scopes ? { scopes } : {}),
    },
    accountId: merged.sso_account_id!,
    roleName: merged.sso_role_name!,
  };
}

/**
 * The session `sso login` signs in to: the `--sso-session` one, else the profile's
 * `sso_session`, else the profile's own `sso_start_url` and `sso_region` (legacy).
 * @throws ConfigurationError when the profile has no SSO configuration or it is incomplete.
 */
export function resolveLoginSession(profileName: string, ssoSession: string | undefined, options: SharedFileOptions): SsoSession {
  const profile = ssoSession === undefined ? loadProfile(profileName, options) : undefined;
  const name = ssoSession ?? profile!.settings.sso_session;
  if (name !== undefined) return loadSsoSession(name, options);
  const { sso_start_url: startUrl, sso_region: region } = profile!.settings;
  const missing = [startUrl ? '' : 'sso_start_url', region ? '' : 'sso_region'].filter(Boolean);
  if (missing.length) {
    throw new ConfigurationError(
      `The profile "${profileName}" has no SSO configuration (missing ${missing.join(', ')}): set sso_session (with an [sso-session] section) or sso_start_url and sso_region`,
    );
  }
  return { startUrl: startUrl!, region: region! };
}
