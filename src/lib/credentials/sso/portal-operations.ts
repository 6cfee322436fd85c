import { ssoRequest, type SsoTransport } from './sso-request.js';

/** The role credentials `GetRoleCredentials` returns. */
export interface RoleCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  /** Epoch milliseconds. */
  expiration: number;
}

/**
 * SSO portal `GetRoleCredentials` (GET /federation/credentials?role_name=&account_id=, the access
 * token in `x-amz-sso_bearer_token`).
 * @throws SsoServiceError, UnauthorizedException when the token is no longer valid.
 */
export async function getRoleCredentials(
  region: string,
  input: { roleName: string; accountId: string; accessToken: string },
  transport: SsoTransport,
): Promise<RoleCredentials> {
  const output = await ssoRequest(
    'SSO',
    region,
    {
      method: 'GET',
      path: '/federation/credentials',
      query: { role_name: input.roleName, account_id: input.accountId },
      headers: { 'x-amz-sso_bearer_token': input.accessToken },
    },
    transport,
  );
  const role = (output.roleCredentials ?? {}) as Record<string, unknown>;
  const { accessKeyId, secretAccessKey, sessionToken, expiration } = role;
  if (typeof accessKeyId !== 'string' || typeof secretAccessKey !== 'string' || typeof sessionToken !== 'string' || typeof expiration !== 'number') {
    throw new Error('SSO GetRoleCredentials answered without complete roleCredentials');
  }
  return { accessKeyId, secretAccessKey, sessionToken, expiration };
}

/** SSO portal `Logout` (POST /logout): ends the session the access token belongs to. */
export async function logout(region: string, accessToken: string, transport: SsoTransport): Promise<void> {
  await ssoRequest('SSO', region, { method: 'POST', path: '/logout', headers: { 'x-amz-sso_bearer_token': accessToken } }, transport);
}
