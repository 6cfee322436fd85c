import assert from 'node:assert/strict';
import { search } from '@jmespath-community/jmespath';
import fc from 'fast-check';
import { preparePaths, searchPath } from '../../../src/lib/client/jmespath-path.js';

describe('searchPath', () => {
  it('reads member paths without the JMESPath engine, exactly as the engine reads them', () => {
    const key = fc.constantFrom('A', 'b', 'Items', '_x1', 'constructor', 'length');
    const path = fc.array(key, { minLength: 1, maxLength: 3 }).map((keys) => keys.join('.'));
    fc.assert(
      fc.property(fc.jsonValue(), path, (data, expression) => {
        assert.deepEqual(searchPath(data, expression), search(data as never, expression));
      }),
      { numRuns: 500 },
    );
    assert.deepEqual(searchPath({ A: { b: [1, 2] } }, 'A.b'), [1, 2]);
    assert.equal(searchPath({ A: [{ b: 1 }] }, 'A.b'), null);
    assert.equal(searchPath({ A: false }, 'A'), false);
  });

  it('loads the engine for any other expression once preparePaths has seen it', async () => {
    await preparePaths(['Contents', undefined, 'Contents[-1].Key']);
    assert.equal(searchPath({ Contents: [{ Key: 'a' }, { Key: 'b' }] }, 'Contents[-1].Key'), 'b');
    assert.deepEqual(searchPath({ Items: [{ Id: 1 }, { Id: 2 }] }, 'Items[].Id'), [1, 2]);
  });
});
