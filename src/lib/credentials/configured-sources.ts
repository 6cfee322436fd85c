import { loadProfile, type LoadProfileOptions } from '../config/profile.js';
import type { Env } from '../config/types.js';
import { hasAssumeRoleConfig } from './assume-role-config.js';
import { resolveSsoProfile } from './sso/sso-settings.js';
import { readWebIdentityConfig } from './web-identity-config.js';

// Which credential sources the environment and a profile configure, read from the settings only,
// so that the chain loads the code of a source only when it is set up. Each test is true whenever
// the source's provider would do more than give null, and throws what that provider would throw
// before deciding (an explicitly named profile that does not exist, a malformed file, an
// incomplete setting).

/** True when the profile assumes a role with AssumeRole (`role_arn` without `web_identity_token_file`), as `fromAssumeRole` reads it. */
export function usesAssumeRole(profile: string, options: LoadProfileOptions): boolean {
  return hasAssumeRoleConfig(loadProfile(profile, { ...options, explicit: false }).settings);
}

/** True when a web identity token file is configured, as `fromWebIdentity` reads it. */
export function usesWebIdentity(profile: string, options: LoadProfileOptions & { useEnv: boolean }): boolean {
  return readWebIdentityConfig(profile, options) !== null;
}

/** True when the profile has SSO settings, as `fromSso` reads them. */
export function usesSso(profile: string, options: LoadProfileOptions): boolean {
  return resolveSsoProfile(profile, options) !== null;
}

/** True when the profile has a `credential_process`, as `fromProcess` reads it. */
export function usesCredentialProcess(profile: string, options: LoadProfileOptions): boolean {
  return loadProfile(profile, options).settings.credential_process !== undefined;
}

/** True when `AWS_CONTAINER_CREDENTIALS_RELATIVE_URI` or `AWS_CONTAINER_CREDENTIALS_FULL_URI` is set, as `fromContainerMetadata` reads them. */
export function usesContainerEndpoint(env: Env): boolean {
  return Boolean(env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI || env.AWS_CONTAINER_CREDENTIALS_FULL_URI);
}
