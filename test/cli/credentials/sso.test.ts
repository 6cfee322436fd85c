import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nimbus, requireBuild } from '../helpers/cli.js';
import { SSO_ROLE_KEYS, startFakeSso, type FakeSso } from '../../unit/credentials/sso/fake-sso.js';
import { credentialTestEnv, onPath, runTool } from './cli-env.js';
import { startSignedService, type SignedService } from './signed-service.js';

const START = 'https://my.awsapps.com/start';
/** The AWS CLI's token cache file name for the sso-session `my-sso` (SHA-1 of the name). */
const TOKEN_FILE = '.aws/sso/cache/0ad374308c5a4e22f723adf10145eafad7c4031c.json';
/** The AWS CLI's cache file of the role credentials of profile dev. */
const ROLE_CACHE_FILE = '.aws/cli/cache/c30b99aca80d8f5b3178e353f05b2abcc9a4ccd3.json';

const LOAD_WITH_BOTOCORE = `
import json, sys
from botocore.utils import JSONFileCache, SSOTokenLoader
token = SSOTokenLoader(cache=JSONFileCache(sys.argv[1]))(sys.argv[2], session_name=sys.argv[3])
print(json.dumps(token))
`;

describe('SSO through the built CLI', function () {
  this.timeout(60_000);
  let sso: FakeSso;
  let service: SignedService;
  let home: string;
  let env: NodeJS.ProcessEnv;

  before(() => requireBuild());
  beforeEach(async () => {
    sso = await startFakeSso();
    service = await startSignedService([{ key: SSO_ROLE_KEYS.accessKeyId, secret: SSO_ROLE_KEYS.secretAccessKey, token: SSO_ROLE_KEYS.sessionToken }]);
    ({ home, env } = await credentialTestEnv({ AWS_ENDPOINT_URL_SSO: sso.endpoint, AWS_ENDPOINT_URL_SSO_OIDC: sso.endpoint }));
    writeFileSync(
      join(home, 'config'),
      `[sso-session my-sso]\nsso_start_url = ${START}\nsso_region = us-east-1\nsso_registration_scopes = sso:account:access\n` +
        '[profile dev]\nsso_session = my-sso\nsso_account_id = 123456789012\nsso_role_name = Admin\nregion = us-east-1\n',
    );
    env.AWS_CONFIG_FILE = join(home, 'config');
  });
  afterEach(async () => {
    await sso.close();
    await service.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('sso login polls through authorization_pending and slow_down, writes a token botocore loads, and commands then sign with the role', async () => {
    sso.polls.push('pending', 'slow_down');
    const login = await nimbus(['sso', 'login', '--profile', 'dev', '--no-browser'], { env });
    assert.equal(login.code, 0, login.stderr);
    assert.equal(login.stdout, '');
    assert.match(login.stderr, /https:\/\/device\.sso\.example\/\n/);
    assert.match(login.stderr, /\nABCD-EFGH\n/);
    assert.match(login.stderr, /Signed in to https:\/\/my\.awsapps\.com\/start \(sso-session my-sso\)/);
    const polls = sso.pollTimes;
    assert.equal(polls.length, 3);
    assert.ok(polls[2]! - polls[1]! >= 5500, `after slow_down the poll waits interval + 5 s (waited ${polls[2]! - polls[1]!} ms)`);

    const file = join(home, TOKEN_FILE);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const token = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(Object.keys(token).sort(), [
      'accessToken',
      'clientId',
      'clientSecret',
      'expiresAt',
      'refreshToken',
      'region',
      'registrationExpiresAt',
      'startUrl',
    ]);
    if (onPath('python3')) {
      const loaded = await runTool('python3', ['-c', LOAD_WITH_BOTOCORE, join(home, '.aws/sso/cache'), START, 'my-sso'], env);
      if (!/No module named 'botocore'/.test(loaded.stderr)) {
        assert.equal(loaded.code, 0, loaded.stderr);
        assert.equal(JSON.parse(loaded.stdout).accessToken, token.accessToken);
      }
    }

    const list = await nimbus(['search', 'index', 'list', '--profile', 'dev', '--endpoint-url', service.endpoint], { env });
    assert.equal(list.code, 0, list.stderr);
    assert.deepEqual(service.seen.at(-1), { accessKey: SSO_ROLE_KEYS.accessKeyId, token: SSO_ROLE_KEYS.sessionToken });
    assert.equal(sso.calls('GetRoleCredentials')[0]!.headers['x-amz-sso_bearer_token'], token.accessToken);

    const listed = await nimbus(['configure', 'list', '--profile', 'dev'], { env });
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /^access_key +\*+ROLE +sso +sso-session my-sso$/m);
    assert.match(listed.stdout, /^role +Admin in account 123456789012 +sso /m);
    assert.match(listed.stdout, /^expires +\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00 +sso +.*c30b99aca80d8f5b3178e353f05b2abcc9a4ccd3\.json$/m);
    assert.match(listed.stdout, /^sso_token_expires +\d{4}-.*Z +sso /m);
    assert.ok(!listed.stdout.includes(SSO_ROLE_KEYS.secretAccessKey) && !listed.stdout.includes(token.accessToken));
  });

  it('the AWS CLI uses the token and the role credentials nimbus cached (where it is installed)', async () => {
    await nimbus(['sso', 'login', '--profile', 'dev', '--no-browser'], { env });
    const first = await nimbus(['search', 'index', 'list', '--profile', 'dev', '--endpoint-url', service.endpoint], { env });
    assert.equal(first.code, 0, first.stderr);
    assert.equal(service.seen.at(-1)?.accessKey, SSO_ROLE_KEYS.accessKeyId);
    if (existsSync('/usr/bin/aws')) {
      // The v2 CLI finds the role credentials in ~/.aws/cli/cache: no call to any SSO endpoint.
      const exported = await runTool('/usr/bin/aws', ['configure', 'export-credentials', '--profile', 'dev'], env);
      assert.equal(exported.code, 0, exported.stderr);
      assert.equal(JSON.parse(exported.stdout).AccessKeyId, SSO_ROLE_KEYS.accessKeyId);
      assert.equal(JSON.parse(exported.stdout).SessionToken, SSO_ROLE_KEYS.sessionToken);
    }
    if (onPath('aws')) {
      // botocore reads the token nimbus wrote and calls GetRoleCredentials on the fake portal itself.
      rmSync(join(home, ROLE_CACHE_FILE));
      const calls = sso.calls('GetRoleCredentials').length;
      const listed = await runTool('aws', ['kendra', 'list-indices', '--profile', 'dev', '--endpoint-url', service.endpoint], env);
      assert.equal(listed.code, 0, listed.stderr);
      assert.equal(sso.calls('GetRoleCredentials').length, calls + 1);
      assert.deepEqual(service.seen.at(-1), { accessKey: SSO_ROLE_KEYS.accessKeyId, token: SSO_ROLE_KEYS.sessionToken });
    }
  });

  it('an expired token without a refresh token ends a command with 253 and says to run sso login', async () => {
    const file = join(home, TOKEN_FILE);
    await nimbus(['sso', 'login', '--profile', 'dev', '--no-browser'], { env });
    writeFileSync(file, JSON.stringify({ startUrl: START, region: 'us-east-1', accessToken: 'old', expiresAt: '2020-01-01T00:00:00Z' }));
    const result = await nimbus(['search', 'index', 'list', '--profile', 'dev', '--endpoint-url', service.endpoint], { env });
    assert.equal(result.code, 253, result.stderr);
    assert.equal(result.stderr, 'nimbus: The SSO session of profile "dev" has expired: run "nimbus sso login --profile dev" to sign in again\n');
  });

  it('sso login opens the browser on the URL with the code, and sso logout ends the session and removes the caches', async () => {
    sso.polls.push('pending');
    const bin = join(home, 'bin');
    const opened = join(home, 'opened.txt');
    mkdirSync(bin);
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const login = await nimbus(['sso', 'login', '--sso-session', 'my-sso'], { env: { ...env, PATH: `${bin}:${env.PATH}` } });
    assert.equal(login.code, 0, login.stderr);
    for (let wait = 0; wait < 50 && !existsSync(opened); wait++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(readFileSync(opened, 'utf8'), 'https://device.sso.example/?user_code=ABCD-EFGH');

    await nimbus(['search', 'index', 'list', '--profile', 'dev', '--endpoint-url', service.endpoint], { env });
    assert.ok(existsSync(join(home, ROLE_CACHE_FILE)));
    const logout = await nimbus(['sso', 'logout'], { env });
    assert.equal(logout.code, 0, logout.stderr);
    assert.match(logout.stderr, /Removed 1 SSO token and 1 cached SSO credential/);
    assert.equal(sso.calls('Logout').length, 1);
    assert.equal(existsSync(join(home, TOKEN_FILE)), false);
    assert.equal(existsSync(join(home, ROLE_CACHE_FILE)), false);
    const after = await nimbus(['search', 'index', 'list', '--profile', 'dev', '--endpoint-url', service.endpoint], { env });
    assert.equal(after.code, 253);
    assert.match(after.stderr, /has no cached token .*run "nimbus sso login --profile dev"/);
  });
});
