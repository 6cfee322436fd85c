import assert from 'node:assert/strict';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError } from '../../../../src/lib/errors/configuration-error.js';
import { fromSso } from '../../../../src/lib/credentials/sso/from-sso.js';
import { SsoLoginRequiredError } from '../../../../src/lib/errors/sso-login-required-error.js';
import { SSO_ROLE_KEYS, useSsoTestBed } from './fake-sso.js';

const START = 'https://my.awsapps.com/start';
/** The token cache files the AWS CLI names for the session `my-sso` and, legacy, for the start URL. */
const SESSION_FILE = '.aws/sso/cache/0ad374308c5a4e22f723adf10145eafad7c4031c.json';
const LEGACY_FILE = '.aws/sso/cache/40840c65697c043e2a71754cccb2ab4de3acc1c1.json';
const inMinutes = (minutes: number): string => new Date(Date.now() + minutes * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

describe('fromSso', function () {
  this.timeout(10_000);
  const bed = useSsoTestBed();
  beforeEach(() => {
    bed.t.write(
      '.aws/config',
      `[sso-session my-sso]\nsso_start_url = ${START}\nsso_region = us-east-1\n[profile dev]\nsso_session = my-sso\nsso_account_id = 123456789012\nsso_role_name = Admin\n` +
        `[profile legacy]\nsso_start_url = ${START}\nsso_region = us-east-1\nsso_account_id = 123456789012\nsso_role_name = ReadOnly\n`,
    );
  });

  const writeToken = (file: string, token: Record<string, unknown>): void => {
    bed.t.write(file, JSON.stringify({ startUrl: START, region: 'us-east-1', ...token }));
  };

  it('exchanges the cached token for role credentials, tags them sso and caches them where the AWS CLI does', async () => {
    bed.sso.validTokens.add('tok-1');
    writeToken(SESSION_FILE, { accessToken: 'tok-1', expiresAt: inMinutes(120) });
    const credentials = await fromSso('dev', { env: bed.env })();
    assert.equal(credentials?.key, SSO_ROLE_KEYS.accessKeyId);
    assert.equal(credentials?.secret, SSO_ROLE_KEYS.secretAccessKey);
    assert.equal(credentials?.token, SSO_ROLE_KEYS.sessionToken);
    assert.equal(credentials?.source, 'sso');
    const [call] = bed.sso.calls('GetRoleCredentials');
    assert.equal(call!.url, '/federation/credentials?role_name=Admin&account_id=123456789012');
    assert.equal(call!.headers['x-amz-sso_bearer_token'], 'tok-1');
    assert.equal(call!.headers.authorization, undefined, 'unsigned');

    const cacheFile = join(bed.t.home, '.aws/cli/cache/c30b99aca80d8f5b3178e353f05b2abcc9a4ccd3.json');
    const entry = JSON.parse(readFileSync(cacheFile, 'utf8'));
    assert.equal(entry.ProviderType, 'sso');
    assert.equal(entry.Credentials.AccessKeyId, SSO_ROLE_KEYS.accessKeyId);
    assert.equal(entry.Credentials.AccountId, '123456789012');
    assert.match(entry.Credentials.Expiration, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(statSync(cacheFile).mode & 0o777, 0o600);

    assert.equal((await fromSso('dev', { env: bed.env })())?.key, SSO_ROLE_KEYS.accessKeyId);
    assert.equal(bed.sso.calls('GetRoleCredentials').length, 1, 'the second run uses the cached credentials');
  });

  it('still gives the credentials when the credentials cache cannot be written', async () => {
    bed.sso.validTokens.add('tok-1');
    writeToken(SESSION_FILE, { accessToken: 'tok-1', expiresAt: inMinutes(120) });
    bed.t.write('.aws/cli/cache', 'a file where the directory should be');
    assert.equal((await fromSso('dev', { env: bed.env })())?.key, SSO_ROLE_KEYS.accessKeyId);
  });

  it('reads the expiresAt form older AWS CLI versions wrote (2019-11-14T04:02:38UTC)', async () => {
    bed.sso.validTokens.add('legacy-tok');
    writeToken(LEGACY_FILE, { accessToken: 'legacy-tok', expiresAt: inMinutes(60).replace(/Z$/, 'UTC') });
    assert.equal((await fromSso('legacy', { env: bed.env })())?.source, 'sso');
    writeToken(LEGACY_FILE, { accessToken: 'legacy-tok', expiresAt: inMinutes(-60).replace(/Z$/, 'UTC') });
    rmSync(join(bed.t.home, '.aws/cli/cache'), { recursive: true });
    await assert.rejects(fromSso('legacy', { env: bed.env })(), /has expired/);
  });

  it('is null for a profile without SSO settings', async () => {
    bed.t.write('.aws/config', '[default]\nregion = us-east-1\n');
    assert.equal(await fromSso('default', { env: bed.env })(), null);
  });

  it("uses a legacy profile's token, cached under the start URL, and never refreshes it", async () => {
    bed.sso.validTokens.add('legacy-tok');
    writeToken(LEGACY_FILE, {
      accessToken: 'legacy-tok',
      expiresAt: inMinutes(5),
      refreshToken: 'refresh-x',
      clientId: 'c',
      clientSecret: 's',
      registrationExpiresAt: inMinutes(9999),
    });
    bed.sso.refreshTokens.set('refresh-x', 'should-not-be-used');
    assert.equal((await fromSso('legacy', { env: bed.env })())?.source, 'sso');
    assert.equal(bed.sso.calls('CreateToken').length, 0);
    assert.equal(bed.sso.calls('GetRoleCredentials')[0]!.headers['x-amz-sso_bearer_token'], 'legacy-tok');
  });

  it('refreshes an sso-session token that expires within 15 minutes and writes the new one back', async () => {
    writeToken(SESSION_FILE, {
      accessToken: 'old',
      expiresAt: inMinutes(10),
      refreshToken: 'refresh-1',
      clientId: 'client-9',
      clientSecret: 'secret-9',
      registrationExpiresAt: inMinutes(9999),
    });
    bed.sso.refreshTokens.set('refresh-1', 'fresh-token');
    assert.equal((await fromSso('dev', { env: bed.env })())?.key, SSO_ROLE_KEYS.accessKeyId);
    const [refresh] = bed.sso.calls('CreateToken');
    assert.deepEqual(JSON.parse(refresh!.body.toString()), {
      grantType: 'refresh_token',
      clientId: 'client-9',
      clientSecret: 'secret-9',
      refreshToken: 'refresh-1',
    });
    assert.equal(bed.sso.calls('GetRoleCredentials')[0]!.headers['x-amz-sso_bearer_token'], 'fresh-token');
    const written = JSON.parse(readFileSync(join(bed.t.home, SESSION_FILE), 'utf8'));
    assert.deepEqual(Object.keys(written).sort(), [
      'accessToken',
      'clientId',
      'clientSecret',
      'expiresAt',
      'refreshToken',
      'region',
      'registrationExpiresAt',
      'startUrl',
    ]);
    assert.equal(written.accessToken, 'fresh-token');
    assert.equal(written.refreshToken, 'refresh-1-next');
    assert.ok(Date.parse(written.expiresAt) > Date.now() + 7 * 3600_000);
  });

  it('keeps a still-valid token when the refresh is refused, and asks for a login once it has expired', async () => {
    bed.sso.validTokens.add('old');
    writeToken(SESSION_FILE, {
      accessToken: 'old',
      expiresAt: inMinutes(10),
      refreshToken: 'unknown',
      clientId: 'c',
      clientSecret: 's',
      registrationExpiresAt: inMinutes(9999),
    });
    assert.equal((await fromSso('dev', { env: bed.env })())?.source, 'sso');
    assert.equal(bed.sso.calls('GetRoleCredentials')[0]!.headers['x-amz-sso_bearer_token'], 'old');

    writeToken(SESSION_FILE, {
      accessToken: 'old',
      expiresAt: inMinutes(-1),
      refreshToken: 'unknown',
      clientId: 'c',
      clientSecret: 's',
      registrationExpiresAt: inMinutes(9999),
    });
    bed.t.write('.aws/cli/cache/c30b99aca80d8f5b3178e353f05b2abcc9a4ccd3.json', '{}');
    await assert.rejects(fromSso('dev', { env: bed.env })(), (error: unknown) => {
      assert.ok(error instanceof SsoLoginRequiredError);
      assert.match(
        error.message,
        /^The SSO session of profile "dev" has expired and could not be refreshed \(SSO OIDC answered InvalidGrantException.*\): run "nimbus sso login --profile dev" to sign in again$/,
      );
      return true;
    });
  });

  it('asks for a login when there is no token, when a legacy token has expired, and when the portal refuses it', async () => {
    await assert.rejects(fromSso('dev', { env: bed.env })(), /profile "dev" has no cached token .*: run "nimbus sso login --profile dev"/);
    writeToken(LEGACY_FILE, { accessToken: 'legacy-tok', expiresAt: inMinutes(-1) });
    await assert.rejects(fromSso('legacy', { env: bed.env })(), /profile "legacy" has expired: run "nimbus sso login --profile legacy"/);
    writeToken(LEGACY_FILE, { accessToken: 'revoked', expiresAt: inMinutes(60) });
    await assert.rejects(fromSso('legacy', { env: bed.env })(), (error: unknown) => {
      assert.ok(error instanceof SsoLoginRequiredError && error instanceof ConfigurationError);
      assert.match(error.message, /was refused by the SSO portal/);
      assert.ok(!error.message.includes('revoked'), 'the token is not in the message');
      return true;
    });
  });

  it("finds the endpoints in the profile's services section and in AWS_ENDPOINT_URL", async () => {
    bed.sso.validTokens.add('tok-1');
    writeToken(SESSION_FILE, { accessToken: 'tok-1', expiresAt: inMinutes(120) });
    bed.t.write(
      '.aws/config',
      `[sso-session my-sso]\nsso_start_url = ${START}\nsso_region = us-east-1\n[profile dev]\nsso_session = my-sso\nsso_account_id = 123456789012\nsso_role_name = Admin\nservices = fake\n[services fake]\nsso =\n  endpoint_url = ${bed.sso.endpoint}\n`,
    );
    assert.equal((await fromSso('dev', { env: { HOME: bed.t.home } })())?.source, 'sso');
    bed.t.write('.aws/cli/cache/c30b99aca80d8f5b3178e353f05b2abcc9a4ccd3.json', '{}');
    bed.t.write(
      '.aws/config',
      `[sso-session my-sso]\nsso_start_url = ${START}\nsso_region = us-east-1\n[profile dev]\nsso_session = my-sso\nsso_account_id = 123456789012\nsso_role_name = Admin\n`,
    );
    assert.equal((await fromSso('dev', { env: { HOME: bed.t.home, AWS_ENDPOINT_URL: bed.sso.endpoint } })())?.source, 'sso');
    assert.equal(bed.sso.calls('GetRoleCredentials').length, 2);
  });
});
