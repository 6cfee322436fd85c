import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { decodeToken, encodeToken, pythonJson } from '../../../src/lib/client/pagination-token.js';

/** Encodes each token dict with real botocore's TokenEncoder. */
function botocoreEncode(tokens: Array<Record<string, unknown>>): string[] {
  const script = 'import json,sys\nfrom botocore.paginate import TokenEncoder\nprint(json.dumps([TokenEncoder().encode(t) for t in json.load(sys.stdin)]))';
  return JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(tokens) }).toString());
}

describe('pagination tokens', () => {
  it('encodes exactly as botocore does, including non-ASCII and truncation amounts', () => {
    const samples = [
      { NextToken: 'abc' },
      { NextToken: 'abc', boto_truncate_amount: 2 },
      { NextToken: null, boto_truncate_amount: 1 },
      { NextToken: 'h\u00e9llo \u{1F600} "q" \\ \u007f\n', boto_truncate_amount: 10 },
      { Marker: 'm', KeyMarker: 'k' },
      { PageNumber: 3, boto_truncate_amount: 1 },
    ];
    const ours = samples.map(({ boto_truncate_amount: skip, ...tokens }) => encodeToken(tokens, skip));
    assert.deepEqual(ours, botocoreEncode(samples));
  });

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
