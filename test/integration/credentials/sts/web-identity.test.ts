import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError } from '../../../../src/lib/errors/configuration-error.js';
import { defaultProvider } from '../../../../src/lib/credentials/default-provider.js';
import { createStsContext } from '../../../../src/lib/credentials/sts/sts-context.js';
import { StsError } from '../../../../src/lib/errors/sts-error.js';
import { describeStsRole } from '../../../../src/lib/credentials/sts-role-status.js';
import { fromWebIdentity } from '../../../../src/lib/credentials/web-identity.js';
import { makeTempHome, type TempHome } from '../../../unit/config/temp-home.js';
import { startFakeSts, type FakeSts } from './fake-sts.js';

const CI_ROLE = 'arn:aws:iam::123456789012:role/ci';
const DEPLOY_ROLE = 'arn:aws:iam::123456789012:role/deploy';
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.ci-job-token.sig';

describe('web identity (library, against a loopback STS)', function () {
  this.timeout(15_000);
  let sts: FakeSts;
  let t: TempHome;
  let tokenFile: string;
  let base: Record<string, string>;

  beforeEach(async () => {
    sts = await startFakeSts();
    sts.roles.set(CI_ROLE, { trusted: [TOKEN] });
    t = makeTempHome();
    tokenFile = t.write('oidc/token', TOKEN);
    // The instance metadata service on a closed loopback port: a chain that finds nothing ends there.
    base = { HOME: t.home, AWS_ENDPOINT_URL_STS: sts.endpoint, AWS_REGION: 'us-west-2', AWS_EC2_METADATA_SERVICE_ENDPOINT: 'http://127.0.0.1:9' };
  });
  afterEach(async () => {
    await sts.close();
    t.cleanup();
  });

  it('uses AWS_WEB_IDENTITY_TOKEN_FILE, AWS_ROLE_ARN and AWS_ROLE_SESSION_NAME, unsigned, and caches the answer', async () => {
    const env = { ...base, AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile, AWS_ROLE_ARN: CI_ROLE, AWS_ROLE_SESSION_NAME: 'job-7' };
    const credentials = await defaultProvider({ env })();
    assert.equal(sts.calls.length, 1);
    const [call] = sts.calls;
    assert.equal(call!.action, 'AssumeRoleWithWebIdentity');
    assert.equal(call!.accessKey, undefined);
    assert.deepEqual(call!.params, { RoleArn: CI_ROLE, RoleSessionName: 'job-7', WebIdentityToken: TOKEN });
    assert.equal(credentials?.key, sts.issued[0]!.key);
    assert.equal(credentials?.token, sts.issued[0]!.token);
    assert.equal(readdirSync(join(t.home, '.aws', 'cli', 'cache')).length, 1);
    assert.equal((await defaultProvider({ env })())?.key, credentials?.key);
    assert.equal(sts.calls.length, 1);
    const status = describeStsRole('default', { env, useEnv: true });
    assert.equal(status?.source, 'web-identity');
    assert.equal(status?.roleArn, CI_ROLE);
    assert.equal(status?.expires?.getTime(), Math.floor(credentials!.expires!.getTime() / 1000) * 1000);
    assert.equal(describeStsRole('default', { env, useEnv: false }), null);
  });

  it('uses the profile’s web_identity_token_file and role_arn, but not the environment’s with an explicit profile', async () => {
    t.write('.aws/config', `[profile ci]\nweb_identity_token_file = ${tokenFile}\nrole_arn = ${CI_ROLE}\n`);
    const credentials = await defaultProvider({ env: { ...base, AWS_PROFILE: 'ci' } })();
    assert.equal(credentials?.key, sts.issued[0]!.key);
    assert.match(sts.calls[0]!.params.RoleSessionName!, /^nimbus-session-\d+$/);
    t.write('.aws/config', '[profile plain]\nregion = us-west-2\n');
    const env = { ...base, AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile, AWS_ROLE_ARN: CI_ROLE };
    await assert.rejects(defaultProvider({ env, profile: 'plain' })(), /Unable to locate credentials/);
  });

  it('reads the token file again for every STS call', async () => {
    const other = 'second-token';
    sts.roles.get(CI_ROLE)!.trusted.push(other);
    const env = { ...base, AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile, AWS_ROLE_ARN: CI_ROLE };
    const options = { env, useEnv: true, cacheDir: false as const };
    const provider = fromWebIdentity('default', { ...options, sts: createStsContext('default', options) });
    await provider();
    t.write('oidc/token', other);
    await provider();
    assert.deepEqual(
      sts.calls.map((call) => call.params.WebIdentityToken),
      [TOKEN, other],
    );
  });

  it('serves as a source_profile link: web identity first, then AssumeRole signed with its session', async () => {
    sts.roles.set(DEPLOY_ROLE, { trusted: [CI_ROLE] });
    t.write(
      '.aws/config',
      `[profile ci]\nweb_identity_token_file = ${tokenFile}\nrole_arn = ${CI_ROLE}\n[profile deploy]\nrole_arn = ${DEPLOY_ROLE}\nsource_profile = ci\n`,
    );
    const credentials = await defaultProvider({ env: base, profile: 'deploy' })();
    assert.deepEqual(
      sts.calls.map((call) => call.action),
      ['AssumeRoleWithWebIdentity', 'AssumeRole'],
    );
    assert.equal(sts.calls[1]!.accessKey, sts.issued[0]!.key);
    assert.equal(sts.calls[1]!.securityToken, sts.issued[0]!.token);
    assert.equal(credentials?.key, sts.issued[1]!.key);
  });

  it('fails clearly without a role, with an unreadable token file, or a refused token', async () => {
    await assert.rejects(
      defaultProvider({ env: { ...base, AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile } })(),
      (error: unknown) => error instanceof ConfigurationError && /no role: set role_arn in profile default or AWS_ROLE_ARN/.test(error.message),
    );
    const missing = join(t.home, 'oidc', 'missing');
    await assert.rejects(
      defaultProvider({ env: { ...base, AWS_WEB_IDENTITY_TOKEN_FILE: missing, AWS_ROLE_ARN: CI_ROLE } })(),
      (error: unknown) => error instanceof ConfigurationError && error.message === `Unable to read the web identity token file ${missing} (ENOENT)`,
    );
    t.write('oidc/token', 'forged-token');
    await assert.rejects(defaultProvider({ env: { ...base, AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile, AWS_ROLE_ARN: CI_ROLE } })(), (error: unknown) => {
      assert.ok(error instanceof StsError);
      assert.equal(error.code, 'InvalidIdentityToken');
      assert.ok(!error.message.includes('forged-token'));
      return true;
    });
  });
});
