import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BIN, json, nimbus, requireBuild, type CliResult } from '../helpers/cli.js';
import { startStsFixture, type StsFixture } from './sts-fixture.js';

const run = promisify(execFile);
const PTY_DRIVER = join(import.meta.dirname, '..', 'fixtures', 'pty-driver.py');

/** Runs the built CLI in a pseudo-terminal, typing `send` when the output matches `expect`. */
function inTerminal(
  args: string[],
  env: NodeJS.ProcessEnv,
  steps: Array<{ expect: string; send: string }>,
): Promise<{ code: number; output: string; error: string | null }> {
  return new Promise((resolve, reject) => {
    const child = execFile('python3', [PTY_DRIVER], { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      resolve(JSON.parse(stdout));
    });
    child.stdin!.end(JSON.stringify({ argv: [process.execPath, BIN, ...args], env: { ...env, TERM: 'xterm' }, steps, timeout: 30 }));
  });
}
const ROLE = 'arn:aws:iam::123456789012:role/dev';
const CI_ROLE = 'arn:aws:iam::123456789012:role/ci';
const SERIAL = 'arn:aws:iam::123456789012:mfa/me';
const SOURCE_SECRET = 'src/SeCrEt+never-printed';

describe('nimbus with STS credential sources (built CLI, fake STS, local service)', function () {
  this.timeout(90_000);
  let f: StsFixture;

  before(() => requireBuild());
  beforeEach(async () => {
    f = await startStsFixture();
    f.sts.addUser('AKIDSOURCE', SOURCE_SECRET);
    f.sts.roles.set(ROLE, { trusted: ['AKIDSOURCE'] });
    f.write('.aws/credentials', `[base]\naws_access_key_id = AKIDSOURCE\naws_secret_access_key = ${SOURCE_SECRET}\n`);
    f.write(
      '.aws/config',
      `[profile dev]\nrole_arn = ${ROLE}\nsource_profile = base\nregion = eu-west-1\n` +
        `[profile mfa]\nrole_arn = ${ROLE}\nsource_profile = base\nmfa_serial = ${SERIAL}\nregion = eu-west-1\n`,
    );
  });
  afterEach(() => f?.close());

  const list = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> =>
    nimbus(['search', 'index', 'list', '--endpoint-url', f.endpoint, ...args], { env: { ...f.env, ...env } });
  const cacheDir = (): string => join(f.home, '.aws', 'cli', 'cache');

  /** Every service request carried the role's key and its session token. */
  function assertSignedWithRole(issuedIndex: number): void {
    const issued = f.sts.issued[issuedIndex]!;
    assert.ok(f.seen.length > 0);
    for (const headers of f.seen) {
      assert.match(String(headers.authorization), new RegExp(`Credential=${issued.key}/`));
      assert.match(String(headers.authorization), /SignedHeaders=[^,]*x-amz-security-token/);
      assert.equal(headers['x-amz-security-token'], issued.token);
    }
  }

  it('assumes the role of a source_profile, and the next run reuses the cached credentials without calling STS', async () => {
    assert.deepEqual(json(await list(['--profile', 'dev'])), { IndexConfigurationSummaryItems: [] });
    assert.equal(f.sts.calls.length, 1);
    assert.equal(f.sts.calls[0]!.accessKey, 'AKIDSOURCE');
    assert.equal(f.sts.calls[0]!.region, 'eu-west-1');
    assertSignedWithRole(0);
    const [file] = readdirSync(cacheDir());
    assert.match(file!, /^[0-9a-f]{40}\.json$/);
    assert.equal(statSync(join(cacheDir(), file!)).mode & 0o777, 0o600);

    json(await list([], { AWS_PROFILE: 'dev' }));
    assert.equal(f.sts.calls.length, 1);
    assertSignedWithRole(0);
  });

  it('needs an MFA code: a non-interactive run fails with exit 253 and a one-line message, calling nothing', async () => {
    const result = await list(['--profile', 'mfa'], { CI: 'true' });
    assert.equal(result.code, 253);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^nimbus: An MFA code for arn:aws:iam::123456789012:mfa\/me is needed .* cannot ask for it/);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.equal(f.sts.calls.length, 0);
    assert.equal(f.seen.length, 0);
  });

  it('asks for the MFA code, masked, in a terminal; a later run in CI uses the cached role without asking', async () => {
    f.sts.roles.set(ROLE, { trusted: ['AKIDSOURCE'], mfa: { serial: SERIAL, code: '654321' } });
    const session = await inTerminal(['search', 'index', 'list', '--profile', 'mfa', '--api-version', 'latest', '--endpoint-url', f.endpoint], f.env, [
      { expect: 'MFA code for arn:aws:iam::123456789012:mfa/me', send: '654321\r' },
    ]);
    assert.equal(session.error, null, session.output);
    assert.equal(session.code, 0, session.output);
    assert.ok(!session.output.includes('654321'), 'the code is masked');
    assert.match(session.output, /\*{6}/);
    assert.deepEqual(
      f.sts.calls.map((call) => [call.params.SerialNumber, call.params.TokenCode]),
      [[SERIAL, '654321']],
    );
    assertSignedWithRole(0);

    json(await list(['--profile', 'mfa'], { CI: 'true' }));
    assert.equal(f.sts.calls.length, 1);
  });

  it('reports an STS refusal with its code and message, exit 253, no secret', async () => {
    f.sts.failNext(403, 'AccessDenied', 'User AKIDSOURCE is not authorized to perform: sts:AssumeRole');
    const result = await list(['--profile', 'dev']);
    assert.equal(result.code, 253);
    assert.match(result.stderr, /^nimbus: AssumeRole for arn:aws:iam::123456789012:role\/dev failed: AccessDenied: User AKIDSOURCE is not authorized/);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.ok(!result.stderr.includes(SOURCE_SECRET));
  });

  it('uses web identity from AWS_WEB_IDENTITY_TOKEN_FILE and AWS_ROLE_ARN', async () => {
    f.sts.roles.set(CI_ROLE, { trusted: ['oidc-token-1'] });
    const tokenFile = f.write('oidc/token', 'oidc-token-1');
    const env = { AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile, AWS_ROLE_ARN: CI_ROLE, AWS_ROLE_SESSION_NAME: 'job', AWS_REGION: 'us-east-2', CI: 'true' };
    json(await list([], env));
    assert.deepEqual(
      f.sts.calls.map((call) => [call.action, call.accessKey, call.params.RoleSessionName]),
      [['AssumeRoleWithWebIdentity', undefined, 'job']],
    );
    assertSignedWithRole(0);
  });

  it('shares the cache with the AWS CLI: each reads the other’s entry instead of calling STS', async () => {
    const awsEnv = { ...f.env, AWS_PAGER: '', AWS_EC2_METADATA_DISABLED: 'true' };
    const aws = async (): Promise<unknown> => {
      const { stdout } = await run('aws', ['kendra', 'list-indices', '--profile', 'dev', '--endpoint-url', f.endpoint, '--output', 'json'], { env: awsEnv });
      return JSON.parse(stdout);
    };
    // nimbus first: the AWS CLI (botocore) signs with the role nimbus cached.
    json(await list(['--profile', 'dev']));
    assert.deepEqual(await aws(), { IndexConfigurationSummaryItems: [] });
    assert.equal(f.sts.calls.length, 1);
    assertSignedWithRole(0);

    // The AWS CLI first: nimbus signs with the role botocore assumed and cached.
    rmSync(cacheDir(), { recursive: true });
    f.seen.length = 0;
    await aws();
    assert.equal(f.sts.calls.length, 2);
    assert.match(f.sts.calls[1]!.params.RoleSessionName!, /^botocore-session-\d+$/);
    assert.equal(f.sts.calls[1]!.accessKey, 'AKIDSOURCE');
    json(await list(['--profile', 'dev']));
    assert.equal(f.sts.calls.length, 2);
    assertSignedWithRole(1);
  });
});
