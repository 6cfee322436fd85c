import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError } from '../../../../src/lib/errors/configuration-error.js';
import { defaultProvider, type DefaultProviderOptions } from '../../../../src/lib/credentials/default-provider.js';
import { StsError } from '../../../../src/lib/errors/sts-error.js';
import { describeStsRole } from '../../../../src/lib/credentials/sts-role-status.js';
import { FAKE_SECRET, assertNoSecret, makeTempHome, type TempHome } from '../../../unit/config/temp-home.js';
import { writeCredentialScript } from '../../../unit/credentials/credential-script.js';
import { startFakeSts, type FakeSts } from './fake-sts.js';

const ACCOUNT = '123456789012';
const ROLE = `arn:aws:iam::${ACCOUNT}:role/dev`;
const ADMIN = `arn:aws:iam::${ACCOUNT}:role/admin`;
const SOURCE_KEY = 'AKIDSOURCE';

describe('assume role (library, against a loopback STS)', function () {
  this.timeout(15_000);
  let sts: FakeSts;
  let t: TempHome;
  let env: Record<string, string>;

  beforeEach(async () => {
    sts = await startFakeSts();
    sts.addUser(SOURCE_KEY, FAKE_SECRET);
    sts.roles.set(ROLE, { trusted: [SOURCE_KEY] });
    t = makeTempHome();
    t.write('.aws/credentials', `[base]\naws_access_key_id = ${SOURCE_KEY}\naws_secret_access_key = ${FAKE_SECRET}\n`);
    env = { HOME: t.home, AWS_ENDPOINT_URL_STS: sts.endpoint, AWS_REGION: 'eu-west-1' };
  });
  afterEach(async () => {
    await sts.close();
    t.cleanup();
  });

  const config = (text: string): void => {
    t.write('.aws/config', text);
  };
  const resolve = (profile: string, options: Partial<DefaultProviderOptions> = {}) => defaultProvider({ env: { ...env, AWS_PROFILE: profile }, ...options })();
  const cacheDir = (): string => join(t.home, '.aws', 'cli', 'cache');
  const cacheFiles = (): string[] => readdirSync(cacheDir()).filter((name) => name.endsWith('.json'));

  it('assumes the role of source_profile keys, signed for sts with them, and caches the answer like the AWS CLI', async () => {
    config(`[profile dev]\nrole_arn = ${ROLE}\nsource_profile = base\n`);
    const credentials = await resolve('dev');
    assert.equal(sts.calls.length, 1);
    const [call] = sts.calls;
    assert.equal(call!.action, 'AssumeRole');
    assert.equal(call!.accessKey, SOURCE_KEY);
    assert.equal(call!.region, 'eu-west-1');
    assert.equal(call!.params.RoleArn, ROLE);
    assert.match(call!.params.RoleSessionName!, /^nimbus-session-\d{10}$/);
    assert.equal(credentials?.key, sts.issued[0]!.key);
    assert.equal(credentials?.token, sts.issued[0]!.token);
    assert.ok(credentials!.expires!.getTime() > Date.now() + 50 * 60_000);

    const [file] = cacheFiles();
    assert.match(file!, /^[0-9a-f]{40}\.json$/);
    assert.equal(statSync(cacheDir()).mode & 0o777, 0o700);
    assert.equal(statSync(join(cacheDir(), file!)).mode & 0o777, 0o600);
    const entry = JSON.parse(readFileSync(join(cacheDir(), file!), 'utf8'));
    assert.equal(entry.Credentials.AccessKeyId, sts.issued[0]!.key);
    assert.match(entry.Credentials.Expiration, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dUTC$/);
    assert.equal(entry.Credentials.AccountId, ACCOUNT);
    assert.equal(entry.AssumedRoleUser.Arn.split(':')[4], ACCOUNT);
    assert.equal(entry.ResponseMetadata.HTTPStatusCode, 200);

    assert.deepEqual(describeStsRole('dev', { env, useEnv: true }), {
      source: 'assume-role',
      roleArn: ROLE,
      cacheFile: join(cacheDir(), file!),
      expires: new Date(Math.floor(credentials!.expires!.getTime() / 1000) * 1000),
    });

    // A new chain (a new run) finds the cache: no STS call.
    const again = await resolve('dev');
    assert.equal(sts.calls.length, 1);
    assert.equal(again?.key, credentials?.key);
    assert.equal(again?.token, credentials?.token);
  });

  it('calls STS again when the cached entry has less than 15 minutes left', async () => {
    config(`[profile dev]\nrole_arn = ${ROLE}\nsource_profile = base\n`);
    await resolve('dev');
    const path = join(cacheDir(), cacheFiles()[0]!);
    const entry = JSON.parse(readFileSync(path, 'utf8'));
    entry.Credentials.Expiration = `${new Date(Date.now() + 10 * 60_000).toISOString().slice(0, 19)}UTC`;
    writeFileSync(path, JSON.stringify(entry));
    const fresh = await resolve('dev');
    assert.equal(sts.calls.length, 2);
    assert.equal(fresh?.key, sts.issued[1]!.key);
  });

  it('refreshes the role before it expires, in one long-lived chain', async () => {
    config(`[profile dev]\nrole_arn = ${ROLE}\nsource_profile = base\n`);
    let now = Date.now();
    const provider = defaultProvider({ env: { ...env, AWS_PROFILE: 'dev' }, now: () => now });
    const first = await provider();
    now += 30 * 60_000;
    assert.equal((await provider())?.key, first?.key, 'half an hour later: still the same session');
    now += 26 * 60_000;
    const second = await provider();
    assert.equal(sts.calls.length, 2, 'four minutes before expiry: a new session');
    assert.equal(second?.key, sts.issued[1]!.key);
  });

  it('reads an entry the AWS CLI wrote (…UTC times, its own key) instead of calling STS', async () => {
    config(`[profile dev]\nrole_arn = ${ROLE}\nsource_profile = base\nrole_session_name = me\n`);
    const { assumeRoleCacheKey } = await import('../../../../src/lib/credentials/cache/cache-key.js');
    const key = assumeRoleCacheKey({ RoleArn: ROLE, RoleSessionName: 'me' });
    t.write(
      `.aws/cli/cache/${key}.json`,
      JSON.stringify({
        Credentials: {
          AccessKeyId: 'ASIAFROMCLI',
          SecretAccessKey: 'cli-secret',
          SessionToken: 'cli-token',
          Expiration: `${new Date(Date.now() + 3600_000).toISOString().slice(0, 19)}UTC`,
          AccountId: ACCOUNT,
        },
        AssumedRoleUser: { AssumedRoleId: 'AROA:me', Arn: `arn:aws:sts::${ACCOUNT}:assumed-role/dev/me` },
        ResponseMetadata: { RequestId: 'x', HTTPStatusCode: 200, HTTPHeaders: {}, RetryAttempts: 0 },
      }),
    );
    const credentials = await resolve('dev');
    assert.equal(sts.calls.length, 0);
    assert.deepEqual([credentials?.key, credentials?.token], ['ASIAFROMCLI', 'cli-token']);
  });

  it('follows a chain of roles, each call signed with the previous role’s keys and session token', async () => {
    sts.roles.set(ADMIN, { trusted: [ROLE] });
    config(`[profile dev]\nrole_arn = ${ROLE}\nsource_profile = base\n[profile admin]\nrole_arn = ${ADMIN}\nsource_profile = dev\n`);
    const credentials = await resolve('admin');
    assert.equal(sts.calls.length, 2);
    const [first, second] = sts.calls;
    assert.equal(first!.params.RoleArn, ROLE);
    assert.equal(second!.params.RoleArn, ADMIN);
    assert.equal(second!.accessKey, sts.issued[0]!.key);
    assert.equal(second!.securityToken, sts.issued[0]!.token);
    assert.equal(credentials?.key, sts.issued[1]!.key);
    // Both roles are cached: a new run calls STS no more.
    assert.equal(cacheFiles().length, 2);
    assert.equal((await resolve('admin'))?.key, credentials?.key);
    assert.equal(sts.calls.length, 2);
  });

  it('refuses source_profile loops with a ConfigurationError naming the chain', async () => {
    config(`[profile a]\nrole_arn = ${ROLE}\nsource_profile = b\n[profile b]\nrole_arn = ${ROLE}\nsource_profile = a\n`);
    await assert.rejects(resolve('a'), (error: unknown) => error instanceof ConfigurationError && /loops: a -> b -> a/.test(error.message));
    config(`[profile self]\nrole_arn = ${ROLE}\nsource_profile = self\n`);
    await assert.rejects(resolve('self'), (error: unknown) => error instanceof ConfigurationError && /loops: self -> self/.test(error.message));
    assert.equal(sts.calls.length, 0);
  });

  it('lets a profile with keys be its own source_profile, and uses a source profile with keys as it is even if it has role_arn', async () => {
    t.write(
      '.aws/credentials',
      `[self]\naws_access_key_id = ${SOURCE_KEY}\naws_secret_access_key = ${FAKE_SECRET}\n[base]\naws_access_key_id = ${SOURCE_KEY}\naws_secret_access_key = ${FAKE_SECRET}\n`,
    );
    config(
      `[profile self]\nrole_arn = ${ROLE}\nsource_profile = self\n[profile base]\nrole_arn = ${ADMIN}\nsource_profile = nowhere\n[profile dev]\nrole_arn = ${ROLE}\nsource_profile = base\nrole_session_name = dev\n`,
    );
    assert.equal((await resolve('self'))?.key, sts.issued[0]!.key);
    assert.equal((await resolve('dev'))?.key, sts.issued[1]!.key);
    assert.deepEqual(
      sts.calls.map((call) => [call.params.RoleArn, call.accessKey]),
      [
        [ROLE, SOURCE_KEY],
        [ROLE, SOURCE_KEY],
      ],
    );
  });

  it('resolves a source_profile through its credential_process, only when the cache has nothing', async () => {
    const command = writeCredentialScript(t);
    sts.addUser('AKID1', FAKE_SECRET, 'token1');
    sts.roles.set(ROLE, { trusted: ['AKID1'] });
    config(`[profile broker]\ncredential_process = ${command('ok')}\n[profile dev]\nrole_arn = ${ROLE}\nsource_profile = broker\n`);
    assert.equal((await resolve('dev'))?.key, sts.issued[0]!.key);
    assert.equal(sts.calls[0]!.accessKey, 'AKID1');
    assert.equal(sts.calls[0]!.securityToken, 'token1');
    await resolve('dev');
    assert.equal(readFileSync(join(t.home, 'runs.txt'), 'utf8'), 'x', 'the process ran once');
  });

  it('credential_source Environment signs with the environment keys, even with an explicit profile', async () => {
    config(`[profile ci]\nrole_arn = ${ROLE}\ncredential_source = Environment\n`);
    const options = { env: { ...env, AWS_ACCESS_KEY_ID: SOURCE_KEY, AWS_SECRET_ACCESS_KEY: FAKE_SECRET }, profile: 'ci' };
    const credentials = await defaultProvider(options)();
    assert.equal(sts.calls[0]!.accessKey, SOURCE_KEY);
    assert.equal(credentials?.key, sts.issued[0]!.key);
    await assert.rejects(defaultProvider({ env, profile: 'ci', cacheDir: false })(), /No credentials found in credential_source Environment of profile ci/);
  });

  it('rejects a bad role configuration with a ConfigurationError before calling STS', async () => {
    config(
      [
        `[profile unknown-source]\nrole_arn = ${ROLE}\ncredential_source = Laptop`,
        `[profile both]\nrole_arn = ${ROLE}\nsource_profile = base\ncredential_source = Environment`,
        `[profile neither]\nrole_arn = ${ROLE}`,
        `[profile ghost-source]\nrole_arn = ${ROLE}\nsource_profile = ghost`,
        `[profile bad-duration]\nrole_arn = ${ROLE}\nsource_profile = base\nduration_seconds = soon`,
        `[profile empty-source]\nrole_arn = ${ROLE}\nsource_profile = empty\n[profile empty]\nregion = eu-west-1`,
      ].join('\n') + '\n',
    );
    const cases: Array<[string, RegExp]> = [
      ['unknown-source', /credential_source "Laptop" of profile unknown-source is not valid: expected Environment, Ec2InstanceMetadata, EcsContainer/],
      ['both', /both source_profile and credential_source/],
      ['neither', /neither source_profile nor credential_source/],
      ['ghost-source', /source_profile "ghost" of profile ghost-source does not exist/],
      ['bad-duration', /duration_seconds in profile bad-duration: expected a whole number from 900 to 43200/],
      ['empty-source', /source_profile "empty" of profile empty-source has no credentials/],
    ];
    for (const [profile, message] of cases) {
      await assert.rejects(resolve(profile), (error: unknown) => error instanceof ConfigurationError && message.test(error.message), profile);
    }
    assert.equal(sts.calls.length, 0);
  });

  it('sends external_id and duration_seconds, and keys the cache on them', async () => {
    sts.roles.set(ROLE, { trusted: [SOURCE_KEY], externalId: 'ext-42' });
    config(
      `[profile wrong]\nrole_arn = ${ROLE}\nsource_profile = base\n[profile dev]\nrole_arn = ${ROLE}\nsource_profile = base\nexternal_id = ext-42\nduration_seconds = 1800\n`,
    );
    await assert.rejects(resolve('wrong'), (error: unknown) => error instanceof StsError && error.code === 'AccessDenied');
    const credentials = await resolve('dev');
    const call = sts.calls.at(-1)!;
    assert.equal(call.params.ExternalId, 'ext-42');
    assert.equal(call.params.DurationSeconds, '1800');
    const left = credentials!.expires!.getTime() - Date.now();
    assert.ok(left > 25 * 60_000 && left <= 30 * 60_000, `expires in ${left} ms`);
  });

  it('asks the MFA code provider for mfa_serial, and not again while the cache holds the role', async () => {
    const serial = `arn:aws:iam::${ACCOUNT}:mfa/me`;
    sts.roles.set(ROLE, { trusted: [SOURCE_KEY], mfa: { serial, code: '123456' } });
    config(`[profile mfa]\nrole_arn = ${ROLE}\nsource_profile = base\nmfa_serial = ${serial}\n`);
    await assert.rejects(resolve('mfa'), (error: unknown) => error instanceof ConfigurationError && /needs an MFA code for .*mfa\/me/.test(error.message));
    await assert.rejects(
      resolve('mfa', { mfaCodeProvider: async () => '000000' }),
      (error: unknown) => error instanceof StsError && error.code === 'AccessDenied',
    );
    const asked: string[] = [];
    const mfaCodeProvider = async (device: string): Promise<string> => {
      asked.push(device);
      return ' 123456 ';
    };
    const credentials = await resolve('mfa', { mfaCodeProvider });
    assert.deepEqual(asked, [serial]);
    assert.equal(sts.calls.at(-1)!.params.SerialNumber, serial);
    assert.equal(sts.calls.at(-1)!.params.TokenCode, '123456');
    assert.equal(credentials?.key, sts.issued.at(-1)!.key);
    const calls = sts.calls.length;
    assert.equal((await resolve('mfa', { mfaCodeProvider }))?.key, credentials?.key);
    assert.deepEqual(asked, [serial]);
    assert.equal(sts.calls.length, calls);
  });

  it('stops the chain when the MFA code cannot be had, rather than falling back to the profile’s own keys', async () => {
    t.write('.aws/credentials', `[self]\naws_access_key_id = ${SOURCE_KEY}\naws_secret_access_key = ${FAKE_SECRET}\n`);
    config(`[profile self]\nrole_arn = ${ROLE}\nsource_profile = self\nmfa_serial = arn:aws:iam::${ACCOUNT}:mfa/me\n`);
    const refuse = async (): Promise<string> => {
      throw new ConfigurationError('no terminal to ask in');
    };
    await assert.rejects(resolve('self', { mfaCodeProvider: refuse }), /no terminal to ask in/);
    assert.equal(sts.calls.length, 0);
  });

  it('tries a call again after a 5xx or throttling, up to three attempts', async () => {
    config(`[profile dev]\nrole_arn = ${ROLE}\nsource_profile = base\n`);
    sts.failNext(503, 'ServiceUnavailable', 'try later');
    const credentials = await resolve('dev');
    assert.deepEqual(
      sts.calls.map((call) => call.error),
      ['ServiceUnavailable', undefined],
    );
    assert.equal(credentials?.key, sts.issued[0]!.key);
    const entry = JSON.parse(readFileSync(join(cacheDir(), cacheFiles()[0]!), 'utf8'));
    assert.equal(entry.ResponseMetadata.RetryAttempts, 1);
    sts.failNext(400, 'Throttling', 'Rate exceeded', 3);
    await assert.rejects(resolve('dev', { cacheDir: false }), (error: unknown) => error instanceof StsError && error.code === 'Throttling');
    assert.equal(sts.calls.length, 5);
  });

  it('reports STS errors with their code and message, never a secret', async () => {
    config(`[profile dev]\nrole_arn = ${ROLE}\nsource_profile = base\n`);
    sts.failNext(400, 'RegionDisabledException', 'STS is not activated in this region');
    await assert.rejects(resolve('dev'), (error: unknown) => {
      assert.ok(error instanceof StsError);
      assert.equal(error.code, 'RegionDisabledException');
      assert.equal(error.statusCode, 400);
      assert.match(
        error.message,
        /^AssumeRole for arn:aws:iam::123456789012:role\/dev failed: RegionDisabledException: STS is not activated in this region \(request id req-1\)$/,
      );
      assertNoSecret(error);
      return true;
    });
    sts.addUser('AKIDOTHER', 'other-secret');
    t.write('.aws/credentials', `[base]\naws_access_key_id = ${SOURCE_KEY}\naws_secret_access_key = wrong-${FAKE_SECRET}\n`);
    await assert.rejects(
      resolve('dev'),
      (error: unknown) => error instanceof StsError && error.code === 'SignatureDoesNotMatch' && (assertNoSecret(error), true),
    );
    await sts.close();
    await assert.rejects(resolve('dev'), (error: unknown) => error instanceof StsError && /AssumeRole for .* failed: Connection failed/.test(error.message));
  });
});
