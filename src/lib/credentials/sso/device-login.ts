import { ConfigurationError } from '../../errors/configuration-error.js';
import type { JsonCache } from './json-cache.js';
import { cacheTime, parseCacheTime } from './json-cache.js';
import { createToken, registerClient, startDeviceAuthorization, type DeviceAuthorization } from './oidc-operations.js';
import { isSsoServiceError } from '../../errors/sso-service-error.js';
import type { SsoTransport } from './sso-request.js';
import type { SsoSession } from './sso-settings.js';
import { registrationCacheKey, tokenCacheKey, type SsoToken } from './token-cache.js';

/** A cached client registration is reused while it is valid for at least this long. */
const REGISTRATION_WINDOW_MS = 15 * 60_000;
/** The device flow's default poll interval and its slow-down step, in seconds (RFC 8628). */
const DEFAULT_INTERVAL = 5;
const SLOW_DOWN_STEP = 5;

/** Options of {@link ssoDeviceLogin}. */
export interface DeviceLoginOptions extends SsoTransport {
  session: SsoSession;
  cache: JsonCache;
  /** Called once, when the user has to approve the sign-in: show them the URL and the code. */
  onPending(authorization: DeviceAuthorization): void | Promise<void>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Signs in to IAM Identity Center with the OAuth device authorization flow, as `aws sso login`
 * does: registers a public client with SSO-OIDC (or reuses the cached registration, shared with
 * the AWS CLI), starts a device authorization, and polls `CreateToken` at the interval the
 * service asks for (`authorization_pending`: keep polling; `slow_down`: poll 5 s less often;
 * `expired_token`: give up) until the user approves. The token is written to the token cache.
 * @throws ConfigurationError when the authorization expired or was denied; SsoServiceError or
 *   ConnectionError for other failures.
 */
export async function ssoDeviceLogin(options: DeviceLoginOptions): Promise<SsoToken> {
  const { session, cache } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  const registrationKey = registrationCacheKey(session);
  let registration = cache.read(registrationKey) as { clientId?: string; clientSecret?: string; expiresAt?: string } | undefined;
  if (!registration?.clientId || !registration.clientSecret || !(parseCacheTime(registration.expiresAt) - now() >= REGISTRATION_WINDOW_MS)) {
    const registered = await registerClient(
      session.region,
      { clientName: `nimbus-client-${session.name ?? Math.floor(now() / 1000)}`, ...(session.scopes ? { scopes: session.scopes } : {}) },
      options,
    );
    registration = {
      clientId: registered.clientId,
      clientSecret: registered.clientSecret,
      expiresAt: cacheTime(new Date(registered.clientSecretExpiresAt * 1000)),
      ...(session.scopes ? { scopes: session.scopes } : {}),
    };
    cache.write(registrationKey, registration);
  }
  const client = { clientId: registration.clientId!, clientSecret: registration.clientSecret! };
  const authorization = await startDeviceAuthorization(session.region, { ...client, startUrl: session.startUrl }, options);
  const deadline = now() + authorization.expiresIn * 1000;
  let interval = authorization.interval ?? DEFAULT_INTERVAL;

  for (let attempt = 0; ; attempt++) {
    if (attempt === 1) await options.onPending(authorization);
    if (attempt > 0) {
      if (now() >= deadline) throw new ConfigurationError('The SSO sign-in was not approved before the device authorization expired; run the login again');
      await sleep(interval * 1000);
    }
    try {
      const created = await createToken(session.region, { ...client, deviceCode: authorization.deviceCode }, options);
      const token: SsoToken = {
        startUrl: session.startUrl,
        region: session.region,
        accessToken: created.accessToken,
        expiresAt: cacheTime(new Date(now() + created.expiresIn * 1000)),
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        registrationExpiresAt: registration.expiresAt!,
        ...(created.refreshToken ? { refreshToken: created.refreshToken } : {}),
      };
      cache.write(tokenCacheKey(session), token as unknown as Record<string, unknown>);
      return token;
    } catch (error) {
      if (isSsoServiceError(error, 'AuthorizationPendingException')) continue;
      if (isSsoServiceError(error, 'SlowDownException')) {
        interval += SLOW_DOWN_STEP;
        continue;
      }
      if (isSsoServiceError(error, 'ExpiredTokenException')) {
        throw new ConfigurationError('The SSO sign-in was not approved before the device authorization expired; run the login again', { cause: error });
      }
      if (isSsoServiceError(error, 'AccessDeniedException')) throw new ConfigurationError('The SSO sign-in was denied', { cause: error });
      throw error;
    }
  }
}
