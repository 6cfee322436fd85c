import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { resolveHomedir } from '../../config/shared-files.js';
import type { SharedFileOptions } from '../../config/types.js';
import { JsonCache, pythonJson } from './json-cache.js';
import type { SsoSession } from './sso-settings.js';

/**
 * An SSO access token as the AWS CLI caches it in `~/.aws/sso/cache/<sha1>.json`. Times are ISO
 * 8601 strings (`2024-05-06T07:08:09Z`).
 */
export interface SsoToken {
  startUrl?: string;
  region?: string;
  accessToken: string;
  expiresAt: string;
  /** The client registration the token was created with (needed to refresh it). */
  clientId?: string;
  clientSecret?: string;
  registrationExpiresAt?: string;
  refreshToken?: string;
}

/** The SSO token cache, `~/.aws/sso/cache`. */
export function ssoTokenCache(options: SharedFileOptions): JsonCache {
  return new JsonCache(join(resolveHomedir(options), '.aws', 'sso', 'cache'));
}

/** The AWS CLI's file cache of temporary credentials, `~/.aws/cli/cache`. */
export function cliCredentialCache(options: SharedFileOptions): JsonCache {
  return new JsonCache(join(resolveHomedir(options), '.aws', 'cli', 'cache'));
}

/** SHA-1 in hex. */
export function sha1(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** A token's cache key: SHA-1 of the sso-session's name, or of the start URL for a legacy profile. */
export function tokenCacheKey(session: SsoSession): string {
  return sha1(session.name ?? session.startUrl);
}

/** A client registration's cache key, the same as the AWS CLI's so that both share it. */
export function registrationCacheKey(session: SsoSession): string {
  return sha1(
    pythonJson({ tool: 'botocore', startUrl: session.startUrl, region: session.region, scopes: session.scopes ?? null, session_name: session.name ?? null }),
  );
}

/** The cached token of a session, or undefined when there is none with an accessToken and expiresAt. */
export function readSsoToken(cache: JsonCache, session: SsoSession): SsoToken | undefined {
  const value = cache.read(tokenCacheKey(session));
  if (!value || typeof value.accessToken !== 'string' || typeof value.expiresAt !== 'string') return undefined;
  return value as unknown as SsoToken;
}
