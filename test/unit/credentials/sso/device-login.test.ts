import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError } from '../../../../src/lib/errors/configuration-error.js';
import { loadProfile } from '../../../../src/lib/config/profile.js';
import type { DeviceAuthorization } from '../../../../src/lib/credentials/sso/oidc-operations.js';
import { ssoDeviceLogin } from '../../../../src/lib/credentials/sso/device-login.js';
import { ssoLogout } from '../../../../src/lib/credentials/sso/sso-logout.js';
import { registrationCacheKey, ssoTokenCache } from '../../../../src/lib/credentials/sso/token-cache.js';
import { useSsoTestBed } from './fake-sso.js';

const SESSION = { name: 'my-sso', startUrl: 'https://my.awsapps.com/start', region: 'us-east-1', scopes: ['sso:account:access'] };

describe('SSO device login and logout', function () {
  this.timeout(10_000);
  const bed = useSsoTestBed();

  const login = async (sleeps: number[] = [], shown: DeviceAuthorization[] = []) =>
    ssoDeviceLogin({
      session: SESSION,
      cache: ssoTokenCache({ env: bed.env }),
      profile: loadProfile('default', { env: bed.env }),
      env: bed.env,
      onPending: (authorization) => void shown.push(authorization),
      sleep: async (ms) => void sleeps.push(ms),
    });

  it('registers, starts the device authorization, shows the code once and polls at the interval, slowing down when told', async () => {
    bed.sso.polls.push('pending', 'pending', 'slow_down');
    const sleeps: number[] = [];
    const shown: DeviceAuthorization[] = [];
    const token = await login(sleeps, shown);
    assert.deepEqual(sleeps, [1000, 1000, 6000], "the service's 1 s interval, then 5 s more after slow_down");
    assert.equal(shown.length, 1);
    assert.equal(shown[0]!.userCode, 'ABCD-EFGH');
    assert.equal(shown[0]!.verificationUriComplete, 'https://device.sso.example/?user_code=ABCD-EFGH');
    const register = JSON.parse(bed.sso.calls('RegisterClient')[0]!.body.toString());
    assert.deepEqual(register, { clientName: 'nimbus-client-my-sso', clientType: 'public', scopes: ['sso:account:access'] });
    assert.deepEqual(JSON.parse(bed.sso.calls('StartDeviceAuthorization')[0]!.body.toString()), {
      clientId: 'client-1',
      clientSecret: 'client-secret-1',
      startUrl: SESSION.startUrl,
    });
    assert.equal(bed.sso.calls('CreateToken').length, 4);

    const file = join(bed.t.home, '.aws/sso/cache/0ad374308c5a4e22f723adf10145eafad7c4031c.json');
    const cached = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(cached, token);
    assert.deepEqual(Object.keys(cached).sort(), [
      'accessToken',
      'clientId',
      'clientSecret',
      'expiresAt',
      'refreshToken',
      'region',
      'registrationExpiresAt',
      'startUrl',
    ]);
    assert.equal(cached.startUrl, SESSION.startUrl);
    assert.match(cached.expiresAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('reuses the cached client registration on the next login', async () => {
    await login();
    await login();
    assert.equal(bed.sso.calls('RegisterClient').length, 1);
    assert.equal(bed.sso.calls('StartDeviceAuthorization').length, 2);
  });

  it('fails with a ConfigurationError when the authorization expires', async () => {
    bed.sso.polls.push('pending', 'expired');
    await assert.rejects(login(), (error: unknown) => {
      assert.ok(error instanceof ConfigurationError);
      assert.match(error.message, /not approved before the device authorization expired/);
      return true;
    });
  });

  it('logout ends and removes every cached token and the SSO role credentials, keeping other cache entries', async () => {
    const token = await login();
    bed.t.write('.aws/cli/cache/sso-role.json', JSON.stringify({ ProviderType: 'sso', Credentials: {} }));
    bed.t.write('.aws/cli/cache/assumed-role.json', JSON.stringify({ ProviderType: 'assume-role', Credentials: {} }));
    const report = await ssoLogout({ env: bed.env, profile: loadProfile('default', { env: bed.env }) });
    assert.deepEqual(report, { tokens: 1, credentials: 1, failures: [] });
    assert.equal(bed.sso.calls('Logout')[0]!.headers['x-amz-sso_bearer_token'], token.accessToken);
    assert.equal(existsSync(join(bed.t.home, '.aws/sso/cache/0ad374308c5a4e22f723adf10145eafad7c4031c.json')), false);
    assert.equal(existsSync(join(bed.t.home, '.aws/sso/cache', `${registrationCacheKey(SESSION)}.json`)), true, 'the client registration stays');
    assert.equal(existsSync(join(bed.t.home, '.aws/cli/cache/sso-role.json')), false);
    assert.equal(existsSync(join(bed.t.home, '.aws/cli/cache/assumed-role.json')), true);
  });
});
