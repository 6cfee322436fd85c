import assert from 'node:assert/strict';
import { ConfigurationError } from '../../../../src/lib/errors/configuration-error.js';
import { ssoCredentialCacheKey } from '../../../../src/lib/credentials/sso/from-sso.js';
import { resolveLoginSession, resolveSsoProfile } from '../../../../src/lib/credentials/sso/sso-settings.js';
import { registrationCacheKey, tokenCacheKey } from '../../../../src/lib/credentials/sso/token-cache.js';
import { makeTempHome, type TempHome } from '../../config/temp-home.js';

const START = 'https://my.awsapps.com/start';

describe('SSO settings and cache keys', () => {
  let t: TempHome;
  beforeEach(() => {
    t = makeTempHome();
    t.write(
      '.aws/config',
      [
        '[sso-session my-sso]',
        `sso_start_url = ${START}`,
        'sso_region = eu-west-1',
        'sso_registration_scopes = sso:account:access, extra:scope ,',
        '[profile dev]',
        'sso_session = my-sso',
        'sso_account_id = 123456789012',
        'sso_role_name = Admin',
        '[profile legacy]',
        `sso_start_url = ${START}`,
        'sso_region = us-east-1',
        'sso_account_id = 123456789012',
        'sso_role_name = ReadOnly',
        '[profile plain]',
        'region = us-east-1',
        '[profile half]',
        'sso_role_name = Admin',
        '[profile ghost-session]',
        'sso_session = nope',
        'sso_account_id = 1',
        'sso_role_name = r',
        '[profile clash]',
        'sso_session = my-sso',
        'sso_region = us-west-2',
        'sso_account_id = 1',
        'sso_role_name = r',
        '',
      ].join('\n'),
    );
  });
  afterEach(() => t.cleanup());

  it('reads an sso-session profile, its session and scopes', () => {
    const settings = resolveSsoProfile('dev', t);
    assert.deepEqual(settings?.session, { name: 'my-sso', startUrl: START, region: 'eu-west-1', scopes: ['sso:account:access', 'extra:scope'] });
    assert.equal(settings?.accountId, '123456789012');
    assert.equal(settings?.roleName, 'Admin');
  });

  it('reads a legacy profile with its own start URL and region', () => {
    const settings = resolveSsoProfile('legacy', t);
    assert.deepEqual(settings?.session, { startUrl: START, region: 'us-east-1' });
    assert.equal(settings?.roleName, 'ReadOnly');
  });

  it('is null for a profile without sso_account_id and sso_role_name', () => {
    assert.equal(resolveSsoProfile('plain', t), null);
  });

  it('names what is missing, a missing sso-session and a value that differs between profile and session', () => {
    assert.throws(
      () => resolveSsoProfile('half', t),
      (error: unknown) => {
        assert.ok(error instanceof ConfigurationError);
        assert.equal(
          error.message,
          'The profile "half" is configured to use SSO but is missing required configuration: sso_account_id, sso_start_url, sso_region',
        );
        return true;
      },
    );
    assert.throws(() => resolveSsoProfile('ghost-session', t), /The specified sso-session does not exist: "nope"/);
    assert.throws(() => resolveSsoProfile('clash', t), /The value for sso_region is inconsistent between profile \(us-west-2\) and sso-session \(eu-west-1\)/);
  });

  it("finds the session to log in to: --sso-session, the profile's sso_session, or legacy settings", () => {
    assert.equal(resolveLoginSession('plain', 'my-sso', t).name, 'my-sso');
    assert.equal(resolveLoginSession('dev', undefined, t).region, 'eu-west-1');
    assert.deepEqual(resolveLoginSession('legacy', undefined, t), { startUrl: START, region: 'us-east-1' });
    assert.throws(() => resolveLoginSession('plain', undefined, t), /profile "plain" has no SSO configuration \(missing sso_start_url, sso_region\)/);
    assert.throws(() => resolveLoginSession('plain', 'nope', t), /sso-session does not exist: "nope"/);
  });

  // Expected values computed with the AWS CLI v2's botocore (SSOTokenLoader, SSOTokenFetcher, SSOCredentialFetcher).
  it('names cache files exactly as the AWS CLI does', () => {
    assert.equal(tokenCacheKey({ name: 'my-sso', startUrl: START, region: 'us-east-1' }), '0ad374308c5a4e22f723adf10145eafad7c4031c');
    assert.equal(tokenCacheKey({ startUrl: START, region: 'us-east-1' }), '40840c65697c043e2a71754cccb2ab4de3acc1c1');
    assert.equal(
      registrationCacheKey({ name: 'my-sso', startUrl: START, region: 'us-east-1', scopes: ['sso:account:access', 'ümlaut'] }),
      '8d2310d40ceb6060ecab5049ce051828a5f0ca4c',
    );
    assert.equal(registrationCacheKey({ startUrl: START, region: 'us-east-1' }), 'c7f15c71b419f826dea14aae2254aa51d0940ed1');
    const role = { accountId: '123456789012', roleName: 'Admin' };
    assert.equal(
      ssoCredentialCacheKey({ ...role, session: { name: 'my-sso', startUrl: START, region: 'us-east-1' } }),
      'c30b99aca80d8f5b3178e353f05b2abcc9a4ccd3',
    );
    assert.equal(ssoCredentialCacheKey({ ...role, session: { startUrl: START, region: 'us-east-1' } }), '2022a26817a8409407d383b27f88f3656d96b72b');
  });
});
