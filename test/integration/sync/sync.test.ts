import { strict as assert } from 'node:assert';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { builtInApiProvider } from '../../../src/lib/client/api-provider.js';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { ServiceException } from '../../../src/lib/errors/service-exception.js';
import { WaiterError } from '../../../src/lib/errors/waiter-error.js';
import { CsmConfiguration } from '../../../src/lib/client/csm/csm-configuration.js';
import { RetryConfiguration } from '../../../src/lib/retry/retry-configuration.js';
import { SEARCH_SERVICE } from '../../../src/lib/services/search/search-client.js';
import { clientOptions, indexPage, type ScriptedResponse } from '../../unit/paginators/scripted-server.js';
import { startServerThread, type ServerThread } from './server-thread.js';

const INDEX_ID = 'a'.repeat(36);
const index = (status: string): ScriptedResponse => ({ body: { Id: INDEX_ID, Name: 'n', Status: status, CreatedAt: 1700000000 } });
const fixedId = { 'x-amzn-requestid': 'fixed-request-id' };
/** A ListIndices page served in turn (not picked by token). */
const okPage: ScriptedResponse = { body: indexPage(['a']).body };
const serverError: ScriptedResponse = { status: 500, body: { __type: 'InternalServerException', message: 'boom' }, headers: fixedId };

/** The failure of a call, sync or async. */
async function failure(run: () => unknown): Promise<ServiceException> {
  try {
    await run();
  } catch (error) {
    return error as ServiceException;
  }
  throw new Error('expected the call to fail');
}

/** What must be the same in a sync and an async error. */
function essentials(error: ServiceException): Record<string, unknown> {
  return {
    class: error.constructor,
    name: error.name,
    code: error.code,
    message: error.message,
    statusCode: error.statusCode,
    requestId: error.requestId,
    retryable: error.retryable,
    fault: error.fault,
    fields: error.fields,
    attempts: error.$metadata.attempts,
    metaStatus: error.$metadata.statusCode,
  };
}

