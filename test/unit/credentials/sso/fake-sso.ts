import { makeTempHome, type TempHome } from '../../config/temp-home.js';
import { startTestServer, type CannedResponse, type SeenRequest, type TestServer } from '../../../support/echo-server.js';

/** How the fake answers one device-code CreateToken poll. */
export type PollAnswer = 'pending' | 'slow_down' | 'expired' | 'ok';

/** Keys the fake portal hands out for a role. */
export const SSO_ROLE_KEYS = { accessKeyId: 'ASIASSOROLE', secretAccessKey: 'sso-role-secret', sessionToken: 'sso-role-session' };

/** A loopback server speaking the SSO portal and SSO-OIDC REST-JSON wire formats, on one port. */
export interface FakeSso extends TestServer {
  /** Access tokens the portal accepts. */
  validTokens: Set<string>;
  /** Refresh tokens CreateToken accepts, with the access token it then issues. */
  refreshTokens: Map<string, string>;
  /** The answers to the next device-code polls (then `ok`). */
  polls: PollAnswer[];
  /** The device-code CreateToken requests' times (epoch ms), to check the polling pace. */
  pollTimes: number[];
  /** Requests by operation: `RegisterClient`, `StartDeviceAuthorization`, `CreateToken`, `GetRoleCredentials`, `Logout`. */
  calls(operation: string): SeenRequest[];
}

function oauthError(code: string, error: string): CannedResponse {
  return {
    status: 400,
    headers: { 'x-amzn-errortype': `${code}:http://internal.amazon.com/coral/com.amazonaws.ssooidc/` },
    body: { error, error_description: `${error} (fake)` },
  };
}

const OPERATIONS: Array<[string, string, string]> = [
  ['POST', '/client/register', 'RegisterClient'],
  ['POST', '/device_authorization', 'StartDeviceAuthorization'],
  ['POST', '/token', 'CreateToken'],
  ['GET', '/federation/credentials', 'GetRoleCredentials'],
  ['POST', '/logout', 'Logout'],
];

function operationOf(request: SeenRequest): string | undefined {
  const path = request.url.split('?')[0];
  return OPERATIONS.find(([method, route]) => method === request.method && route === path)?.[2];
}

/** Starts the fake; `roleKeys` are the role credentials GetRoleCredentials hands out. */
export async function startFakeSso(roleKeys = SSO_ROLE_KEYS): Promise<FakeSso> {
  const validTokens = new Set<string>();
  const refreshTokens = new Map<string, string>();
  const polls: PollAnswer[] = [];
  const pollTimes: number[] = [];
  let issued = 0;
  const server = await startTestServer((request) => {
    const operation = operationOf(request);
    const input = request.body.length ? (JSON.parse(request.body.toString('utf8')) as Record<string, any>) : {};
    switch (operation) {
      case 'RegisterClient':
        if (input.clientType !== 'public' || typeof input.clientName !== 'string')
          return { status: 400, headers: { 'x-amzn-errortype': 'InvalidRequestException' }, body: { error: 'invalid_request' } };
        return {
          body: {
            clientId: `client-${++issued}`,
            clientSecret: `client-secret-${issued}`,
            clientIdIssuedAt: Math.floor(Date.now() / 1000),
            clientSecretExpiresAt: Math.floor(Date.now() / 1000) + 90 * 86400,
          },
        };
      case 'StartDeviceAuthorization':
        return {
          body: {
            deviceCode: 'device-code-1',
            userCode: 'ABCD-EFGH',
            verificationUri: 'https://device.sso.example/',
            verificationUriComplete: 'https://device.sso.example/?user_code=ABCD-EFGH',
            expiresIn: 600,
            interval: 1,
          },
        };
      case 'CreateToken': {
        if (input.grantType === 'refresh_token') {
          const access = refreshTokens.get(input.refreshToken);
          if (!access) return oauthError('InvalidGrantException', 'invalid_grant');
          validTokens.add(access);
          return { body: { accessToken: access, tokenType: 'Bearer', expiresIn: 28800, refreshToken: `${input.refreshToken}-next` } };
        }
        if (input.grantType !== 'urn:ietf:params:oauth:grant-type:device_code' || input.deviceCode !== 'device-code-1')
          return oauthError('InvalidGrantException', 'invalid_grant');
        pollTimes.push(Date.now());
        const answer = polls.shift() ?? 'ok';
        if (answer === 'pending') return oauthError('AuthorizationPendingException', 'authorization_pending');
        if (answer === 'slow_down') return oauthError('SlowDownException', 'slow_down');
        if (answer === 'expired') return oauthError('ExpiredTokenException', 'expired_token');
        const access = `access-token-${++issued}`;
        validTokens.add(access);
        refreshTokens.set(`refresh-${issued}`, `access-token-refreshed-${issued}`);
        return { body: { accessToken: access, tokenType: 'Bearer', expiresIn: 28800, refreshToken: `refresh-${issued}` } };
      }
      case 'GetRoleCredentials': {
        const query = new URL(request.url, 'http://x').searchParams;
        if (!validTokens.has(String(request.headers['x-amz-sso_bearer_token']))) {
          return { status: 401, headers: { 'x-amzn-errortype': 'UnauthorizedException' }, body: { message: 'Session token not found or invalid' } };
        }
        if (!query.get('role_name') || !query.get('account_id'))
          return { status: 400, headers: { 'x-amzn-errortype': 'InvalidRequestException' }, body: { message: 'missing role' } };
        return { body: { roleCredentials: { ...roleKeys, expiration: Date.now() + 3600_000 } } };
      }
      case 'Logout':
        validTokens.delete(String(request.headers['x-amz-sso_bearer_token']));
        return { status: 200, body: '' };
      default:
        return { status: 404, body: { message: `no route ${request.method} ${request.url}` } };
    }
  });
  return Object.assign(server, {
    validTokens,
    refreshTokens,
    polls,
    pollTimes,
    calls: (operation: string) => server.requests.filter((request) => operationOf(request) === operation),
  });
}

/** A temporary home and a running fake SSO, with the environment that points both SSO clients at the fake. */
export interface SsoTestBed {
  t: TempHome;
  sso: FakeSso;
  env: Record<string, string>;
}

/**
 * Registers mocha hooks that give every test of the enclosing suite a fresh {@link SsoTestBed}
 * (read it inside tests, after `beforeEach` ran) and tear it down afterwards.
 */
export function useSsoTestBed(): SsoTestBed {
  const bed = {} as SsoTestBed;
  beforeEach(async () => {
    bed.t = makeTempHome();
    bed.sso = await startFakeSso();
    bed.env = { HOME: bed.t.home, AWS_ENDPOINT_URL_SSO: bed.sso.endpoint, AWS_ENDPOINT_URL_SSO_OIDC: bed.sso.endpoint };
  });
  afterEach(async () => {
    await bed.sso.close();
    bed.t.cleanup();
  });
  return bed;
}
