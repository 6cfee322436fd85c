import assert from 'node:assert/strict';
import { callWithRetries } from '../../../src/lib/retry/call-with-retries.js';
import { LegacyRetryStrategy } from '../../../src/lib/retry/legacy-strategy.js';

class Flaky extends Error {}

describe('callWithRetries', () => {
  const noWait = (waits: number[]) => (ms: number) => {
    waits.push(ms);
    return Promise.resolve();
  };

  it('makes the call again after a failure the classification picks, and says how many retries it took', async () => {
    const waits: number[] = [];
    const seen: number[] = [];
    const result = await callWithRetries(
      new LegacyRetryStrategy(
        3,
        () => 0.5,
        (error) => error instanceof Flaky,
      ),
      (attempt) => {
        seen.push(attempt);
        return attempt < 3 ? Promise.reject(new Flaky('not yet')) : Promise.resolve('done');
      },
      noWait(waits),
    );
    assert.deepEqual(result, { value: 'done', retries: 2 });
    assert.deepEqual(seen, [1, 2, 3]);
    // Legacy backoff with the random draw at one half: half of 100 ms, then half of 200 ms.
    assert.deepEqual(waits, [50, 100]);
  });

  it('rethrows the last failure once the attempts are used up', async () => {
    let attempts = 0;
    const failure = await callWithRetries(
      new LegacyRetryStrategy(
        3,
        () => 0,
        (error) => error instanceof Flaky,
      ),
      () => Promise.reject(new Flaky(`attempt ${++attempts}`)),
      noWait([]),
    ).catch((error: unknown) => error);
    assert.ok(failure instanceof Flaky);
    assert.equal(failure.message, 'attempt 3');
  });

  it('rethrows a failure the classification does not pick at once', async () => {
    let attempts = 0;
    const failure = await callWithRetries(
      new LegacyRetryStrategy(
        3,
        () => 0,
        (error) => error instanceof Flaky,
      ),
      () => {
        attempts++;
        return Promise.reject(new TypeError('a bug'));
      },
      noWait([]),
    ).catch((error: unknown) => error);
    assert.ok(failure instanceof TypeError);
    assert.equal(attempts, 1);
  });
});
