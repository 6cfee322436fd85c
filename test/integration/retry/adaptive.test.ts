import assert from 'node:assert/strict';
import { ServiceException } from '../../../src/lib/index.js';
import { readRetryContext } from '../../../src/lib/client/middleware/retry.js';
import { clientWithHooks, fakeHooks, searchClient, startScriptedServer, type ScriptedServer } from './retry-support.js';

describe('retries: adaptive mode against a real server', () => {
  let server: ScriptedServer;
  before(async () => {
    server = await startScriptedServer();
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.script.length = 0;
  });

  it('behaves as standard mode until the first throttle (no rate limiting)', async () => {
    server.script.push(500, 'reset', 'ok', 503, 'ok');
    const hooks = fakeHooks(0.5, 0.5, 0.5);
    const client = clientWithHooks(server, 'adaptive', 3, hooks);
    assert.equal((await client.listIndicesAsync({})).$metadata.attempts, 3);
    assert.equal((await client.listIndicesAsync({})).$metadata.attempts, 2);
    assert.deepEqual(hooks.state.sleeps, [50, 100, 50], 'only backoff sleeps');
  });

  it('turns the rate limiter on at the first throttle and takes a token before every later attempt, across calls', async () => {
    server.script.push('throttle', 'throttle', 'ok', 'ok');
    const hooks = fakeHooks(0.5, 0.5);
    const client = clientWithHooks(server, 'adaptive', 3, hooks);
    const command = client.getCommand('ListIndices', {});
    const result = await client.executeAsync(command);
    // Throttle 1 at T0: measured rate 0 → bucket at its 0.5/s floor, empty; backoff 0.5 × 1 × 500 = 250 ms.
    // Attempt 2: 0.25 s × 0.5/s = 0.125 token, waits 0.875 / 0.5 = 1.75 s.
    // Throttle 2 at T0 + 2 s: 2 sends over 2 s → measured 0.8/s; new rate min(0.8, 0.5) × 0.7 = 0.35 → floor 0.5/s.
    // Backoff 0.5 × 2 × 500 = 500 ms; attempt 3: 0.25 token, waits 0.75 / 0.5 = 1.5 s.
    assert.deepEqual(hooks.state.sleeps, [250, 1750, 500, 1500]);
    assert.equal(result.$metadata.attempts, 3);
    assert.equal(result.$metadata.totalRetryDelay, 750, 'backoff only');
    assert.deepEqual(
      readRetryContext(command).attempts?.map((attempt) => attempt.rateLimitDelay),
      [0, 1750, 1500],
    );

    // Success at T0 + 4 s: measured 0.56/s, CUBIC 0.4 × (2 − ∛0.375)³ + 0.5 ≈ 1.337 → capped at 2 × 0.56 = 1.12/s.
    // The next call (same client, same limiter) needs a whole token at 1.12/s.
    await client.listIndicesAsync({});
    assert.equal(hooks.state.sleeps.length, 5);
    assert.ok(Math.abs(hooks.state.sleeps[4] - 1000 / 1.12) < 1e-6, String(hooks.state.sleeps[4]));

    server.script.push('ok');
    const other = fakeHooks();
    await clientWithHooks(server, 'adaptive', 3, other).listIndicesAsync({});
    assert.deepEqual(other.state.sleeps, [], 'another client has its own limiter');
  });

  it('still gives up after max attempts and on non-retryable errors', async () => {
    server.script.push('throttle', 'throttle', { status: 400, body: { __type: 'AccessDeniedException', message: 'no' } });
    const hooks = fakeHooks(0.5, 0.5);
    await assert.rejects(
      clientWithHooks(server, 'adaptive', 5, hooks).listIndicesAsync({}),
      (error: unknown) =>
        error instanceof ServiceException &&
        error.code === 'AccessDeniedException' &&
        error.$metadata.attempts === 3 &&
        error.$metadata.totalRetryDelay === 750,
    );
    server.script.length = 0;
    server.requests.length = 0;
    server.script.push('throttle', 'throttle', 'throttle');
    await assert.rejects(
      searchClient(server, { mode: 'adapative', max_attempts: 2 }).listIndicesAsync({}),
      (error: unknown) => error instanceof ServiceException && error.code === 'ThrottlingException' && error.$metadata.attempts === 2,
    );
    assert.equal(server.requests.length, 2);
  });
});
