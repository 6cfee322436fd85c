import assert from 'node:assert/strict';
import { ConfigurationError } from '../../../src/lib/errors/configuration-error.js';
import { fromSharedConfigFile } from '../../../src/lib/credentials/from-shared-config-file.js';
import { fromSharedCredentialsFile } from '../../../src/lib/credentials/from-shared-credentials-file.js';
import { FAKE_SECRET, assertNoSecret, makeTempHome, type TempHome } from '../config/temp-home.js';

describe('shared file credential providers', () => {
  let t: TempHome;
  beforeEach(() => {
    t = makeTempHome();
  });
  afterEach(() => t.cleanup());

  it('fromSharedCredentialsFile reads [name] of the credentials file', async () => {
    t.write(
      '.aws/credentials',
      `[default]\naws_access_key_id = DEF\naws_secret_access_key = ${FAKE_SECRET}\n[dev]\nAWS_ACCESS_KEY_ID = DEV\naws_secret_access_key = s2\naws_session_token = t2\n`,
    );
    const env = { HOME: t.home };
    assert.deepEqual(await fromSharedCredentialsFile('default', { env })(), { key: 'DEF', secret: FAKE_SECRET, source: 'shared-credentials-file' });
    assert.deepEqual(await fromSharedCredentialsFile('dev', { env })(), { key: 'DEV', secret: 's2', token: 't2', source: 'shared-credentials-file' });
    assert.equal(await fromSharedCredentialsFile('other', { env })(), null);
  });

  it('fromSharedConfigFile reads [profile name] and [default] of the config file, not [name]', async () => {
    t.write(
      '.aws/config',
      '[default]\naws_access_key_id = DEF\naws_secret_access_key = s\n[profile dev]\naws_access_key_id = DEV\naws_secret_access_key = s\n[plain]\naws_access_key_id = P\naws_secret_access_key = s\n',
    );
    const env = { HOME: t.home };
    assert.equal((await fromSharedConfigFile('default', { env })())!.key, 'DEF');
    assert.equal((await fromSharedConfigFile('dev', { env })())!.key, 'DEV');
    assert.equal((await fromSharedConfigFile('dev', { env })())!.source, 'config-file');
    assert.equal(await fromSharedConfigFile('plain', { env })(), null);
  });

  it('returns null when the files do not exist, and follows the path variables', async () => {
    const env = { HOME: t.home };
    assert.equal(await fromSharedCredentialsFile('default', { env })(), null);
    assert.equal(await fromSharedConfigFile('default', { env })(), null);
    const creds = t.write('elsewhere/creds', '[default]\naws_access_key_id = E\naws_secret_access_key = s\n');
    const config = t.write('elsewhere/config', '[default]\naws_access_key_id = C\naws_secret_access_key = s\n');
    const moved = { HOME: t.home, AWS_SHARED_CREDENTIALS_FILE: creds, AWS_CONFIG_FILE: config };
    assert.equal((await fromSharedCredentialsFile('default', { env: moved })())!.key, 'E');
    assert.equal((await fromSharedConfigFile('default', { env: moved })())!.key, 'C');
  });

  it('rejects partial credentials, naming profile and file but not the secret', async () => {
    const path = t.write('.aws/credentials', `[dev]\naws_secret_access_key = ${FAKE_SECRET}\n`);
    await assert.rejects(fromSharedCredentialsFile('dev', { env: { HOME: t.home } })(), (error: unknown) => {
      assert.ok(error instanceof ConfigurationError);
      assert.equal(error.message, `Partial credentials in profile dev in ${path}: aws_access_key_id is missing`);
      assertNoSecret(error);
      return true;
    });
  });

  it('rejects a malformed file without showing its content', async () => {
    t.write('.aws/credentials', `[dev]\n${FAKE_SECRET}\n`);
    await assert.rejects(fromSharedCredentialsFile('dev', { env: { HOME: t.home } })(), (error: unknown) => {
      assert.ok(error instanceof ConfigurationError);
      assert.match(error.message, /^Unable to parse .*credentials, line 2:/);
      assertNoSecret(error);
      return true;
    });
  });
});
