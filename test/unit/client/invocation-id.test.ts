import assert from 'node:assert/strict';
import { invocationId } from '../../../src/lib/client/invocation-id.js';

describe('invocationId', () => {
  it('is a version 4 UUID of the RFC 4122 variant, new on every call', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const id = invocationId();
      assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      seen.add(id);
    }
    assert.equal(seen.size, 5000);
  });
});
