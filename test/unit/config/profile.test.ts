import assert from 'node:assert/strict';
import { ConfigurationError } from '../../../src/lib/errors/configuration-error.js';
import { loadProfile, resolveProfileName } from '../../../src/lib/config/profile.js';
import { ProfileNotFoundError } from '../../../src/lib/errors/profile-not-found-error.js';
import { makeTempHome, type TempHome } from './temp-home.js';

describe('profiles', () => {
  describe('resolveProfileName', () => {
    it('takes the option, then AWS_PROFILE, then AWS_DEFAULT_PROFILE, then default', () => {
      const env = { AWS_PROFILE: 'env-profile', AWS_DEFAULT_PROFILE: 'env-default' };
      assert.equal(resolveProfileName({ profile: 'opt', env }), 'opt');
      assert.equal(resolveProfileName({ env }), 'env-profile');
      assert.equal(resolveProfileName({ env: { AWS_DEFAULT_PROFILE: 'env-default' } }), 'env-default');
      assert.equal(resolveProfileName({ env: { AWS_PROFILE: '' } }), 'default');
    });

    it('rejects a profile option that is not a non-empty string, naming the option', () => {
      for (const profile of ['', 42, null]) {
        assert.throws(
          () => resolveProfileName({ profile, env: {} }),
          (error: unknown) => {
            assert.ok(error instanceof ConfigurationError);
            assert.equal(error.option, 'profile');
            assert.match(error.message, /profile option/);
            return true;
          },
        );
      }
    });
  });

  describe('loadProfile', () => {
    let t: TempHome;
    beforeEach(() => {
      t = makeTempHome();
    });
    afterEach(() => t.cleanup());

    it('merges the config file profile with the credentials file section (credentials file wins)', () => {
      t.write('.aws/config', '[profile dev]\nregion = us-west-2\naws_access_key_id = FROM_CONFIG\noutput = text\n');
      t.write('.aws/credentials', '[dev]\naws_access_key_id = FROM_CREDENTIALS\n');
      const profile = loadProfile('dev', { env: { HOME: t.home } });
      assert.equal(profile.exists, true);
      assert.deepEqual({ ...profile.settings }, { region: 'us-west-2', aws_access_key_id: 'FROM_CREDENTIALS', output: 'text' });
    });

    it('finds a profile that exists only in the credentials file', () => {
      t.write('.aws/credentials', '[only-creds]\nregion = r\n');
      assert.equal(loadProfile('only-creds', { env: { HOME: t.home } }).settings.region, 'r');
    });

    it('reads [name] in the config file only for default', () => {
      t.write('.aws/config', '[default]\nregion = d\n[dev]\nregion = not-a-profile\n');
      assert.equal(loadProfile('default', { env: { HOME: t.home } }).settings.region, 'd');
      assert.throws(() => loadProfile('dev', { env: { HOME: t.home } }), ProfileNotFoundError);
    });

    it('throws ProfileNotFoundError for a missing explicit profile', () => {
      assert.throws(
        () => loadProfile('ghost', { env: { HOME: t.home } }),
        (error: unknown) => {
          assert.ok(error instanceof ProfileNotFoundError);
          assert.ok(error instanceof ConfigurationError);
          assert.equal(error.name, 'ProfileNotFoundError');
          assert.equal(error.message, 'The config profile (ghost) could not be found');
          assert.equal(error.profile, 'ghost');
          return true;
        },
      );
      assert.throws(() => loadProfile('default', { env: { HOME: t.home }, explicit: true }), ProfileNotFoundError);
    });

    it('returns an empty profile for a missing default profile', () => {
      const profile = loadProfile('default', { env: { HOME: t.home } });
      assert.deepEqual([profile.exists, { ...profile.settings }, { ...profile.services }], [false, {}, {}]);
    });

    it('reads neither file when useSharedFiles is false', () => {
      t.write('.aws/config', '[profile dev]\nregion = r\n');
      const profile = loadProfile('dev', { env: { HOME: t.home }, useSharedFiles: false });
      assert.deepEqual([profile.exists, { ...profile.settings }], [false, {}]);
    });

    it('honours AWS_CONFIG_FILE and AWS_SHARED_CREDENTIALS_FILE', () => {
      t.write('.aws/config', '[profile dev]\nregion = wrong\n');
      const config = t.write('custom/config', '[profile dev]\nregion = right\n');
      const credentials = t.write('custom/creds', '[dev]\naws_session_token = tok\n');
      const profile = loadProfile('dev', { env: { HOME: t.home, AWS_CONFIG_FILE: config, AWS_SHARED_CREDENTIALS_FILE: credentials } });
      assert.deepEqual({ ...profile.settings }, { region: 'right', aws_session_token: 'tok' });
    });

    it('attaches the services section the profile names', () => {
      t.write(
        '.aws/config',
        '[profile dev]\nservices = local\n[services local]\nkendra =\n  endpoint_url = http://127.0.0.1:4599\nmobile =\n  endpoint_url = http://m\n',
      );
      const profile = loadProfile('dev', { env: { HOME: t.home } });
      assert.deepEqual(JSON.parse(JSON.stringify(profile.services)), {
        kendra: { endpoint_url: 'http://127.0.0.1:4599' },
        mobile: { endpoint_url: 'http://m' },
      });
    });

    it('rejects a services name with no such section, naming the file', () => {
      const path = t.write('.aws/config', '[default]\nservices = missing\n');
      assert.throws(() => loadProfile('default', { env: { HOME: t.home } }), {
        name: 'ConfigurationError',
        message: `The profile default uses services section "missing", which ${path} does not define`,
      });
    });
  });
});
