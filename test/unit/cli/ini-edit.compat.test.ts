import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { setIniValue } from '../../../src/lib/cli/settings/ini-edit.js';
import { ORIGINAL } from './ini-sample.js';

/** What botocore (configparser, as the AWS CLI reads the file) sees. */
function botocoreView(text: string): Record<string, Record<string, string>> {
  const script =
    'import configparser,json,sys\np=configparser.RawConfigParser()\np.read_string(sys.stdin.read())\nprint(json.dumps({s: dict(p.items(s)) for s in p.sections()}))';
  return JSON.parse(execFileSync('python3', ['-c', script], { input: text, encoding: 'utf8' }));
}

describe('cli profile writing, as botocore reads it', () => {
  it('adds nested entries and new sections that configparser understands', () => {
    let text = setIniValue(ORIGINAL, 'profile dev', 'region', 'ap-south-1');
    text = setIniValue(text, 'profile dev', 'mobile', '2017-07-01', 'api_versions');
    text = setIniValue(text, 'profile dev', 'kendra', 'latest', 'api_versions');
    const botocore = botocoreView(text);
    assert.equal(
      botocore['profile dev']!.api_versions!.trim()
        .split('\n')
        .map((line) => line.trim())
        .sort()
        .join(','),
      'kendra = latest,mobile = 2017-07-01',
    );
    assert.equal(botocore['profile dev']!.region, 'ap-south-1');
    assert.equal(botocore.default!.region, 'us-east-1');
  });
});
