import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { encodeToken } from '../../../src/lib/client/pagination-token.js';

/** Encodes each token dict with real botocore's TokenEncoder. */
function botocoreEncode(tokens: Array<Record<string, unknown>>): string[] {
  const script = 'import json,sys\nfrom botocore.paginate import TokenEncoder\nprint(json.dumps([TokenEncoder().encode(t) for t in json.load(sys.stdin)]))';
  return JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(tokens) }).toString());
}

describe('pagination tokens against botocore', () => {
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
});
