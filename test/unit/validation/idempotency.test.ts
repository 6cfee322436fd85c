import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fillIdempotencyTokens, uuidV4FromBytes } from '../../../src/lib/validation/idempotency.js';
import { loadModel } from '../model/models.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency tokens', () => {
  const search = loadModel('search');
  const createIndex = search.operation('CreateIndex')!;

  it('fills an absent token with a random UUID v4, in a copy', () => {
    const input = { Name: 'n' };
    const out = fillIdempotencyTokens(createIndex, input);
    assert.notEqual(out, input);
    assert.deepEqual(input, { Name: 'n' }, 'the input is not mutated');
    assert.match(out.ClientToken as string, UUID_V4);
    assert.equal(out.Name, 'n');
    assert.notEqual(fillIdempotencyTokens(createIndex, input).ClientToken, out.ClientToken);
  });

  it('fills a null token too', () => {
    assert.match(fillIdempotencyTokens(createIndex, { ClientToken: null }).ClientToken as string, UUID_V4);
  });

  it('keeps a supplied token and returns the input itself when nothing is filled', () => {
    const input = { Name: 'n', ClientToken: 'mine' };
    assert.equal(fillIdempotencyTokens(createIndex, input), input);
    const query = { IndexId: 'i' };
    assert.equal(fillIdempotencyTokens(search.operation('Query')!, query), query);
  });

  it('builds the UUID from the given random bytes', () => {
    const sizes: number[] = [];
    const out = fillIdempotencyTokens(createIndex, {}, (size) => {
      sizes.push(size);
      return new Uint8Array(size).fill(0xff);
    });
    assert.deepEqual(sizes, [16]);
    assert.equal(out.ClientToken, 'ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('formats any 16 bytes as a v4 UUID with the version and variant bits set', () => {
    assert.equal(uuidV4FromBytes(new Uint8Array(16)), '00000000-0000-4000-8000-000000000000');
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        const uuid = uuidV4FromBytes(bytes);
        assert.match(uuid, UUID_V4);
        const hex = uuid.replace(/-/g, '');
        // Every bit except the 4 version and 2 variant bits comes from the input.
        assert.equal(hex.slice(0, 12), Buffer.from(bytes.subarray(0, 6)).toString('hex'));
        assert.equal(hex.slice(18), Buffer.from(bytes.subarray(9)).toString('hex'));
      }),
    );
  });

  it('rejects a byte source that returns fewer than 16 bytes', () => {
    assert.throws(() => fillIdempotencyTokens(createIndex, {}, () => new Uint8Array(8)), /16 random bytes/);
  });
});
