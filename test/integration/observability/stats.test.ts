import assert from 'node:assert/strict';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { ServiceException } from '../../../src/lib/errors/service-exception.js';
import type { TransferStats } from '../../../src/lib/client/result.js';
import { RetryConfiguration } from '../../../src/lib/retry/retry-configuration.js';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { startTestServer, type TestServer } from '../../support/echo-server.js';

const credentials = { key: 'AKIDSTATS', secret: 'stats-secret' };

describe('stats: transfer statistics', () => {
  let server: TestServer;
  let failures = 0;
  before(async () => {
    server = await startTestServer((request) => {
      if (String(request.headers['x-amz-target']).endsWith('DescribeIndex'))
        return { status: 400, body: { __type: 'ResourceNotFoundException', message: 'gone' } };
      if (failures > 0) {
        failures -= 1;
        return { status: 500, body: { __type: 'InternalServerException', message: 'try again' } };
      }
      return { body: { IndexConfigurationSummaryItems: [] } };
    });
  });
  after(() => server.close());
  beforeEach(() => {
    failures = 0;
  });

  const port = (): number => Number(new URL(server.endpoint).port);
  const client = (extra: Record<string, unknown> = {}) =>
    new SearchClient({
      region: 'us-east-1',
      version: 'latest',
      credentials,
      endpoint: server.endpoint,
      retries: new RetryConfiguration({ mode: 'standard', max_attempts: 3, random: () => 0.5, sleep: async () => {} }),
      ...extra,
    });

  it('reports total time, retries, retry delay and one HTTP entry per attempt with stats: true', async () => {
    failures = 1;
    const result = await client({ stats: true }).listIndicesAsync({});
    const stats = result.$metadata.transferStats as Required<TransferStats>;
    assert.ok(stats, 'transferStats is set');
    assert.ok(stats.total_time > 0 && stats.total_time < 5, `total_time ${stats.total_time}`);
    assert.equal(stats.retries_attempted, 1);
    assert.ok(stats.total_retry_delay > 0);
    assert.equal(stats.total_retry_delay, result.$metadata.totalRetryDelay);
    assert.equal(stats.http.length, 2);
    assert.deepEqual(
      stats.http.map((entry) => entry.http_code),
      [500, 200],
    );
    const first = stats.http[0] as Record<string, number>;
    assert.ok(first.connect_time > 0 && first.connect_time <= first.pretransfer_time, 'the first attempt opened the connection');
    for (const entry of stats.http) {
      assert.equal(entry.url, `${server.endpoint}/`);
      assert.equal(entry.primary_ip, '127.0.0.1');
      assert.equal(entry.primary_port, port());
      assert.ok(Number(entry.size_upload) > 0);
      assert.ok(Number(entry.size_download) > 0);
      const { pretransfer_time: pre, starttransfer_time: start, total_time: total } = entry as Record<string, number>;
      assert.ok(pre >= 0 && start >= pre && total >= start, `timings in order: ${JSON.stringify(entry)}`);
      assert.ok(total <= stats.total_time);
    }
    const again = (await client({ stats: true }).listIndicesAsync({})).$metadata.transferStats!;
    assert.equal(again.http![0].connect_time, undefined, 'a kept-alive connection was reused: no connect time');
    assert.equal(again.retries_attempted, 0);
  });

  it('turns retries, http and timer on one by one with the object form', async () => {
    failures = 1;
    const timer = (await client({ stats: { timer: true } }).listIndicesAsync({})).$metadata.transferStats!;
    assert.deepEqual(Object.keys(timer), ['total_time']);
    failures = 1;
    const retries = (await client({ stats: { retries: true, http: false } }).listIndicesAsync({})).$metadata.transferStats!;
    assert.deepEqual(Object.keys(retries).sort(), ['retries_attempted', 'total_retry_delay']);
    assert.equal(retries.retries_attempted, 1);
    const http = (await client({ stats: { http: true } }).listIndicesAsync({})).$metadata.transferStats!;
    assert.deepEqual(Object.keys(http), ['http']);
    assert.equal(http.http!.length, 1);
    assert.equal((await client({ stats: false }).listIndicesAsync({})).$metadata.transferStats, undefined);
    assert.equal((await client().listIndicesAsync({})).$metadata.transferStats, undefined);
  });

  it('puts the statistics on a thrown ServiceException', async () => {
    await assert.rejects(client({ stats: true }).describeIndexAsync({ Id: 'a'.repeat(36) }), (error: unknown) => {
      assert.ok(error instanceof ServiceException);
      const stats = error.$metadata.transferStats!;
      assert.equal(stats.retries_attempted, 0);
      assert.equal(stats.http!.length, 1);
      assert.equal(stats.http![0].http_code, 400);
      assert.ok(stats.total_time! > 0);
      return true;
    });
  });

  it("passes each attempt's statistics to http.http_stats_receiver", async () => {
    failures = 1;
    const received: Array<Record<string, number | string>> = [];
    const result = await client({
      stats: true,
      http: { http_stats_receiver: (stats: Record<string, number | string>) => received.push(stats) },
    }).listIndicesAsync({});
    assert.deepEqual(
      received.map((entry) => entry.http_code),
      [500, 200],
    );
    assert.deepEqual(received, result.$metadata.transferStats!.http);
    received.length = 0;
    await client({ http: { http_stats_receiver: (stats: Record<string, number | string>) => received.push(stats) } }).listIndicesAsync({});
    assert.equal(received.length, 1, 'the receiver works without stats too');
  });

  it('records what it can measure itself for an HTTP handler that reports nothing', async () => {
    const answer = async () => ({ statusCode: 200, headers: {}, body: new TextEncoder().encode('{"IndexConfigurationSummaryItems":[]}') });
    const result = await client({ stats: { http: true }, http_handler: answer }).listIndicesAsync({});
    const [entry] = result.$metadata.transferStats!.http!;
    assert.deepEqual(Object.keys(entry).sort(), ['http_code', 'total_time', 'url']);
    assert.equal(entry.http_code, 200);
    assert.equal(entry.url, `${server.endpoint}/`);
  });

  it('rejects malformed stats options, naming the option', () => {
    for (const stats of ['yes', 1, { timer: 'on' }, { seconds: true }, []]) {
      assert.throws(
        () => client({ stats }),
        (error: unknown) => error instanceof InvalidArgumentException && error.option === 'stats',
        JSON.stringify(stats),
      );
    }
  });
});
