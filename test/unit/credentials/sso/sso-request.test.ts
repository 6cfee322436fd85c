import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadProfile } from '../../../../src/lib/config/profile.js';
import { ConnectionError } from '../../../../src/lib/errors/connection-error.js';
import { ssoRequest } from '../../../../src/lib/credentials/sso/sso-request.js';
import { createUndiciHandler } from '../../../../src/lib/http/undici-handler.js';

/**
 * A loopback SSO-OIDC stand-in whose first answers are `failures` (`drop`: hang up; a number: that
 * status with an error body), then a token.
 */
async function startFlakyOidc(failures: ReadonlyArray<'drop' | number>): Promise<{ server: Server; endpoint: string; requests: () => number }> {
  let seen = 0;
  const server = createServer((request, response) => {
    const failure = failures[seen++];
    request.resume();
    if (failure === 'drop') {
      request.socket.destroy();
      return;
    }
    if (failure !== undefined) {
      const code = failure === 429 ? 'TooManyRequestsException' : failure >= 500 ? 'InternalServerException' : 'InvalidRequestException';
      response.writeHead(failure, { 'content-type': 'application/json', 'x-amzn-errortype': code }).end(JSON.stringify({ message: 'try again' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accessToken: 'token', expiresIn: 3600 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => seen };
}

describe('SSO requests', () => {
  const profile = loadProfile('default', { env: {}, useSharedFiles: false });
  const call = { method: 'POST' as const, path: '/token', body: { grantType: 'refresh_token' } };
  // Given, not loaded on first use: under the test runner a dynamic import loads a second copy of
  // the error classes (the built CLI is one bundle and has one).
  const httpHandler = createUndiciHandler({});

  it('are sent again when the connection is dropped without an answer (a stale kept-alive socket), up to three attempts', async () => {
    const oidc = await startFlakyOidc(['drop', 'drop']);
    try {
      const answer = await ssoRequest('SSO OIDC', 'us-east-1', call, { profile, env: { AWS_ENDPOINT_URL_SSO_OIDC: oidc.endpoint }, httpHandler });
      assert.equal(answer.accessToken, 'token');
      assert.equal(oidc.requests(), 3);
    } finally {
      oidc.server.close();
    }
  });

  it('give up with the ConnectionError after three dropped attempts', async () => {
    const oidc = await startFlakyOidc(['drop', 'drop', 'drop', 'drop']);
    try {
      await assert.rejects(
        ssoRequest('SSO OIDC', 'us-east-1', call, { profile, env: { AWS_ENDPOINT_URL_SSO_OIDC: oidc.endpoint }, httpHandler }),
        ConnectionError,
      );
      assert.equal(oidc.requests(), 3);
    } finally {
      oidc.server.close();
    }
  });

  it('are sent again after a 5xx or throttling, but not after a client error', async () => {
    const oidc = await startFlakyOidc([503, 429]);
    try {
      const answer = await ssoRequest('SSO OIDC', 'us-east-1', call, { profile, env: { AWS_ENDPOINT_URL_SSO_OIDC: oidc.endpoint }, httpHandler });
      assert.equal(answer.accessToken, 'token');
      assert.equal(oidc.requests(), 3);
    } finally {
      oidc.server.close();
    }
    const refusing = await startFlakyOidc([400]);
    try {
      await assert.rejects(
        ssoRequest('SSO OIDC', 'us-east-1', call, { profile, env: { AWS_ENDPOINT_URL_SSO_OIDC: refusing.endpoint }, httpHandler }),
        /InvalidRequestException/,
      );
      assert.equal(refusing.requests(), 1);
    } finally {
      refusing.server.close();
    }
  });
});
