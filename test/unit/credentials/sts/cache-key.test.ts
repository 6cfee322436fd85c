import assert from 'node:assert/strict';
import { assumeRoleCacheKey } from '../../../../src/lib/credentials/cache/cache-key.js';
import { CACHE_KEY_CASES } from './cache-key-cases.js';

describe('assumeRoleCacheKey', () => {
  // The same keys are compared with the installed botocore in cache-key.compat.test.ts (npm run test:compat).
  it('is the SHA-1 of Python’s sorted json.dumps of the arguments (keys botocore 1.43 gives)', () => {
    assert.deepEqual(
      CACHE_KEY_CASES.map((args) => assumeRoleCacheKey(args)),
      ['af854889538ac1a069a8274d5ee4dc500f8b1f91', 'e0d5c079dc753e89e7abab2efa6f4683b5d916e1', '376def609fa9b02f71ccb0544c9194a867eeb9b9'],
    );
    assert.notEqual(assumeRoleCacheKey(CACHE_KEY_CASES[0]!), assumeRoleCacheKey({ ...CACHE_KEY_CASES[0]!, DurationSeconds: 900 }));
  });
});
