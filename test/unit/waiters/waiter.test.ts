import { strict as assert } from 'node:assert';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { builtInApiProvider, type ApiProvider } from '../../../src/lib/client/api-provider.js';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { ServiceException } from '../../../src/lib/errors/service-exception.js';
import { WaiterError } from '../../../src/lib/errors/waiter-error.js';
import { SEARCH_SERVICE } from '../../../src/lib/services/search/search-client.js';
import { clientOptions, startScriptedServer, type Script, type ScriptedServer, type ScriptedResponse } from '../paginators/scripted-server.js';

const INDEX_ID = 'a'.repeat(36);
const index = (status: string): ScriptedResponse => ({ body: { Id: INDEX_ID, Name: 'n', Status: status } });
const notFound: ScriptedResponse = { status: 400, body: { __type: 'ResourceNotFoundException', message: 'no such index' } };
const fast = { '@waiter': { delay: 0.01 } };

describe('waiters', () => {
  let server: ScriptedServer;
  let client: SearchClient;
  const start = async (script: Script, options: Record<string, unknown> = {}): Promise<void> => {
    server = await startScriptedServer(script);
    client = new SearchClient({ ...clientOptions(server.endpoint), ...options });
  };
  afterEach(async () => server?.close());

  it('sees CREATING → ACTIVE and resolves with the last result', async () => {
    await start({ DescribeIndex: [index('CREATING'), index('CREATING'), index('ACTIVE')] });
    const result = await client.getWaiter('IndexActive', { Id: INDEX_ID, ...fast }).promise();
    assert.equal(result.Status, 'ACTIVE');
    assert.equal(server.requests.length, 3);
    assert.deepEqual(server.requests[0].input, { Id: INDEX_ID }, '@waiter is not sent');
  });

  it('rejects with a failure WaiterError on FAILED', async () => {
    await start({ DescribeIndex: [index('CREATING'), index('FAILED')] });
    await assert.rejects(client.getWaiter('indexActive', { Id: INDEX_ID, ...fast }).promise(), (error: unknown) => {
      assert.ok(error instanceof WaiterError);
      assert.equal(error.message, 'Waiter IndexActive reached a failure state after 2 attempts: Status = "FAILED"');
      assert.equal(error.reason, 'failure');
      assert.equal(error.attempts, 2);
      assert.equal(error.lastResult?.Status, 'FAILED');
      return true;
    });
  });

  it('succeeds on an expected error code (IndexDeleted)', async () => {
    await start({ DescribeIndex: [index('DELETING'), notFound] });
    const result = await client.getWaiter('IndexDeleted', { Id: INDEX_ID, ...fast }).promise();
    assert.equal(result.$metadata.statusCode, 400);
    assert.equal(server.requests.length, 2);
  });

  it('gives up after maxAttempts with the last status', async () => {
    await start({ DescribeIndex: [index('CREATING')] });
    const waiter = client.getWaiter('IndexActive', { Id: INDEX_ID, '@waiter': { delay: 0, maxAttempts: 3 } });
    assert.equal(waiter.maxAttempts, 3);
    await assert.rejects(
      waiter.promise(),
      (error: unknown) =>
        error instanceof WaiterError && error.reason === 'timeout' && error.message === 'Waiter IndexActive gave up after 3 attempts: last Status = "CREATING"',
    );
    assert.equal(server.requests.length, 3);
  });

  it('stops on a service error no acceptor expects, keeping it as the cause', async () => {
    await start({ DescribeIndex: [notFound] });
    await assert.rejects(
      client.getWaiter('IndexActive', { Id: INDEX_ID, ...fast }).promise(),
      (error: unknown) =>
        error instanceof WaiterError &&
        error.reason === 'error' &&
        error.cause instanceof ServiceException &&
        error.message === 'Waiter IndexActive stopped after 1 attempt: DescribeIndex failed with ResourceNotFoundException: no such index',
    );
  });

  it('stops at once when aborted during the delay or during a request', async () => {
    await start({ DescribeIndex: [index('CREATING'), { ...index('CREATING'), delayMs: 5000 }] });
    const controller = new AbortController();
    const started = Date.now();
    const pending = client.getWaiter('IndexActive', { Id: INDEX_ID, '@waiter': { delay: 30, signal: controller.signal } }).promise();
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(
      pending,
      (error: unknown) => error instanceof WaiterError && error.reason === 'aborted' && error.message === 'Waiter IndexActive was aborted after 1 attempt',
    );
    assert.ok(Date.now() - started < 10_000, 'aborted during the 30 s delay');

    const midRequest = new AbortController();
    const again = Date.now();
    const second = client.getWaiter('IndexActive', { Id: INDEX_ID, '@waiter': { delay: 0, signal: midRequest.signal } }).promise();
    setTimeout(() => midRequest.abort(), 100);
    await assert.rejects(second, (error: unknown) => error instanceof WaiterError && error.reason === 'aborted');
    assert.ok(Date.now() - again < 4000, 'aborted during the 5 s request');
  });

  it('calls before and after for each attempt, and checks its options', async () => {
    await start({ DescribeIndex: [index('CREATING'), index('ACTIVE')] });
    const seen: string[] = [];
    await client
      .getWaiter('IndexActive', {
        Id: INDEX_ID,
        '@waiter': {
          delay: 0,
          before: (attempt: number) => seen.push(`before ${attempt}`),
          after: (attempt: number, outcome: { state: string }) => seen.push(`after ${attempt} ${outcome.state}`),
        },
      })
      .promise();
    assert.deepEqual(seen, ['before 1', 'after 1 retry', 'before 2', 'after 2 success']);
    assert.throws(() => client.getWaiter('IndexActive', { Id: INDEX_ID, '@waiter': { delay: -1 } }), /delay must be a number/);
    assert.throws(() => client.getWaiter('IndexActive', { Id: INDEX_ID, '@waiter': { tries: 1 } }), /unknown key "tries"/);
    assert.throws(
      () => client.getWaiter('IndexReady'),
      (e: unknown) => e instanceof InvalidArgumentException && /no waiter "IndexReady"; waiters: IndexActive, IndexDeleted/.test(e.message),
    );
  });

  it('runs pathAll, pathAny, status and error matchers from an api_provider', async () => {
    const builtIn = builtInApiProvider(SEARCH_SERVICE);
    const acceptor = (matcher: string, expected: unknown, state: string, argument?: string) => ({
      matcher,
      expected,
      state,
      ...(argument ? { argument } : {}),
    });
    const waiters = {
      version: 2,
      waiters: {
        AllSucceeded: {
          operation: 'ListDataSourceSyncJobs',
          delay: 0,
          maxAttempts: 5,
          acceptors: [acceptor('pathAll', 'SUCCEEDED', 'success', 'History[].Status'), acceptor('pathAny', 'FAILED', 'failure', 'History[].Status')],
        },
        Answers: { operation: 'ListDataSourceSyncJobs', delay: 0, maxAttempts: 5, acceptors: [acceptor('status', 200, 'success')] },
        AnyError: {
          operation: 'ListDataSourceSyncJobs',
          delay: 0,
          maxAttempts: 5,
          acceptors: [acceptor('error', false, 'retry'), acceptor('error', true, 'success')],
        },
      },
    };
    const provider: ApiProvider = (type, service, version) => (type === 'waiter' ? waiters : builtIn(type, service, version));
    const jobs = (...statuses: string[]): ScriptedResponse => ({ body: { History: statuses.map((Status, i) => ({ ExecutionId: `e${i}`, Status })) } });
    await start({ ListDataSourceSyncJobs: [jobs('SUCCEEDED', 'SYNCING'), jobs('SUCCEEDED', 'SUCCEEDED')] }, { api_provider: provider });
    const args = { Id: 'ds', IndexId: INDEX_ID };
    assert.equal(((await client.getWaiter('AllSucceeded', args).promise()).History as unknown[]).length, 2);
    assert.equal(server.requests.length, 2);
    await server.close();

    await start({ ListDataSourceSyncJobs: [jobs('SUCCEEDED', 'FAILED')] }, { api_provider: provider });
    await assert.rejects(client.getWaiter('AllSucceeded', args).promise(), /failure state after 1 attempt: History\[\]\.Status = \["SUCCEEDED","FAILED"\]/);
    assert.equal((await client.getWaiter('Answers', args).promise()).$metadata.statusCode, 200);
    await server.close();

    await start({ ListDataSourceSyncJobs: [jobs(), { status: 400, body: { __type: 'ValidationException', message: 'bad' } }] }, { api_provider: provider });
    assert.equal((await client.getWaiter('AnyError', args).promise()).$metadata.statusCode, 400);
    assert.equal(server.requests.length, 2);
  });

  it('waits for a sync job on History[0].Status (DataSourceSyncJobFinished)', async () => {
    const jobs = (status: string): ScriptedResponse => ({ body: { History: [{ ExecutionId: 'e', Status: status }] } });
    await start({ ListDataSourceSyncJobs: [jobs('SYNCING'), jobs('SYNCING_INDEXING'), jobs('SUCCEEDED')] });
    const result = await client.getWaiter('DataSourceSyncJobFinished', { Id: 'ds', IndexId: INDEX_ID, ...fast }).promise();
    assert.equal((result.History as Array<{ Status: string }>)[0].Status, 'SUCCEEDED');
    assert.equal(server.requests.length, 3);
  });
});
