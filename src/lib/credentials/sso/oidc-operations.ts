import { ssoRequest, type SsoTransport } from './sso-request.js';

/** What `RegisterClient` returns. */
export interface ClientRegistration {
  clientId: string;
  clientSecret: string;
  /** Epoch seconds. */
  clientSecretExpiresAt: number;
}

/** What `StartDeviceAuthorization` returns. */
export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string;
  /** Seconds. */
  expiresIn: number;
  /** Seconds between polls, when the service says. */
  interval?: number;
}

/** What `CreateToken` returns. */
export interface CreatedToken {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  refreshToken?: string;
}

function text(output: Record<string, unknown>, name: string, operation: string): string {
  const value = output[name];
  if (typeof value !== 'string' || value === '') throw new Error(`SSO OIDC ${operation} answered without ${name}`);
  return value;
}

function seconds(output: Record<string, unknown>, name: string, operation: string): number {
  const value = output[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`SSO OIDC ${operation} answered without ${name}`);
  return value;
}

/** SSO-OIDC `RegisterClient` (POST /client/register): registers a public client. */
export async function registerClient(region: string, input: { clientName: string; scopes?: string[] }, transport: SsoTransport): Promise<ClientRegistration> {
  const body = { clientName: input.clientName, clientType: 'public', ...(input.scopes?.length ? { scopes: input.scopes } : {}) };
  const output = await ssoRequest('SSO OIDC', region, { method: 'POST', path: '/client/register', body }, transport);
  return {
    clientId: text(output, 'clientId', 'RegisterClient'),
    clientSecret: text(output, 'clientSecret', 'RegisterClient'),
    clientSecretExpiresAt: seconds(output, 'clientSecretExpiresAt', 'RegisterClient'),
  };
}

/** SSO-OIDC `StartDeviceAuthorization` (POST /device_authorization). */
export async function startDeviceAuthorization(
  region: string,
  input: { clientId: string; clientSecret: string; startUrl: string },
  transport: SsoTransport,
): Promise<DeviceAuthorization> {
  const output = await ssoRequest('SSO OIDC', region, { method: 'POST', path: '/device_authorization', body: { ...input } }, transport);
  const operation = 'StartDeviceAuthorization';
  return {
    deviceCode: text(output, 'deviceCode', operation),
    userCode: text(output, 'userCode', operation),
    verificationUri: text(output, 'verificationUri', operation),
    verificationUriComplete: typeof output.verificationUriComplete === 'string' ? output.verificationUriComplete : text(output, 'verificationUri', operation),
    expiresIn: seconds(output, 'expiresIn', operation),
    ...(typeof output.interval === 'number' && output.interval > 0 ? { interval: output.interval } : {}),
  };
}

/**
 * SSO-OIDC `CreateToken` (POST /token), with the device code grant
 * (`urn:ietf:params:oauth:grant-type:device_code`) or the refresh token grant (`refresh_token`).
 * @throws SsoServiceError, e.g. AuthorizationPendingException or SlowDownException while the user has not approved yet.
 */
export async function createToken(
  region: string,
  input: { clientId: string; clientSecret: string } & ({ deviceCode: string } | { refreshToken: string }),
  transport: SsoTransport,
): Promise<CreatedToken> {
  const grantType = 'deviceCode' in input ? 'urn:ietf:params:oauth:grant-type:device_code' : 'refresh_token';
  const output = await ssoRequest('SSO OIDC', region, { method: 'POST', path: '/token', body: { grantType, ...input } }, transport);
  return {
    accessToken: text(output, 'accessToken', 'CreateToken'),
    expiresIn: seconds(output, 'expiresIn', 'CreateToken'),
    ...(typeof output.refreshToken === 'string' && output.refreshToken ? { refreshToken: output.refreshToken } : {}),
  };
}
