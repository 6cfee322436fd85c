import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { assumeRoleCacheKey } from '../../../../src/lib/credentials/cache/cache-key.js';

const CASES: Array<Record<string, string | number>> = [
  { RoleArn: 'arn:aws:iam::123456789012:role/dev' },
  { RoleArn: 'arn:aws:iam::123456789012:role/dev', RoleSessionName: 'me', ExternalId: 'ext-42', SerialNumber: 'arn:aws:iam::123456789012:mfa/me', DurationSeconds: 3600 },
  { RoleArn: 'arn:aws:iam::123456789012:role/ünïcode', RoleSessionName: 'tab\there "quoted" \\ 😀' },
];

/** botocore's own key for the same arguments, from the installed botocore (null when there is none). */
function botocoreKeys(): string[] | null {
  const script = [
    'import json, sys',
    'from botocore.credentials import AssumeRoleCredentialFetcher',
    'for args in json.load(sys.stdin):',
    '    role = args.pop("RoleArn")',
    '    print(AssumeRoleCredentialFetcher(None, None, role, extra_args=args)._cache_key)',
  ].join('\n');
  const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(CASES), encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim().split('\n') : null;
}

describe('assumeRoleCacheKey', () => {
  it('is the SHA-1 of Python’s sorted json.dumps of the arguments (keys botocore 1.43 gives)', () => {
    assert.deepEqual(CASES.map((args) => assumeRoleCacheKey(args)), [
      'af854889538ac1a069a8274d5ee4dc500f8b1f91',
      'e0d5c079dc753e89e7abab2efa6f4683b5d916e1',
      '376def609fa9b02f71ccb0544c9194a867eeb9b9',
    ]);
    assert.notEqual(assumeRoleCacheKey(CASES[0]!), assumeRoleCacheKey({ ...CASES[0]!, DurationSeconds: 900 }));
  });

  it('matches the key botocore (and so the AWS CLI) computes, where botocore is installed', function () {
    const expected = botocoreKeys();
    if (!expected) this.skip();
    assert.deepEqual(CASES.map((args) => assumeRoleCacheKey(args)), expected);
  });
});
