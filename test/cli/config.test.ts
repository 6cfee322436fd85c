import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliEnv, json, nimbus, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

describe('nimbus configuration: flags, then environment, then profile', function () {
  this.timeout(60_000);
  let t: TestService;
  let indexId: string;

  before(async () => {
    requireBuild();
    t = await startTestService();
    // The local service keeps indices per region: which region a run used shows in what it lists.
    indexId = json(await t.run(['search', 'index', 'create', '--name', 'eu', '--role-arn', 'arn:aws:iam::000000000000:role/r', '--region', 'eu-west-1'])).Id;
    mkdirSync(join(t.home, '.aws'), { recursive: true });
    writeFileSync(join(t.home, '.aws', 'config'), '[default]\nregion = eu-west-1\n[profile us]\nregion = us-west-2\n');
    writeFileSync(
      join(t.home, '.aws', 'credentials'),
      '[default]\naws_access_key_id = test\naws_secret_access_key = test\n[us]\naws_access_key_id = test\naws_secret_access_key = test\n',
    );
  });
  after(() => t?.close());

  /** The ids of the indices a run lists, with exactly this environment (plus HOME and PATH). */
  async function listed(args: string[], env: NodeJS.ProcessEnv = {}): Promise<string[]> {
    const result = await nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--query', 'IndexConfigurationSummaryItems[].Id', ...args], {
      env: cliEnv(t.home, env),
    });
    return json(result);
  }

  it('region and credentials from the default profile; the environment overrides it; the flag overrides both', async () => {
    const [fromProfile, fromEnv, fromFlag, otherProfile, profileFromEnv] = await Promise.all([
      listed([]),
      listed([], { AWS_REGION: 'us-east-1' }),
      listed(['--region', 'eu-west-1'], { AWS_REGION: 'us-east-1' }),
      listed(['--profile', 'us']),
      listed([], { AWS_PROFILE: 'us' }),
    ]);
    assert.deepEqual(fromProfile, [indexId]);
    assert.deepEqual(fromEnv, []);
    assert.deepEqual(fromFlag, [indexId]);
    assert.deepEqual(otherProfile, []);
    assert.deepEqual(profileFromEnv, []);
  });

  it("API version: the flag, else the profile's api_versions; an unknown one is a usage or configuration error", async () => {
    const env = cliEnv(t.home);
    const [flag, latest] = await Promise.all([
      nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--api-version', '2019-02-03'], { env }),
      nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--api-version', 'latest'], { env }),
    ]);
    assert.equal(flag.code, 0);
    assert.equal(latest.code, 0);
    const badFlag = await nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--api-version', '2001-01-01'], { env });
    assert.equal(badFlag.code, 252);
    assert.match(badFlag.stderr, /^nimbus: The search service has no API version "2001-01-01"; nimbus ships 2019-02-03/);
    // configure set refuses the version (see settings-checks.test.ts): an edited file still can hold one.
    writeFileSync(join(t.home, '.aws', 'config'), '[default]\nregion = eu-west-1\n[profile us]\nregion = us-west-2\napi_versions =\n  kendra = 2001-01-01\n');
    const badProfile = await nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--profile', 'us'], { env });
    assert.equal(badProfile.code, 253);
    assert.match(badProfile.stderr, /set in the profile's api_versions/);
  });

  it('configure set, get and list read and write the shared files', async () => {
    const env = cliEnv(t.home);
    const run = (args: string[], extra: NodeJS.ProcessEnv = {}) => nimbus(['configure', ...args], { env: { ...env, ...extra } });
    for (const args of [
      ['set', 'region', 'ap-south-1', '--profile', 'ci'],
      ['set', 'output', 'table', '--profile', 'ci'],
      ['set', 'aws_access_key_id', 'AKIACI', '--profile', 'ci'],
      ['set', 'aws_secret_access_key', 'ci-secret-1234', '--profile', 'ci'],
    ]) {
      const result = await run(args);
      assert.equal(result.code, 0, result.stderr);
    }
    const [region, output, missing, list] = await Promise.all([
      run(['get', 'region', '--profile', 'ci']),
      run(['get', 'output'], { AWS_PROFILE: 'ci' }),
      run(['get', 'region', '--profile', 'nobody']),
      run(['list', '--profile', 'ci'], { AWS_REGION: 'sa-east-1' }),
    ]);
    assert.equal(region.stdout, 'ap-south-1\n');
    assert.equal(output.stdout, 'table\n');
    assert.equal(missing.code, 253);
    assert.match(missing.stderr, /^nimbus: region is not set in profile "nobody"\n$/);
    assert.match(list.stdout, /^profile\s+ci\s+manual\s+--profile$/m);
    assert.match(list.stdout, /^access_key\s+\*+IACI\s+shared-credentials-file\s+.*credentials$/m);
    assert.match(list.stdout, /^secret_key\s+\*+1234\s+shared-credentials-file/m);
    assert.match(list.stdout, /^region\s+sa-east-1\s+env\s+AWS_REGION$/m);
    assert.match(list.stdout, /^output\s+table\s+config-file\s+.*config$/m);
    assert.doesNotMatch(list.stdout, /ci-secret/);
    const credentials = join(t.home, '.aws', 'credentials');
    assert.equal(statSync(credentials).mode & 0o777, 0o600);
    assert.match(
      readFileSync(credentials, 'utf8'),
      /^\[default\]\naws_access_key_id = test\n[\s\S]*\[ci\]\naws_access_key_id = AKIACI\naws_secret_access_key = ci-secret-1234\n$/,
    );
    assert.match(
      readFileSync(join(t.home, '.aws', 'config'), 'utf8'),
      /^\[default\]\nregion = eu-west-1\n[\s\S]*\[profile ci\]\nregion = ap-south-1\noutput = table\n$/,
    );
    const asCi = await nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--profile', 'ci'], { env });
    assert.match(asCi.stdout, /^IndexConfigurationSummaryItems|^$/, "the profile's output format is used");
  });

  it('configure without a terminal says to use configure set (252)', async () => {
    const result = await nimbus(['configure'], { env: cliEnv(t.home) });
    assert.equal(result.code, 252);
    assert.match(result.stderr, /configure set KEY VALUE/);
  });
});
