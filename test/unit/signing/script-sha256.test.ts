import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { sha256Hex, hmacSha256Digest } from '../../../src/lib/signing/digest.js';
import { hmacSha256, sha256 } from '../../../src/lib/signing/script-sha256.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('SHA-256 and HMAC-SHA-256 in script', () => {
  it('gives the FIPS 180-4 and RFC 4231 test values', () => {
    assert.equal(hex(sha256(new Uint8Array())), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    assert.equal(hex(sha256(Buffer.from('abc'))), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.equal(
      hex(sha256(Buffer.from('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))),
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    // RFC 4231 test cases 2 (short key) and 6 (a key longer than the block).
    assert.equal(
      hex(hmacSha256(Buffer.from('Jefe'), Buffer.from('what do ya want for nothing?'))),
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    assert.equal(
      hex(hmacSha256(new Uint8Array(131).fill(0xaa), Buffer.from('Test Using Larger Than Block-Size Key - Hash Key First'))),
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    );
  });

  it('agrees with node:crypto on any input, across block boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 200 }), (key, data) => {
        assert.equal(hex(sha256(data)), createHash('sha256').update(data).digest('hex'));
        assert.equal(hex(hmacSha256(key, data)), createHmac('sha256', key).update(data).digest('hex'));
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same digests as node:crypto whichever of the two computes them', () => {
    // The first digests of a process are computed in script, the later ones by node:crypto.
    for (let i = 0; i < 40; i++) {
      const text = `request ${i} ☃ ${'x'.repeat(i * 7)}`;
      assert.equal(sha256Hex(text), createHash('sha256').update(text, 'utf8').digest('hex'));
      assert.equal(sha256Hex(Buffer.from(text)), createHash('sha256').update(text, 'utf8').digest('hex'));
      assert.deepEqual(hmacSha256Digest(`key ${i}`, text), createHmac('sha256', `key ${i}`).update(text, 'utf8').digest());
    }
    const large = 'y'.repeat(2000);
    assert.equal(sha256Hex(large), createHash('sha256').update(large).digest('hex'));
  });
});
