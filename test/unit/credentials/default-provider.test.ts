import assert from 'node:assert/strict';
import { ConfigurationError } from '../../../src/lib/errors/configuration-error.js';
import { ProfileNotFoundError } from '../../../src/lib/errors/profile-not-found-error.js';
import { CredentialsNotFoundError } from '../../../src/lib/errors/credentials-not-found-error.js';
import { defaultProvider } from '../../../src/lib/credentials/default-provider.js';
import { resolveCredentialsOption } from '../../../src/lib/credentials/resolve-credentials-option.js';
import { FAKE_SECRET, assertNoSecret, makeTempHome, type TempHome } from '../config/temp-home.js';
import { writeCredentialScript } from './credential-script.js';

const ENV_KEYS = { AWS_ACCESS_KEY_ID: 'FROM_ENV', AWS_SECRET_ACCESS_KEY: 'env-secret' };

describe('default credential chain', function () {
  this.timeout(10_000);
  let t: TempHome;
  beforeEach(() => {
    t = makeTempHome();
    t.write(
      '.aws/credentials',
      '[default]\naws_access_key_id = CREDS_DEFAULT\naws_secret_access_key = s\n[dev]\naws_access_key_id = CREDS_DEV\naws_secret_access_key = s\n',
    );
    t.write(
      '.aws/config',
      '[default]\naws_access_key_id = CONFIG_DEFAULT\naws_secret_access_key = s\n[profile cfg]\naws_access_key_id = CONFIG_CFG\naws_secret_access_key = s\n',
    );
  });
  afterEach(() => t.cleanup());

  const keyOf = async (provider: ReturnType<typeof defaultProvider> | null): Promise<string | undefined> => (await provider!())?.key;

  describe('defaultProvider', () => {
    it('uses environment keys first, then the credentials file, then the config file', async () => {
      assert.equal(await keyOf(defaultProvider({ env: { HOME: t.home, ...ENV_KEYS } })), 'FROM_ENV');
      assert.equal(await keyOf(defaultProvider({ env: { HOME: t.home } })), 'CREDS_DEFAULT');
      assert.equal(await keyOf(defaultProvider({ env: { HOME: t.home, AWS_PROFILE: 'cfg' } })), 'CONFIG_CFG');
    });

    it('falls back to credential_process last', async () => {
      const command = writeCredentialScript(t);
      t.write('.aws/config', `[profile proc]\ncredential_process = ${command('ok')}\n`);
      assert.equal(await keyOf(defaultProvider({ env: { HOME: t.home, AWS_PROFILE: 'proc' } })), 'AKID1');
    });

    it('AWS_PROFILE picks the profile, but environment keys still come first', async () => {
      assert.equal(await keyOf(defaultProvider({ env: { HOME: t.home, AWS_PROFILE: 'dev' } })), 'CREDS_DEV');
      assert.equal(await keyOf(defaultProvider({ env: { HOME: t.home, AWS_PROFILE: 'dev', ...ENV_KEYS } })), 'FROM_ENV');
      assert.equal(await keyOf(defaultProvider({ env: { HOME: t.home, AWS_DEFAULT_PROFILE: 'dev' } })), 'CREDS_DEV');
    });

    it('the profile option beats environment keys (they are skipped)', async () => {
      const env = { HOME: t.home, AWS_PROFILE: 'cfg', ...ENV_KEYS };
      assert.equal(await keyOf(defaultProvider({ profile: 'dev', env })), 'CREDS_DEV');
    });

    it('reads no file with useSharedFiles: false', async () => {
      assert.equal(await keyOf(defaultProvider({ env: { HOME: t.home, ...ENV_KEYS }, useSharedFiles: false })), 'FROM_ENV');
      await assert.rejects(defaultProvider({ env: { HOME: t.home, AWS_EC2_METADATA_DISABLED: 'true' }, useSharedFiles: false })(), CredentialsNotFoundError);
    });

    it('honours AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE', async () => {
      const credentials = t.write('x/creds', '[default]\naws_access_key_id = MOVED\naws_secret_access_key = s\n');
      assert.equal(await keyOf(defaultProvider({ env: { HOME: t.home, AWS_SHARED_CREDENTIALS_FILE: credentials } })), 'MOVED');
      const config = t.write('x/config', '[profile only]\naws_access_key_id = MOVED_CONFIG\naws_secret_access_key = s\n');
      assert.equal(await keyOf(defaultProvider({ env: { HOME: t.home, AWS_CONFIG_FILE: config, AWS_PROFILE: 'only' } })), 'MOVED_CONFIG');
    });

    it('fails with ProfileNotFoundError for a missing named profile, CredentialsNotFoundError when nothing is set', async () => {
      await assert.rejects(defaultProvider({ profile: 'ghost', env: { HOME: t.home } })(), ProfileNotFoundError);
      await assert.rejects(defaultProvider({ env: { HOME: t.home, AWS_PROFILE: 'ghost' } })(), ProfileNotFoundError);
      const empty = makeTempHome();
      try {
        await assert.rejects(defaultProvider({ env: { HOME: empty.home, AWS_EC2_METADATA_DISABLED: 'true' } })(), CredentialsNotFoundError);
      } finally {
        empty.cleanup();
      }
    });

    it('is memoized', async () => {
      const env: Record<string, string> = { HOME: t.home, ...ENV_KEYS };
      const provider = defaultProvider({ env });
      assert.equal(await keyOf(provider), 'FROM_ENV');
      env.AWS_ACCESS_KEY_ID = 'CHANGED';
      assert.equal(await keyOf(provider), 'FROM_ENV');
    });
  });

  describe('resolveCredentialsOption', () => {
    const context = (): { env: Record<string, string> } => ({ env: { HOME: t.home, ...ENV_KEYS } });

    it('object → static credentials', async () => {
      assert.deepEqual(await resolveCredentialsOption({ key: 'K', secret: FAKE_SECRET, token: 'T' }, context())!(), {
        key: 'K',
        secret: FAKE_SECRET,
        token: 'T',
      });
    });

    it('false → null (anonymous); undefined → the default chain; function → called', async () => {
      assert.equal(resolveCredentialsOption(false, context()), null);
      assert.equal(await keyOf(resolveCredentialsOption(undefined, context())), 'FROM_ENV');
      assert.equal(await keyOf(resolveCredentialsOption(() => ({ key: 'FN', secret: 's' }), context())), 'FN');
      assert.equal(await resolveCredentialsOption(async () => null, context())!(), null);
    });

    it('ignores credentials when the profile option is set, using only that profile (no env keys)', async () => {
      const provider = resolveCredentialsOption({ key: 'IGNORED', secret: 's' }, { ...context(), profile: 'dev' });
      assert.equal(await keyOf(provider), 'CREDS_DEV');
      assert.equal(await keyOf(resolveCredentialsOption('not even valid', { ...context(), profile: 'cfg' })), 'CONFIG_CFG');
      await assert.rejects(resolveCredentialsOption(undefined, { ...context(), profile: 'ghost' })!(), ProfileNotFoundError);
    });

    it('rejects invalid values, naming the option, never the secret', () => {
      const expectOptionError = (fn: () => unknown, option: string): void => {
        assert.throws(fn, (error: unknown) => {
          assert.ok(error instanceof ConfigurationError);
          assert.equal(error.option, option);
          assert.match(error.message, new RegExp(`\\b${option}\\b`));
          assertNoSecret(error);
          return true;
        });
      };
      for (const value of [true, null, 'AKID:secret', 42, ['K', FAKE_SECRET], { key: 'K' }, { key: 'K', secret: FAKE_SECRET, extra: 1 }]) {
        expectOptionError(() => resolveCredentialsOption(value, context()), 'credentials');
      }
      expectOptionError(() => resolveCredentialsOption(undefined, { ...context(), profile: '' }), 'profile');
      expectOptionError(() => resolveCredentialsOption(undefined, { ...context(), profile: 'dev', useSharedFiles: false }), 'profile');
    });
  });
});
