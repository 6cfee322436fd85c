import assert from 'node:assert/strict';
import { CliError } from '../../../src/lib/cli/errors/cli-error.js';
import { isInteractive, resolveSettings, type SettingsRequest } from '../../../src/lib/cli/settings/resolve-settings.js';
import { ProfileNotFoundError } from '../../../src/lib/errors/profile-not-found-error.js';
import { makeTempHome, type TempHome } from '../config/temp-home.js';

const CONFIG = [
  '[default]',
  'region = eu-west-1',
  'output = table',
  '[profile pinned]',
  'region = ap-south-1',
  'api_versions =',
  '    kendra = 2019-02-03',
  '',
].join('\n');

describe('cli settings resolution', () => {
  let home: TempHome;
  before(() => {
    home = makeTempHome({ '.aws/config': CONFIG });
  });
  after(() => home.cleanup());

  const request = (flags: SettingsRequest['flags'], env: NodeJS.ProcessEnv = {}): SettingsRequest => ({
    service: 'search',
    versionKey: 'kendra',
    versions: ['2019-02-03'],
    flags,
    env: { ...home.env, ...env },
    terminal: false,
  });

  it('takes each setting from the flag, then the environment, then the profile', async () => {
    const fromProfile = await resolveSettings(request({}));
    assert.equal(fromProfile.region, 'eu-west-1');
    assert.equal(fromProfile.output, 'table');
    assert.equal(fromProfile.version, 'latest', 'no version anywhere: latest');
    const fromEnv = await resolveSettings(request({}, { AWS_REGION: 'us-west-2', AWS_DEFAULT_OUTPUT: 'yaml' }));
    assert.equal(fromEnv.region, 'us-west-2');
    assert.equal(fromEnv.output, 'yaml');
    const fromFlags = await resolveSettings(request({ region: 'ca-central-1', output: 'text', 'api-version': '2019-02-03' }, { AWS_REGION: 'us-west-2' }));
    assert.deepEqual([fromFlags.region, fromFlags.output, fromFlags.version], ['ca-central-1', 'text', '2019-02-03']);
  });

  it('reads the profile named by --profile or AWS_PROFILE, with its api_versions', async () => {
    const pinned = await resolveSettings(request({ profile: 'pinned' }));
    assert.deepEqual([pinned.profileName, pinned.region, pinned.version, pinned.output], ['pinned', 'ap-south-1', '2019-02-03', 'json']);
    assert.equal((await resolveSettings(request({}, { AWS_PROFILE: 'pinned' }))).region, 'ap-south-1');
    await assert.rejects(resolveSettings(request({ profile: 'missing' })), ProfileNotFoundError);
  });

  it('without a region: a configuration error that says how to set one, unless --local', async () => {
    const empty = makeTempHome();
    try {
      const bare = { ...request({}), env: empty.env };
      await assert.rejects(
        resolveSettings(bare),
        (error: unknown) => error instanceof CliError && error.exitCode === 253 && /--region.*AWS_REGION.*configure set region/.test(error.message),
      );
      assert.equal((await resolveSettings({ ...bare, flags: { local: true } })).region, 'us-east-1');
    } finally {
      empty.cleanup();
    }
  });

  it('asks only with terminals, CI unset and no --no-input', () => {
    const base = { flags: {}, env: {}, terminal: true };
    assert.equal(isInteractive(base), true);
    assert.equal(isInteractive({ ...base, terminal: false }), false);
    assert.equal(isInteractive({ ...base, env: { CI: 'true' } }), false);
    assert.equal(isInteractive({ ...base, flags: { 'no-input': true } }), false);
    assert.equal(isInteractive({ ...base, flags: { local: true } }), false);
  });
});