describe('synchronous forms', function () {
  this.timeout(30_000);
  let server: ServerThread;
  let client: SearchClient;
  const start = async (script: Record<string, ScriptedResponse[]>, options: Record<string, unknown> = {}): Promise<void> => {
    server = await startServerThread(script);
    client = new SearchClient({ ...clientOptions(server.endpoint), ...options });
  };
  afterEach(async () => server?.close());

  it('listIndices({}) blocks and returns a plain result object, not a promise', async () => {
    await start({ ListIndices: [indexPage(['a', 'b'])] });
    const result = client.listIndices({});
    assert.ok(!(result instanceof Promise));
    assert.equal(typeof (result as unknown as { then?: unknown }).then, 'undefined');
    assert.deepEqual(
      result.IndexConfigurationSummaryItems?.map((item) => item.Id),
      ['a', 'b'],
    );
    assert.ok(result.IndexConfigurationSummaryItems?.[0].CreatedAt instanceof Date);
    assert.equal(result.$metadata.statusCode, 200);
    assert.equal(result.$metadata.requestId, 'req-1');
    assert.equal(server.requests().length, 1, 'the request was made before the call returned');
  });

  it('returns what the async form returns, for a small reply and for one larger than the shared reply buffer', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => `index-${String(i).padStart(5, '0')}-${'x'.repeat(60)}`);
    for (const ids of [['a', 'b'], many]) {
      await server?.close();
      await start({ ListIndices: [{ body: indexPage(ids).body }, { body: indexPage(ids).body }] });
      const size = ids.length;
      const sync = client.listIndices({});
      const async = await client.listIndicesAsync({});
      assert.equal(sync.IndexConfigurationSummaryItems?.length, size);
      assert.ok(sync.IndexConfigurationSummaryItems?.[size - 1].CreatedAt instanceof Date);
      const { $metadata: syncMeta, ...syncOutput } = sync;
      const { $metadata: asyncMeta, ...asyncOutput } = async;
      assert.deepEqual(syncOutput, asyncOutput);
      const same = ({ statusCode, attempts, totalRetryDelay, headers }: typeof syncMeta) => ({
        statusCode,
        attempts,
        totalRetryDelay,
        type: headers['content-type'],
      });
      assert.deepEqual(same(syncMeta), same(asyncMeta));
    }
  });

  it('many calls in a row each get their own reply, with the metadata the async form gives, and an error among them', async () => {
    const notFound: ScriptedResponse = { status: 400, body: { __type: 'ResourceNotFoundException', message: 'no such index' }, headers: fixedId };
    await start({
      ListIndices: [
        { ...indexPage(['odd']), when: { NextToken: 'odd' } },
        { ...indexPage(['even']), when: { NextToken: 'even' } },
      ],
      DescribeIndex: [notFound],
    });
    let served = 0;
    for (let call = 1; call <= 200; call++) {
      const token = call % 2 ? 'odd' : 'even';
      const result = client.listIndices({ NextToken: token });
      assert.equal(result.IndexConfigurationSummaryItems?.[0]?.Id, token);
      assert.equal(result.$metadata.requestId, `req-${++served}`);
      if (call % 50 === 0) {
        const error = await failure(() => client.describeIndex({ Id: INDEX_ID }));
        served++;
        assert.ok(error instanceof ServiceException);
        assert.equal(error.code, 'ResourceNotFoundException');
        assert.equal(error.requestId, 'fixed-request-id');
      }
    }
    assert.equal(server.requests().length, served);
    const comparable = ({ headers, requestId, ...rest }: ServiceException['$metadata']) => ({
      ...rest,
      requestId: typeof requestId,
      headers: Object.keys(headers).filter((name) => name !== 'date'),
    });
    const sync = client.listIndices({ NextToken: 'odd' });
    const async = await client.listIndicesAsync({ NextToken: 'odd' });
    assert.deepEqual(comparable(sync.$metadata), comparable(async.$metadata));
    assert.deepEqual(Object.keys(sync.$metadata), Object.keys(async.$metadata));
  });

  it('really waits: the event loop is blocked and the thread sleeps (no busy loop)', async () => {
    await start({ ListIndices: [{ ...indexPage(['a']), delayMs: 600 }] });
    client.listIndices({ MaxResults: 1 }); // the worker is up and connected
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const cpu = process.cpuUsage();
    const started = Date.now();
    client.listIndices({});
    const wall = Date.now() - started;
    const used = process.cpuUsage(cpu);
    clearInterval(timer);
    assert.equal(ticks, 0, 'no timer ran while the call blocked');
    assert.ok(wall >= 550, `blocked for ${wall} ms`);
    const cpuMs = (used.user + used.system) / 1000;
    assert.ok(cpuMs < wall * 0.4, `the process used ${cpuMs} ms of CPU in ${wall} ms`);
  });

  it('throws the same error as the async form (class, code, status, request id)', async () => {
    const notFound: ScriptedResponse = { status: 400, body: { __type: 'ResourceNotFoundException', message: 'no such index' }, headers: fixedId };
    await start({ DescribeIndex: [notFound] });
    const asyncError = await failure(() => client.describeIndexAsync({ Id: INDEX_ID }));
    const syncError = await failure(() => client.describeIndex({ Id: INDEX_ID }));
    assert.ok(syncError instanceof ServiceException);
    assert.deepEqual(essentials(syncError), essentials(asyncError));
    assert.equal(syncError.code, 'ResourceNotFoundException');
    assert.equal(syncError.requestId, 'fixed-request-id');
    assert.match(syncError.stack ?? '', /--- in the synchronous call ---/);

    const invalidSync = await failure(() => client.describeIndex({ Id: 'short' }));
    const invalidAsync = await failure(() => client.describeIndexAsync({ Id: 'short' }));
    assert.ok(invalidSync instanceof InvalidArgumentException);
    assert.equal(invalidSync.message, invalidAsync.message);
    assert.deepEqual({ ...invalidSync, stack: undefined }, { ...invalidAsync, stack: undefined });
  });

  it('retries as the async form does: a 500 then a 200', async () => {
    await start({ ListIndices: [serverError, okPage] });
    const result = client.listIndices({});
    assert.equal(result.$metadata.attempts, 2);
    assert.deepEqual(
      server.requests().map((r) => r.headers['amz-sdk-request']),
      ['attempt=1; max=3', 'attempt=2; max=3'],
    );
    await server.close();

    await start({ ListIndices: [serverError, okPage] });
    const asyncResult = await client.listIndicesAsync({});
    assert.equal(asyncResult.$metadata.attempts, result.$metadata.attempts);
    assert.deepEqual(asyncResult.IndexConfigurationSummaryItems, result.IndexConfigurationSummaryItems);
  });

  it('fails after the last retry with the same error as the async form (configuration objects cross)', async () => {
    const options = { retries: new RetryConfiguration({ mode: 'standard', max_attempts: 2 }), csm: new CsmConfiguration({ enabled: false }) };
    await start({ ListIndices: [serverError] }, options);
    const syncError = await failure(() => client.listIndices({}));
    const asyncError = await failure(() => client.listIndicesAsync({}));
    assert.equal(syncError.$metadata.attempts, 2);
    assert.deepEqual(essentials(syncError), essentials(asyncError));
    assert.equal(server.requests().length, 4);
  });

  it('execute(command) blocks and leaves the command as the async form would (filled idempotency token)', async () => {
    await start({ CreateIndex: [{ body: { Id: INDEX_ID } }] });
    const command = client.getCommand('CreateIndex', { Name: 'docs', RoleArn: 'arn:aws:iam::000000000000:role/r' });
    const result = client.execute(command);
    assert.equal(result.Id, INDEX_ID);
    assert.match(String(command.args.ClientToken), /^[0-9a-f-]{36}$/);
    assert.equal(server.requests()[0].input.ClientToken, command.args.ClientToken);
  });

  it('execute(command) returns what the async form returns, for a small reply and for one larger than the shared reply buffer', async () => {
    // execute() sends the command's args back with the reply: its header is then in structured-clone format.
    const many = Array.from({ length: 3000 }, (_, i) => `index-${String(i).padStart(5, '0')}-${'x'.repeat(60)}`);
    for (const ids of [['a', 'b', 'c'], many]) {
      await server?.close();
      await start({ ListIndices: [{ body: indexPage(ids).body }, { body: indexPage(ids).body }] });
      const { $metadata: syncMeta, ...syncOutput } = client.execute(client.getCommand('ListIndices', {}));
      const { $metadata: asyncMeta, ...asyncOutput } = await client.executeAsync(client.getCommand('ListIndices', {}));
      assert.equal((syncOutput.IndexConfigurationSummaryItems as unknown[]).length, ids.length);
      assert.deepEqual(syncOutput, asyncOutput);
      assert.deepEqual([syncMeta.statusCode, syncMeta.headers['content-type']], [asyncMeta.statusCode, asyncMeta.headers['content-type']]);
    }
  });

  it('waitUntil blocks until success, and throws the waiter error', async () => {
    await start({ DescribeIndex: [index('CREATING'), index('ACTIVE'), index('FAILED')] });
    const result = client.waitUntil('IndexActive', { Id: INDEX_ID, '@waiter': { delay: 0.01 } });
    assert.equal(result.Status, 'ACTIVE');
    assert.ok(result.CreatedAt instanceof Date);
    assert.throws(
      () => client.waitUntil('IndexActive', { Id: INDEX_ID, '@waiter': { delay: 0.01 } }),
      (error: unknown) => error instanceof WaiterError && error.reason === 'failure' && error.attempts === 1 && error.lastResult?.Status === 'FAILED',
    );
    assert.throws(
      () => client.waitUntil('IndexActive', { Id: INDEX_ID, '@waiter': { signal: new AbortController().signal } }),
      /cannot use "@waiter.signal".*getWaiter\(name, args\)\.promise\(\)/,
    );
  });

  it('getCredentials().wait() returns the credentials synchronously', async () => {
    await start({});
    assert.deepEqual(client.getCredentials().wait(), { key: 'AKID', secret: 'SECRET' });
    assert.deepEqual(await client.getCredentials(), { key: 'AKID', secret: 'SECRET' });
  });

  it('honours a custom api_provider by sending its data', async () => {
    await start({ ListIndices: [indexPage(['x'])] }, { api_provider: builtInApiProvider(SEARCH_SERVICE) });
    assert.deepEqual(
      client.listIndices().IndexConfigurationSummaryItems?.map((item) => item.Id),
      ['x'],
    );
  });

  it('names an option that cannot cross to the worker, and the Async form to use', () => {
    const base = clientOptions('http://127.0.0.1:9');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ debug: { logfn: () => undefined } }, 'debug.logfn'],
      [{ http_handler: async () => ({ statusCode: 200, headers: {}, body: new Uint8Array() }) }, 'http_handler'],
      [{ credentials: async () => ({ key: 'k', secret: 's' }) }, 'credentials'],
      [{ signature_provider: () => null }, 'signature_provider'],
      [{ retries: new RetryConfiguration({ max_attempts: 2, sleep: async () => undefined }) }, 'retries.hooks.sleep'],
      [{ endpoint_discovery: { get: () => undefined, set: () => undefined } }, 'endpoint_discovery.get'],
    ];
    for (const [options, path] of cases) {
      const custom = new SearchClient({ ...base, ...options } as never);
      assert.throws(
        () => custom.listIndices({}),
        (error: unknown) =>
          error instanceof InvalidArgumentException &&
          error.option === path.split('.')[0] &&
          error.message.includes(`"${path}" option`) &&
          error.message.includes('use listIndicesAsync() instead'),
        path,
      );
    }
    const changed = new SearchClient(base);
    changed.getHandlerList().add('init', 'mine', (next) => next);
    assert.throws(() => changed.listIndices({}), /cannot run a changed handler list.*use listIndicesAsync\(\) instead/);
    assert.throws(() => changed.getCredentials().wait(), /use await getCredentials\(\) instead/);
  });

  it('rejects arguments that cannot be cloned, naming the Async form', () => {
    const plain = new SearchClient(clientOptions('http://127.0.0.1:9'));
    assert.throws(
      () => plain.listIndices({ MaxResults: () => 1 } as never),
      (error: unknown) =>
        error instanceof InvalidArgumentException &&
        /The arguments of ListIndices cannot be passed to the synchronous form .*use listIndicesAsync\(\) instead/.test(error.message),
    );
  });
});
