import { strict as assert } from 'node:assert';
import { encodePageToken, readPageToken } from '../../../src/lib/local/protocol/page-token.js';

const isCount = (value: unknown): value is number => Number.isInteger(value);

describe('local protocol: page tokens', () => {
  it('gives back the position of a token of the same listing', () => {
    const token = encodePageToken('ListFaqs:index-1', 20);
    assert.match(token, /^[A-Za-z0-9_-]+$/);
    assert.equal(readPageToken(token, 'ListFaqs:index-1', isCount), 20);
    assert.deepEqual(
      readPageToken(encodePageToken('projects', { at: 'x' }), 'projects', (v): v is object => typeof v === 'object'),
      { at: 'x' },
    );
  });

  it('refuses a token of another listing, a position the listing does not accept, and garbage', () => {
    assert.equal(readPageToken(encodePageToken('ListFaqs:index-1', 20), 'ListFaqs:index-2', isCount), undefined);
    assert.equal(readPageToken(encodePageToken('ListFaqs:index-1', 'twenty'), 'ListFaqs:index-1', isCount), undefined);
    for (const garbage of ['', 'not a token', Buffer.from('null').toString('base64url'), Buffer.from('[1]').toString('base64url')]) {
      assert.equal(readPageToken(garbage, 'ListFaqs:index-1', isCount), undefined, garbage);
    }
  });
});
