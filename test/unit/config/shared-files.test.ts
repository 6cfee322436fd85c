import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { ConfigurationError } from '../../../src/lib/errors/configuration-error.js';
import { loadSharedConfig } from '../../../src/lib/config/shared-config.js';
import { readIniFile, sharedFilePaths } from '../../../src/lib/config/shared-files.js';
import { makeTempHome, type TempHome } from './temp-home.js';

describe('shared files', () => {
  let t: TempHome;
  beforeEach(() => {
    t = makeTempHome();
  });
  afterEach(() => t.cleanup());

  describe('sharedFilePaths', () => {
    it('defaults to ~/.aws/config and ~/.aws/credentials under the env HOME', () => {
      assert.deepEqual(sharedFilePaths({ env: { HOME: t.home } }), {
        configFile: join(t.home, '.aws', 'config'),
        credentialsFile: join(t.home, '.aws', 'credentials'),
      });
    });

    it('prefers the homedir option over HOME, and USERPROFILE when HOME is unset', () => {
      assert.equal(sharedFilePaths({ env: { HOME: '/nope' }, homedir: t.home }).configFile, join(t.home, '.aws', 'config'));
      assert.equal(sharedFilePaths({ env: { USERPROFILE: t.home } }).credentialsFile, join(t.home, '.aws', 'credentials'));
    });

    it('uses AWS_CONFIG_FILE and AWS_SHARED_CREDENTIALS_FILE, expanding ~', () => {
      const paths = sharedFilePaths({
        env: { HOME: t.home, AWS_CONFIG_FILE: '~/elsewhere/cfg', AWS_SHARED_CREDENTIALS_FILE: '/abs/creds' },
      });
      assert.deepEqual(paths, { configFile: join(t.home, 'elsewhere', 'cfg'), credentialsFile: '/abs/creds' });
    });
  });

  describe('readIniFile', () => {
    it('returns null for a missing file (and a missing directory)', () => {
      assert.equal(readIniFile(join(t.home, 'nothing')), null);
      assert.equal(readIniFile(join(t.home, 'no', 'such', 'file')), null);
    });

    it('finds a missing file without an error thrown (every CLI run without ~/.aws stats both files)', () => {
      const fs = createRequire(import.meta.url)('node:fs') as { statSync: typeof import('node:fs').statSync };
      const realStat = fs.statSync;
      let thrown = 0;
      fs.statSync = ((...args: Parameters<typeof realStat>) => {
        try {
          return realStat(...args);
        } catch (error) {
          thrown++;
          throw error;
        }
      }) as typeof realStat;
      syncBuiltinESMExports();
      try {
        assert.equal(readIniFile(join(t.home, 'nothing')), null);
        assert.equal(Object.keys(loadSharedConfig({ env: { HOME: t.home } }).credentialProfiles).length, 0);
      } finally {
        fs.statSync = realStat;
        syncBuiltinESMExports();
      }
      assert.equal(thrown, 0);
    });

    it('names the file when it cannot be read', () => {
      const dir = join(t.home, '.aws', 'config');
      mkdirSync(dir, { recursive: true });
      assert.throws(
        () => readIniFile(dir),
        (error: unknown) => {
          assert.ok(error instanceof ConfigurationError);
          assert.equal(error.message, `Unable to read ${dir}: it is a directory, not a regular file`);
          return true;
        },
      );
    });

    it('names the file when it is malformed', () => {
      const path = t.write('.aws/config', 'not an ini file\n');
      assert.throws(() => readIniFile(path), { name: 'ConfigurationError', message: new RegExp(`^Unable to parse ${path}, line 1:`) });
    });

    it('caches the parsed file until it changes', () => {
      const path = t.write('.aws/config', '[default]\nregion = a\n');
      const first = readIniFile(path);
      assert.equal(readIniFile(path), first, 'an unchanged file is not parsed again');
      t.write('.aws/config', '[default]\nregion = b\n');
      const second = readIniFile(path);
      assert.notEqual(second, first);
      assert.equal(second!.default!.settings.region, 'b');
    });
  });

  describe('loadSharedConfig', () => {
    it('maps config-file sections to profiles and services the way the AWS CLI does', () => {
      t.write(
        '.aws/config',
        [
          '[default]',
          'region = from-plain-default',
          '[profile dev]',
          'region = dev-region',
          '[profile "with space"]',
          'region = spaced',
          '[plain]',
          'region = ignored-without-profile-prefix',
          '[profile]',
          'region = ignored-no-name',
          '[services local]',
          'kendra =',
          '  endpoint_url = http://k',
        ].join('\n'),
      );
      t.write('.aws/credentials', '[plain]\naws_access_key_id = AKID\n[default]\naws_access_key_id = D\n');
      const shared = loadSharedConfig({ env: { HOME: t.home } });
      assert.deepEqual(Object.keys(shared.configProfiles).sort(), ['default', 'dev', 'with space']);
      assert.equal(shared.configProfiles['with space']!.settings.region, 'spaced');
      assert.deepEqual(Object.keys(shared.services), ['local']);
      assert.equal(shared.services.local!.subsections.kendra!.endpoint_url, 'http://k');
      assert.deepEqual(Object.keys(shared.credentialProfiles).sort(), ['default', 'plain']);
    });

    it('prefers [profile default] over [default] in the config file', () => {
      t.write('.aws/config', '[profile default]\nregion = prefixed\n[default]\nregion = plain\n');
      assert.equal(loadSharedConfig({ env: { HOME: t.home } }).configProfiles.default!.settings.region, 'prefixed');
    });

    it('treats missing files as empty', () => {
      const shared = loadSharedConfig({ env: { HOME: t.home } });
      assert.deepEqual(
        [shared.configProfiles, shared.services, shared.credentialProfiles].map((o) => Object.keys(o)),
        [[], [], []],
      );
    });
  });
});
