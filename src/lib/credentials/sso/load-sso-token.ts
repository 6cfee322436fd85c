import { isConfigurationError } from '../../errors/configuration-error.js';
import { cacheTime, parseCacheTime, type JsonCache } from './json-cache.js';
import { createToken } from './oidc-operations.js';
import { SsoLoginRequiredError } from '../../errors/sso-login-required-error.js';
import type { SsoTransport } from './sso-request.js';
import type { SsoSession } from './sso-settings.js';
import { readSsoToken, tokenCacheKey, type SsoToken } from './token-cache.js';

/** An sso-session's token is refreshed when it expires within this window (the AWS CLI's 15 minutes). */
export const TOKEN_REFRESH_WINDOW_MS = 15 * 60_000;

/** Options of {@link loadSsoToken}. */
export interface LoadSsoTokenOptions extends SsoTransport {
  cache: JsonCache;
  /** The profile named in the "sign in again" hint. */
  profileName: string;
  now?: () => number;
}

/**
 * The access token of a session from the token cache. For an sso-session, a token that expires
 * within 15 minutes is first refreshed through SSO-OIDC `CreateToken` with its refresh token
 * (when it has one and its client registration has not expired), and the new token is written
 * back to the cache; a failed refresh keeps the old token while it is still valid. A legacy
 * profile's token is never refreshed.
 * @throws SsoLoginRequiredError when there is no cached token or it has expired.
 */
export async function loadSsoToken(session: SsoSession, options: LoadSsoTokenOptions): Promise<SsoToken> {
  const now = options.now ?? Date.now;
  let token = readSsoToken(options.cache, session);
  if (!token) throw new SsoLoginRequiredError(options.profileName, `has no cached token (${options.cache.path(tokenCacheKey(session))})`);
  let refreshFailure: unknown;
  if (session.name !== undefined && parseCacheTime(token.expiresAt) - now() < TOKEN_REFRESH_WINDOW_MS && canRefresh(token, now())) {
    try {
      token = await refreshSsoToken(session, token, options, now);
    } catch (error) {
      if (isConfigurationError(error)) throw error;
      refreshFailure = error;
    }
  }
  const expires = parseCacheTime(token.expiresAt);
  if (Number.isNaN(expires)) throw new SsoLoginRequiredError(options.profileName, 'has a cached token with an invalid expiresAt');
  if (expires <= now()) {
    const why = refreshFailure instanceof Error ? ` and could not be refreshed (${refreshFailure.message})` : '';
    throw new SsoLoginRequiredError(options.profileName, `has expired${why}`, { cause: refreshFailure });
  }
  return token;
}

function canRefresh(token: SsoToken, now: number): boolean {
  if (!token.refreshToken || !token.clientId || !token.clientSecret || !token.registrationExpiresAt) return false;
  return parseCacheTime(token.registrationExpiresAt) > now;
}

async function refreshSsoToken(session: SsoSession, token: SsoToken, options: LoadSsoTokenOptions, now: () => number): Promise<SsoToken> {
  const created = await createToken(
    session.region,
    { clientId: token.clientId!, clientSecret: token.clientSecret!, refreshToken: token.refreshToken! },
    options,
  );
  const refreshed: SsoToken = {
    startUrl: session.startUrl,
    region: session.region,
    accessToken: created.accessToken,
    expiresAt: cacheTime(new Date(now() + created.expiresIn * 1000)),
    clientId: token.clientId!,
    clientSecret: token.clientSecret!,
    registrationExpiresAt: token.registrationExpiresAt!,
    ...(created.refreshToken ? { refreshToken: created.refreshToken } : {}),
  };
  options.cache.write(tokenCacheKey(session), refreshed as unknown as Record<string, unknown>);
  return refreshed;
}
