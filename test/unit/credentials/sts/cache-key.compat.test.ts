import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { assumeRoleCacheKey } from '../../../../src/lib/credentials/cache/cache-key.js';
import { CACHE_KEY_CASES } from './cache-key-cases.js';

describe('assumeRoleCacheKey against botocore', () => {
  it('matches the key the installed botocore (and so the AWS CLI) computes', () => {
    const script = [
      'import json, sys',
      'from botocore.credentials import AssumeRoleCredentialFetcher',
      'for args in json.load(sys.stdin):',
      '    role = args.pop("RoleArn")',
      '    print(AssumeRoleCredentialFetcher(None, None, role, extra_args=args)._cache_key)',
    ].join('\n');
    const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(CACHE_KEY_CASES), encoding: 'utf8' });
    assert.equal(run.status, 0, `python3 with botocore failed: ${run.stderr}`);
    assert.deepEqual(
      CACHE_KEY_CASES.map((args) => assumeRoleCacheKey(args)),
      run.stdout.trim().split('\n'),
    );
  });
});
