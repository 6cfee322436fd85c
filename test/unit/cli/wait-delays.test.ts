import assert from 'node:assert/strict';
import { pollDelays } from '../../../src/lib/cli/wait-for.js';

describe('cli --wait polling', () => {
  it("polls after half a second, then backs off to the waiter's delay", () => {
    const next = pollDelays(5);
    assert.deepEqual(
      Array.from({ length: 7 }, () => next()),
      [0.5, 0.5, 1, 2, 4, 5, 5],
    );
    const short = pollDelays(0.2);
    assert.deepEqual([short(), short(), short()], [0.2, 0.2, 0.2]);
  });
});
