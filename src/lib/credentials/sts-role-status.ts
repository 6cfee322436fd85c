import { loadProfile } from '../config/profile.js';
import { hasAssumeRoleConfig, readRoleConfig, roleCallArguments } from './assume-role-config.js';
import { assumeRoleCacheKey } from './cache/cache-key.js';
import { cacheEntryExpiration } from './cache/cached-credentials.js';
import { cliCacheDir, JsonFileCache } from './cache/json-file-cache.js';
import type { StsProviderOptions } from './sts/sts-context.js';
import { readWebIdentityConfig } from './web-identity-config.js';

/** The STS role a profile's credentials come from, and what the disk cache holds for it. */
export interface StsRoleStatus {
  /** `assume-role` (role_arn with source_profile or credential_source) or `web-identity`. */
  source: 'assume-role' | 'web-identity';
  roleArn: string;
  /** The cache file of the role's credentials, whether or not it exists (undefined with the cache off). */
  cacheFile?: string;
  /** When the cached credentials expire; undefined when nothing is cached. */
  expires?: Date;
}

/**
 * Which STS role the profile's own configuration assumes, in the chain's order (the profile's
 * role, then web identity), with the expiry of its cache entry; null when it assumes none. It
 * does not look at environment keys, which come first in the chain: callers that show what is
 * in effect check those themselves. Reads no secret into its result.
 * @param options - `useEnv` as for the chain: false for an explicitly named profile.
 * @throws ConfigurationError for a broken role or web identity configuration.
 */
export function describeStsRole(profile: string, options: StsProviderOptions & { useEnv: boolean }): StsRoleStatus | null {
  let status: StsRoleStatus;
  let args: Record<string, string | number>;
  const settings = loadProfile(profile, { ...options, explicit: false });
  if (hasAssumeRoleConfig(settings.settings)) {
    args = roleCallArguments(readRoleConfig(settings));
    status = { source: 'assume-role', roleArn: String(args.RoleArn) };
  } else {
    const config = readWebIdentityConfig(profile, options);
    if (!config) return null;
    args = { RoleArn: config.roleArn, ...(config.roleSessionName !== undefined ? { RoleSessionName: config.roleSessionName } : {}) };
    status = { source: 'web-identity', roleArn: config.roleArn };
  }
  if (options.cacheDir === false) return status;
  const cache = new JsonFileCache(options.cacheDir ?? cliCacheDir(options));
  const key = assumeRoleCacheKey(args);
  status.cacheFile = cache.path(key);
  const expires = cacheEntryExpiration(cache.get(key));
  if (expires) status.expires = expires;
  return status;
}
