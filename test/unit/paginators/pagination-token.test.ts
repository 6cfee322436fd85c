import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { decodeToken, encodeToken, pythonJson } from '../../../src/lib/client/pagination-token.js';

describe('pagination tokens', () => {
  it('round-trips any string token and truncation amount', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.nat(), { nil: undefined }), (token, skip) => {
        assert.deepEqual(decodeToken(encodeToken({ NextToken: token }, skip), ['NextToken']), { tokens: { NextToken: token }, skip: skip ?? 0 });
      }),
    );
  });

  it('reads the legacy and raw forms like botocore', () => {
    assert.deepEqual(decodeToken('raw-service-token', ['NextToken']), { tokens: { NextToken: 'raw-service-token' }, skip: 0 });
    assert.deepEqual(decodeToken('tok___4', ['NextToken']), { tokens: { NextToken: 'tok' }, skip: 4 });
    assert.deepEqual(decodeToken('a___None', ['A', 'B']), { tokens: { A: 'a', B: null }, skip: 0 });
    // A service token that is base64 JSON of other keys is taken as a service token.
    const foreign = Buffer.from('{"offset": 10}').toString('base64');
    assert.deepEqual(decodeToken(foreign, ['NextToken']), { tokens: { NextToken: foreign }, skip: 0 });
    assert.throws(() => decodeToken('a___b___c', ['NextToken']), /at most 1/);
  });

  it('writes JSON as Python json.dumps does', () => {
    assert.equal(pythonJson({ a: [1, 'x'], b: { c: null } }), '{"a": [1, "x"], "b": {"c": null}}');
  });
});
