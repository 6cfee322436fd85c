import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ConnectionError, ServiceException, type HttpRequest } from '../../../src/lib/index.js';
import { readRetryContext } from '../../../src/lib/client/middleware/retry.js';
import { clientWithHooks, fakeHooks, searchClient, startScriptedServer, type ScriptedServer } from './retry-support.js';

const API = JSON.parse(readFileSync(new URL('../../../src/lib/services/search/models/2019-02-03/api.json', import.meta.url), 'utf8'));

/** The search model with ConflictException marked `retryable` (a modeled retryable error). */
function apiWithRetryableConflict() {
  const api = structuredClone(API);
  api.shapes.ConflictException.retryable = { throttling: false };
  return (type: string) => (type === 'api' ? api : null);
}

describe('retries: standard mode against a real server', () => {
  let server: ScriptedServer;
  before(async () => {
    server = await startScriptedServer();
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.script.length = 0;
  });

  it('retries 500, throttling, a reset and a timeout with min(20 s, random × 2^retries × base)', async () => {
    server.script.push(500, 'throttle', 'reset', 'slow', 'ok');
    const hooks = fakeHooks(0.5, 0.5, 0.5, 0.5);
    const client = clientWithHooks(server, 'standard', 5, hooks, { http: { timeout: 0.2 } });
    const command = client.getCommand('ListIndices', {});
    const result = await client.executeAsync(command);
    // 0.5 × 1 × 100, 0.5 × 2 × 500 (throttling base), 0.5 × 4 × 100, 0.5 × 8 × 100
    assert.deepEqual(hooks.state.sleeps, [50, 500, 200, 400]);
    assert.equal(result.$metadata.attempts, 5);
    assert.equal(result.$metadata.totalRetryDelay, 1150);
    const { attempts, retryDelays, retry } = readRetryContext(command);
    assert.deepEqual(retryDelays, [50, 500, 200, 400]);
    assert.deepEqual(
      attempts?.map((attempt) => attempt.statusCode),
      [500, 400, undefined, undefined, 200],
    );
    const kinds = attempts?.map(({ error }) =>
      error instanceof ConnectionError ? (error.timeout ? 'timeout' : 'connection') : (error as ServiceException | undefined)?.code,
    );
    assert.deepEqual(kinds, ['InternalServerException', 'ThrottlingException', 'connection', 'timeout', undefined]);
    assert.deepEqual(
      attempts?.map((attempt) => attempt.retryDelay),
      [0, 50, 500, 200, 400],
    );
    assert.deepEqual(
      attempts?.map((attempt) => attempt.start - attempts[0].start),
      [0, 50, 550, 750, 1150],
      'attempt times follow the clock',
    );
    assert.deepEqual(retry, { mode: 'standard', maxAttempts: 5, totalRetryDelay: 1150 });
  });

  it('does not retry a non-retryable 400, and never retries a programming error', async () => {
    server.script.push({ status: 400, body: { __type: 'ValidationException', message: 'bad' } });
    const hooks = fakeHooks();
    await assert.rejects(
      clientWithHooks(server, 'standard', 3, hooks).listIndicesAsync({}),
      (error: unknown) => error instanceof ServiceException && error.code === 'ValidationException' && error.$metadata.attempts === 1,
    );
    assert.equal(server.requests.length, 1);

    let sends = 0;
    const broken = async (_request: HttpRequest): Promise<never> => {
      sends++;
      throw new TypeError('Cannot read properties of undefined');
    };
    await assert.rejects(clientWithHooks(server, 'standard', 3, hooks, { http_handler: broken }).listIndicesAsync({}), TypeError);
    assert.equal(sends, 1);
    assert.deepEqual(hooks.state.sleeps, []);
  });

  it('retries an error the model marks retryable (legacy mode does not)', async () => {
    const conflict = { status: 400, body: { __type: 'ConflictException', message: 'busy' } };
    server.script.push(conflict, 'ok');
    const hooks = fakeHooks(0.5);
    const result = await clientWithHooks(server, 'standard', 3, hooks, { api_provider: apiWithRetryableConflict() }).listIndicesAsync({});
    assert.equal(result.$metadata.attempts, 2);
    assert.deepEqual(hooks.state.sleeps, [50]);

    server.script.push(conflict, 'ok');
    await assert.rejects(
      clientWithHooks(server, 'legacy', 3, fakeHooks(), { api_provider: apiWithRetryableConflict() }).listIndicesAsync({}),
      (error: unknown) => error instanceof ServiceException && error.code === 'ConflictException',
    );
  });

  it('honours x-amz-retry-after and Retry-After within bounds', async () => {
    server.script.push(
      { status: 503, headers: { 'x-amz-retry-after': '3000' }, body: { __type: 'ServiceUnavailableException' } },
      { status: 503, headers: { 'retry-after': '60' }, body: { __type: 'ServiceUnavailableException' } },
      { status: 503, headers: { 'x-amz-retry-after': '1' }, body: { __type: 'ServiceUnavailableException' } },
      'ok',
    );
    const hooks = fakeHooks(0.5, 0.5, 0.5);
    const result = await clientWithHooks(server, 'standard', 4, hooks).listIndicesAsync({});
    // hint 3000 over a 50 ms backoff; 60 s capped at 100 ms + 5 s; 1 ms is below the 200 ms backoff
    assert.deepEqual(hooks.state.sleeps, [3000, 5100, 200]);
    assert.equal(result.$metadata.totalRetryDelay, 8300);
  });

  it("drains the client's retry quota (5 per retry), then surfaces errors at once; success refills it", async () => {
    const hooks = fakeHooks(...new Array(200).fill(0));
    const client = clientWithHooks(server, 'standard', 1000, hooks);
    server.script.push(...new Array(150).fill(500));
    await assert.rejects(client.listIndicesAsync({}), (error: unknown) => error instanceof ServiceException && error.$metadata.attempts === 101);
    assert.equal(server.requests.length, 101, '500 tokens / 5 = 100 retries');
    server.requests.length = 0;
    server.script.length = 0;

    server.script.push(500);
    await assert.rejects(client.listIndicesAsync({}), (error: unknown) => error instanceof ServiceException && error.$metadata.attempts === 1);
    assert.equal(server.requests.length, 1, "the quota is shared by the client's calls");

    for (let i = 0; i < 5; i++) await client.listIndicesAsync({});
    server.script.push(500, 500, 'ok');
    const command = client.getCommand('ListIndices', {});
    await assert.rejects(client.executeAsync(command), ServiceException);
    assert.equal(readRetryContext(command).retry?.stopReason, 'quota-exhausted');
    assert.equal(readRetryContext(command).attempts?.length, 2, '5 successes bought exactly one retry');

    server.script.length = 0;
    server.script.push(500, 'ok');
    const fresh = await clientWithHooks(server, 'standard', 3, fakeHooks(0)).listIndicesAsync({});
    assert.equal(fresh.$metadata.attempts, 2, 'another client has its own quota');
  });

  it('charges 10 per retry after connection failures', async () => {
    server.script.push(...new Array(60).fill('reset'));
    const client = clientWithHooks(server, 'standard', 1000, fakeHooks(...new Array(60).fill(0)));
    const command = client.getCommand('ListIndices', {});
    await assert.rejects(client.executeAsync(command), ConnectionError);
    assert.equal(readRetryContext(command).attempts?.length, 51, '500 tokens / 10 = 50 retries');
    assert.equal(server.requests.length, 51);
  });

  it('takes {mode, max_attempts} as the retries option documents it', async () => {
    server.script.push(503, 'ok');
    const result = await searchClient(server, { mode: 'standard', max_attempts: 2 }).listIndicesAsync({});
    assert.equal(result.$metadata.attempts, 2);
    assert.ok(result.$metadata.totalRetryDelay <= 100);
    assert.equal(server.requests[1].headers['amz-sdk-request'], 'attempt=2; max=2');
  });
});
