import { ConfigurationError } from '../../errors/configuration-error.js';
import type { SharedFileOptions } from '../../config/types.js';
import type { HttpHandler } from '../../http/undici-handler.js';
import type { CredentialProvider, Credentials } from '../types.js';
import { cacheTime, parseCacheTime } from './json-cache.js';
import { loadSsoToken } from './load-sso-token.js';
import { getRoleCredentials } from './portal-operations.js';
import { SsoLoginRequiredError } from '../../errors/sso-login-required-error.js';
import { isSsoServiceError } from '../../errors/sso-service-error.js';
import { resolveSsoProfile, type SsoProfileSettings } from './sso-settings.js';
import { cliCredentialCache, sha1, ssoTokenCache } from './token-cache.js';

/** Options of {@link fromSso}. */
export interface SsoProviderOptions extends SharedFileOptions {
  /** Sends the SSO portal and SSO-OIDC requests; default undici's. */
  httpHandler?: HttpHandler;
  now?: () => number;
}

/** Cached role credentials are used while they are valid for at least this long (the AWS CLI's 15 minutes). */
const CACHE_WINDOW_MS = 15 * 60_000;

/** The AWS CLI's cache key of a profile's role credentials in `~/.aws/cli/cache`. */
export function ssoCredentialCacheKey(settings: Pick<SsoProfileSettings, 'session' | 'accountId' | 'roleName'>): string {
  const args: Record<string, string> = { accountId: settings.accountId, roleName: settings.roleName };
  if (settings.session.name !== undefined) args.sessionName = settings.session.name;
  else args.startUrl = settings.session.startUrl;
  return sha1(
    JSON.stringify(
      Object.fromEntries(
        Object.keys(args)
          .sort()
          .map((key) => [key, args[key]]),
      ),
    ),
  );
}

/**
 * Credentials of an IAM Identity Center (SSO) role: for a profile with `sso_account_id` and
 * `sso_role_name`, and either `sso_session` (an `[sso-session name]` section with
 * `sso_start_url` and `sso_region`) or, legacy, its own `sso_start_url` and `sso_region`. The
 * access token comes from the token cache that `nimbus sso login` and `aws sso login` write
 * (`~/.aws/sso/cache`, refreshed when it is about to expire, see `loadSsoToken`); the role's
 * credentials from the SSO portal's `GetRoleCredentials`, cached in `~/.aws/cli/cache` like the
 * AWS CLI does (when that directory is writable), so that a run within their lifetime makes no
 * call. Null for a profile without SSO settings.
 * @throws SsoLoginRequiredError (from the provider) when the token is missing, expired or
 *   refused; ConfigurationError for incomplete settings or another refusal.
 */
export function fromSso(profileName: string, options: SsoProviderOptions): CredentialProvider {
  return async () => {
    const settings = resolveSsoProfile(profileName, options);
    if (!settings) return null;
    const now = options.now ?? Date.now;
    const credentialCache = cliCredentialCache(options);
    const cacheKey = ssoCredentialCacheKey(settings);
    const cached = fromCacheEntry(credentialCache.read(cacheKey));
    if (cached && cached.expires!.getTime() - now() >= CACHE_WINDOW_MS) return cached;

    const transport = { profile: settings.profile, env: options.env, httpHandler: options.httpHandler };
    const token = await loadSsoToken(settings.session, { ...transport, cache: ssoTokenCache(options), profileName, now });
    let role;
    try {
      role = await getRoleCredentials(
        settings.session.region,
        { roleName: settings.roleName, accountId: settings.accountId, accessToken: token.accessToken },
        transport,
      );
    } catch (error) {
      if (isSsoServiceError(error, 'UnauthorizedException')) throw new SsoLoginRequiredError(profileName, 'was refused by the SSO portal', { cause: error });
      if (isSsoServiceError(error)) {
        throw new ConfigurationError(`Unable to get the credentials of role ${settings.roleName} in account ${settings.accountId}: ${error.message}`, {
          cause: error,
        });
      }
      throw error;
    }
    const expires = new Date(role.expiration);
    writeQuietly(() =>
      credentialCache.write(cacheKey, {
        ProviderType: 'sso',
        Credentials: {
          AccessKeyId: role.accessKeyId,
          SecretAccessKey: role.secretAccessKey,
          SessionToken: role.sessionToken,
          Expiration: cacheTime(expires),
          AccountId: settings.accountId,
        },
      }),
    );
    return { key: role.accessKeyId, secret: role.secretAccessKey, token: role.sessionToken, expires, source: 'sso' };
  };
}

/** Runs a cache write; an unwritable cache only costs a call on the next run, so it does not fail this one. */
function writeQuietly(write: () => void): void {
  try {
    write();
  } catch {
    // The credentials are good; only the cache is lost.
  }
}

/** Credentials from a `~/.aws/cli/cache` entry, or undefined when it is not a complete one. */
function fromCacheEntry(entry: Record<string, unknown> | undefined): Credentials | undefined {
  const credentials = entry?.Credentials as Record<string, unknown> | undefined;
  if (!credentials) return undefined;
  const { AccessKeyId, SecretAccessKey, SessionToken, Expiration } = credentials;
  if (typeof AccessKeyId !== 'string' || typeof SecretAccessKey !== 'string' || typeof Expiration !== 'string') return undefined;
  const expires = new Date(parseCacheTime(Expiration));
  if (Number.isNaN(expires.getTime())) return undefined;
  return {
    key: AccessKeyId,
    secret: SecretAccessKey,
    ...(typeof SessionToken === 'string' && SessionToken ? { token: SessionToken } : {}),
    expires,
    source: 'sso',
  };
}
