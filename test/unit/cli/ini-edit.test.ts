import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseIniDocument } from '../../../src/lib/config/ini-document.js';
import { setIniValue, updateIniFile } from '../../../src/lib/cli/settings/ini-edit.js';
import { saveProfileSetting } from '../../../src/lib/cli/settings/profile-store.js';
import { ORIGINAL } from './ini-sample.js';

describe('cli profile writing', () => {
  it('replaces a value in place and keeps comments and other sections', () => {
    const text = setIniValue(ORIGINAL, 'default', 'region', 'eu-west-1');
    assert.equal(text, ORIGINAL.replace('region = us-east-1', 'region = eu-west-1'));
  });

  it('adds keys, nested entries and new sections that both readers understand', () => {
    let text = setIniValue(ORIGINAL, 'profile dev', 'region', 'ap-south-1');
    text = setIniValue(text, 'profile dev', 'mobile', '2017-07-01', 'api_versions');
    text = setIniValue(text, 'profile dev', 'kendra', 'latest', 'api_versions');
    text = setIniValue(text, 'profile new', 'output', 'yaml');
    const doc = parseIniDocument(text, 'config');
    assert.equal(doc['profile dev']!.settings.region, 'ap-south-1');
    assert.deepEqual({ ...doc['profile dev']!.subsections.api_versions }, { kendra: 'latest', mobile: '2017-07-01' });
    assert.equal(doc['profile new']!.settings.output, 'yaml');
    assert.match(text, /^# my settings\n/);
    assert.match(text, /; trailing comment/);
  });

  it('quotes values the ini package would read differently', () => {
    const text = setIniValue('', 'default', 'note', 'a;b');
    assert.equal(parseIniDocument(text, 'config').default!.settings.note, 'a;b');
  });

  it('writes credentials with mode 0600 and settings to the config file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-ini-'));
    try {
      const env = { HOME: dir };
      const credentials = saveProfileSetting('default', 'aws_secret_access_key', 'S3CR3T', env);
      const config = saveProfileSetting('ci', 'region', 'eu-north-1', env);
      saveProfileSetting('ci', 'api_versions.kendra', '2019-02-03', env);
      assert.equal(credentials, join(dir, '.aws', 'credentials'));
      assert.equal(statSync(credentials).mode & 0o777, 0o600);
      assert.equal(statSync(join(dir, '.aws')).mode & 0o777, 0o700);
      assert.equal(readFileSync(credentials, 'utf8'), '[default]\naws_secret_access_key = S3CR3T\n');
      assert.equal(readFileSync(config, 'utf8'), '[profile ci]\nregion = eu-north-1\napi_versions =\n    kendra = 2019-02-03\n');
      updateIniFile(credentials, (text) => setIniValue(text, 'other', 'aws_access_key_id', 'AK'), 0o600);
      assert.match(readFileSync(credentials, 'utf8'), /\[default\][\s\S]*\[other\]\naws_access_key_id = AK\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('changes [profile default] when the file uses that form', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-ini-'));
    try {
      const env = { HOME: dir };
      saveProfileSetting('default', 'output', 'json', env);
      writeFileSync(join(dir, '.aws', 'config'), '[profile default]\nregion = us-west-2\n');
      saveProfileSetting('default', 'region', 'us-east-2', env);
      assert.equal(readFileSync(join(dir, '.aws', 'config'), 'utf8'), '[profile default]\nregion = us-east-2\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
