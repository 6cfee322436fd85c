import type { SharedFileOptions } from '../../config/types.js';
import { logout } from './portal-operations.js';
import type { SsoTransport } from './sso-request.js';
import { cliCredentialCache, ssoTokenCache } from './token-cache.js';

/** What {@link ssoLogout} did. */
export interface LogoutReport {
  /** Cached access tokens removed. */
  tokens: number;
  /** Cached SSO role credentials removed. */
  credentials: number;
  /** Why a `Logout` call failed, one entry per failure (the token was removed anyway). */
  failures: string[];
}

/**
 * Signs out of every cached SSO session, as `aws sso logout` does: each cached access token is
 * ended with the SSO portal's `Logout` (in the region it was issued in) and removed from
 * `~/.aws/sso/cache`, and every SSO role credential is removed from `~/.aws/cli/cache`.
 */
export async function ssoLogout(options: SharedFileOptions & Pick<SsoTransport, 'profile' | 'httpHandler'>): Promise<LogoutReport> {
  const report: LogoutReport = { tokens: 0, credentials: 0, failures: [] };
  const tokens = ssoTokenCache(options);
  for (const { key, value } of tokens.entries()) {
    if (typeof value.accessToken !== 'string') continue;
    if (typeof value.region === 'string' && value.region) {
      try {
        await logout(value.region, value.accessToken, { profile: options.profile, env: options.env, httpHandler: options.httpHandler });
      } catch (error) {
        report.failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    tokens.remove(key);
    report.tokens++;
  }
  const credentials = cliCredentialCache(options);
  for (const { key, value } of credentials.entries()) {
    if (value.ProviderType !== 'sso') continue;
    credentials.remove(key);
    report.credentials++;
  }
  return report;
}
