import assert from 'node:assert/strict';
import { ConnectionError, ServiceException } from '../../../src/lib/index.js';
import { readRetryContext } from '../../../src/lib/client/middleware/retry.js';
import { clientWithHooks, fakeHooks, searchClient, startScriptedServer, type ScriptedServer } from './retry-support.js';

describe('retries: legacy mode against a real server', () => {
  let server: ScriptedServer;
  before(async () => {
    server = await startScriptedServer();
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.script.length = 0;
  });

  it('retries 500, throttling, 503 and a reset connection with delays random(0, min(20000, 2^retries × 100))', async () => {
    server.script.push(500, 'throttle', 503, 'reset', 'ok');
    const hooks = fakeHooks(0.5, 0.25, 0.999, 0.1);
    const result = await clientWithHooks(server, 'legacy', 5, hooks).listIndicesAsync({});
    assert.deepEqual(result.IndexConfigurationSummaryItems, []);
    // floor(0.5 × 101), floor(0.25 × 201), floor(0.999 × 401), floor(0.1 × 801)
    assert.deepEqual(hooks.state.sleeps, [50, 50, 400, 80]);
    assert.equal(result.$metadata.attempts, 5);
    assert.equal(result.$metadata.totalRetryDelay, 580);
    assert.equal(server.requests.length, 5);
  });

  it('gives up after max attempts, with attempts and delays on the error', async () => {
    server.script.push(502, 502, 502, 'ok');
    const hooks = fakeHooks(0, 1 - 2 ** -53);
    await assert.rejects(clientWithHooks(server, 'legacy', 3, hooks).listIndicesAsync({}), (error: unknown) => {
      assert.ok(error instanceof ServiceException);
      assert.equal(error.statusCode, 502);
      assert.equal(error.$metadata.attempts, 3);
      assert.equal(error.$metadata.totalRetryDelay, 200);
      return true;
    });
    assert.deepEqual(hooks.state.sleeps, [0, 200]);
    assert.equal(server.requests.length, 3);
  });

  it('does not retry a non-retryable 400, nor codes only the standard lists have, nor 429', async () => {
    for (const response of [
      { status: 400, body: { __type: 'ValidationException', message: 'bad' } },
      { status: 400, body: { __type: 'LimitExceededException', message: 'limit' } },
      { status: 400, body: { __type: 'RequestTimeoutException', message: 'slow' } },
      { status: 429, body: { __type: 'SomethingElse', message: 'busy' } },
    ]) {
      server.requests.length = 0;
      server.script.push(response, 'ok');
      const hooks = fakeHooks();
      await assert.rejects(
        clientWithHooks(server, 'legacy', 5, hooks).listIndicesAsync({}),
        (error: unknown) =>
          error instanceof ServiceException && error.code === response.body.__type && error.$metadata.attempts === 1 && error.$metadata.totalRetryDelay === 0,
      );
      assert.equal(server.requests.length, 1, response.body.__type);
      assert.deepEqual(hooks.state.sleeps, []);
      server.script.length = 0;
    }
  });

  it('retries a slow response that timed out (http.timeout)', async () => {
    server.script.push('slow', 'ok');
    const hooks = fakeHooks(0.5);
    const result = await clientWithHooks(server, 'legacy', 2, hooks, { http: { timeout: 0.2 } }).listIndicesAsync({});
    assert.equal(result.$metadata.attempts, 2);
    assert.deepEqual(hooks.state.sleeps, [50]);
  });

  it('retries: 0 makes exactly one attempt, and a connection error surfaces as is', async () => {
    server.script.push('reset', 'ok');
    const client = searchClient(server, 0);
    const command = client.getCommand('ListIndices', {});
    await assert.rejects(client.executeAsync(command), ConnectionError);
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0].headers['amz-sdk-request'], 'attempt=1; max=1');
    const { attempts, retry } = readRetryContext(command);
    assert.equal(attempts?.length, 1);
    assert.ok(attempts?.[0].error instanceof ConnectionError);
    assert.equal(retry?.stopReason, 'max-attempts');
  });

  it('takes an integer number of retries and sleeps for real', async () => {
    server.script.push(503, 503, 'ok');
    const client = searchClient(server, 2);
    const command = client.getCommand('ListIndices', {});
    const started = Date.now();
    const result = await client.executeAsync(command);
    const { retryDelays } = readRetryContext(command);
    assert.equal(result.$metadata.attempts, 3);
    assert.equal(retryDelays?.length, 2);
    assert.ok(retryDelays![0] <= 100 && retryDelays![1] <= 200, String(retryDelays));
    assert.equal(result.$metadata.totalRetryDelay, retryDelays![0] + retryDelays![1]);
    assert.ok(Date.now() - started >= result.$metadata.totalRetryDelay - 2, 'the delays were slept');
    assert.equal(server.requests[2].headers['amz-sdk-request'], 'attempt=3; max=3');
  });
});
