import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SSO_ROLE_KEYS, startFakeSso, type FakeSso } from '../../unit/credentials/sso/fake-sso.js';
import { nimbus, requireBuild } from '../helpers/cli.js';
import { credentialTestEnv } from './cli-env.js';
import { startSignedService, type SignedService } from './signed-service.js';
import { startTlsRelay, type TlsRelay } from './tls-relay.js';

describe('SSO over HTTPS through the built CLI', function () {
  this.timeout(60_000);
  let sso: FakeSso;
  let tls: TlsRelay;
  let service: SignedService;
  let home: string;

  before(() => requireBuild());
  beforeEach(async () => {
    sso = await startFakeSso();
    tls = await startTlsRelay(sso.endpoint);
    service = await startSignedService([{ key: SSO_ROLE_KEYS.accessKeyId, secret: SSO_ROLE_KEYS.secretAccessKey, token: SSO_ROLE_KEYS.sessionToken }]);
  });
  afterEach(async () => {
    await Promise.all([sso.close(), tls.close(), service.close()]);
    rmSync(home, { recursive: true, force: true });
  });

  it("signs in and gets role credentials from HTTPS endpoints trusted through the profile's ca_bundle", async () => {
    let env: NodeJS.ProcessEnv;
    ({ home, env } = await credentialTestEnv({ AWS_ENDPOINT_URL_SSO: tls.endpoint, AWS_ENDPOINT_URL_SSO_OIDC: tls.endpoint }));
    writeFileSync(
      join(home, 'config'),
      `[profile legacy]\nsso_start_url = https://my.awsapps.com/start\nsso_region = us-east-1\nsso_account_id = 123456789012\nsso_role_name = Admin\nca_bundle = ${tls.caFile}\n`,
    );
    env.AWS_CONFIG_FILE = join(home, 'config');
    const untrusted = await nimbus(['sso', 'login', '--sso-session', 'none', '--no-browser'], { env });
    assert.equal(untrusted.code, 253, 'an unknown sso-session is a configuration error');
    writeFileSync(join(home, 'other'), '[sso-session s]\nsso_start_url = https://my.awsapps.com/start\nsso_region = us-east-1\n');
    const withoutCa = await nimbus(['sso', 'login', '--sso-session', 's', '--no-browser'], { env: { ...env, AWS_CONFIG_FILE: join(home, 'other') } });
    assert.equal(withoutCa.code, 255, withoutCa.stderr);
    assert.match(withoutCa.stderr, /certificate/i);
    const missingCa = await nimbus(['sso', 'login', '--profile', 'legacy', '--no-browser'], { env: { ...env, AWS_CA_BUNDLE: join(home, 'missing.pem') } });
    assert.equal(missingCa.code, 253, missingCa.stderr);
    assert.match(missingCa.stderr, /^nimbus: The CA bundle "[^"]*missing\.pem" \(AWS_CA_BUNDLE\) cannot be read \(ENOENT\)$/m);
    const login = await nimbus(['sso', 'login', '--profile', 'legacy', '--no-browser'], { env });
    assert.equal(login.code, 0, login.stderr);
    assert.match(login.stderr, /Signed in to https:\/\/my\.awsapps\.com\/start\n/);
    const list = await nimbus(['search', 'index', 'list', '--profile', 'legacy', '--endpoint-url', service.endpoint], { env });
    assert.equal(list.code, 0, list.stderr);
    assert.deepEqual(service.seen.at(-1), { accessKey: SSO_ROLE_KEYS.accessKeyId, token: SSO_ROLE_KEYS.sessionToken });
    assert.equal(sso.calls('GetRoleCredentials').length, 1);
  });
});
