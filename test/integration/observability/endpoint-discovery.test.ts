import assert from 'node:assert/strict';
import type { Client } from '../../../src/lib/client/client.js';
import type { CredentialProvider } from '../../../src/lib/credentials/types.js';
import { EndpointDiscoveryConfiguration } from '../../../src/lib/client/discovery/endpoint-discovery-configuration.js';
import { EndpointDiscoveryError } from '../../../src/lib/errors/endpoint-discovery-error.js';
import { ServiceException } from '../../../src/lib/errors/service-exception.js';
import { endpointDiscoveryMiddleware } from '../../../src/lib/client/middleware/endpoint-discovery.js';
import { startTestServer, type SeenRequest, type TestServer } from '../../support/echo-server.js';
import { call, widgetsClient } from '../providers/widgets-service.js';

type Answer = { status?: number; body?: unknown };

describe('endpoint_discovery', () => {
  let server: TestServer;
  let host: string;
  let discover: (input: Record<string, unknown>) => Answer;
  let atPath: Record<string, Answer>;

  before(async () => {
    server = await startTestServer((request: SeenRequest) => {
      const operation = String(request.headers['x-amz-target']).replace('WidgetService.', '');
      if (operation === 'DescribeEndpoints') return discover(JSON.parse(request.body.toString() || '{}'));
      return atPath[request.url] ?? { body: { Data: `from ${request.url}` } };
    });
    host = new URL(server.endpoint).host;
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    atPath = {};
    discover = () => ({ body: { Endpoints: [{ Address: `${host}/good`, CachePeriodInMinutes: 10 }] } });
  });

  const credentials = { key: 'AKIDDISCOVERY', secret: 'discovery-secret' };
  const client = (extra: Record<string, unknown> = {}): Client =>
    widgetsClient({ credentials, endpoint: server.endpoint, endpoint_discovery: { enabled: true }, ...extra });
  const seen = () => server.requests.map((request) => `${String(request.headers['x-amz-target']).replace('WidgetService.', '')} ${request.url}`);
  const discoveries = () => server.requests.filter((request) => String(request.headers['x-amz-target']).endsWith('DescribeEndpoints'));

  /** Swaps in a discovery middleware with a test clock, through the handler list's public API. */
  const withClock = (target: Client, now: () => number): Client => {
    const list = target.getHandlerList();
    list.replace(
      'endpoint-discovery',
      endpointDiscoveryMiddleware({
        configuration: target.getConfig('endpoint_discovery') as EndpointDiscoveryConfiguration,
        model: target.getApi(),
        endpoint: target.getEndpoint(),
        credentials: target.getConfig('credentials') as CredentialProvider,
        handler: () => list.resolve(),
        now,
      }),
    );
    return target;
  };

  it('calls the discovery operation, sends to the discovered endpoint and caches it per identifiers', async () => {
    const widgets = client();
    const result = await call(widgets, 'getDataAsync', { Id: 'd1' });
    assert.equal(result.Data, 'from /good');
    assert.deepEqual(JSON.parse(discoveries()[0].body.toString()), { Operation: 'GetData', Identifiers: { Id: 'd1' } });
    assert.match(String(discoveries()[0].headers.authorization), /Credential=AKIDDISCOVERY\//, 'the discovery call is signed like any other');
    await call(widgets, 'getDataAsync', { Id: 'd1' });
    await call(widgets, 'getDataAsync', { Id: 'd2' });
    await call(widgets, 'pingDefaultAsync');
    assert.deepEqual(seen(), ['DescribeEndpoints /', 'GetData /good', 'GetData /good', 'DescribeEndpoints /', 'GetData /good', 'PingDefault /']);
    assert.deepEqual(JSON.parse(discoveries()[1].body.toString()).Identifiers, { Id: 'd2' });
  });

  it('keys the cache on the access key, and holds at most cache_limit keys', async () => {
    let key = 'AKIDFIRST';
    const widgets = client({ credentials: () => ({ key, secret: 's' }), endpoint_discovery: { enabled: true, cache_limit: 1 } });
    await call(widgets, 'getDataAsync', { Id: 'd1' });
    key = 'AKIDSECOND';
    await call(widgets, 'getDataAsync', { Id: 'd1' });
    assert.equal(discoveries().length, 2, 'a new access key means a new cache key');
    await call(widgets, 'getDataAsync', { Id: 'd2' });
    await call(widgets, 'getDataAsync', { Id: 'd1' });
    assert.equal(discoveries().length, 4, 'with cache_limit 1, d2 evicted d1');
    const roomy = client({ endpoint_discovery: { enabled: true, cache_limit: 2 } });
    server.requests.length = 0;
    for (const id of ['d1', 'd2', 'd1', 'd2']) await call(roomy, 'getDataAsync', { Id: id });
    assert.equal(discoveries().length, 2);
  });

  it('rediscovers when CachePeriodInMinutes has passed, and falls back to a stale endpoint when that fails', async () => {
    let now = 1_000_000;
    const widgets = withClock(client(), () => now);
    discover = () => ({ body: { Endpoints: [{ Address: `http://${host}/first`, CachePeriodInMinutes: 1 }] } });
    await call(widgets, 'getDataAsync', { Id: 'd1' });
    now += 59_000;
    await call(widgets, 'getDataAsync', { Id: 'd1' });
    assert.equal(discoveries().length, 1);
    now += 2_000;
    discover = () => ({ body: { Endpoints: [{ Address: `${host}/second`, CachePeriodInMinutes: 1 }] } });
    assert.equal((await call(widgets, 'getDataAsync', { Id: 'd1' })).Data, 'from /second');
    assert.equal(discoveries().length, 2);
    now += 120_000;
    discover = () => ({ status: 500, body: { __type: 'InternalServerException', message: 'down' } });
    assert.equal((await call(widgets, 'getDataAsync', { Id: 'd1' })).Data, 'from /second', 'the expired endpoint is better than none');
    assert.equal(discoveries().length, 3);
  });

  it('drops an endpoint answering 421 or InvalidEndpointException and sends the call again', async () => {
    discover = () => ({
      body: {
        Endpoints: [
          { Address: `${host}/bad`, CachePeriodInMinutes: 10 },
          { Address: `${host}/good`, CachePeriodInMinutes: 10 },
        ],
      },
    });
    atPath['/bad'] = { status: 421, body: { message: 'Misdirected' } };
    const widgets = client();
    assert.equal((await call(widgets, 'putDataAsync', { Id: 'p1', Data: 'x' })).$metadata.statusCode, 200);
    await call(widgets, 'putDataAsync', { Id: 'p1', Data: 'y' });
    assert.deepEqual(seen(), ['DescribeEndpoints /', 'PutData /bad', 'PutData /good', 'PutData /good']);

    server.requests.length = 0;
    discover = () => ({ body: { Endpoints: [{ Address: `${host}/stale`, CachePeriodInMinutes: 10 }] } });
    atPath['/stale'] = { status: 400, body: { __type: 'InvalidEndpointException', message: 'not here' } };
    const optional = client();
    assert.equal((await call(optional, 'getDataAsync', { Id: 'g1' })).Data, 'from /', 'an optional operation falls back to the client endpoint');
    assert.deepEqual(seen(), ['DescribeEndpoints /', 'GetData /stale', 'GetData /']);
    await assert.rejects(
      call(client(), 'putDataAsync', { Id: 'p2' }),
      (error: unknown) => error instanceof ServiceException && error.code === 'InvalidEndpointException',
      'a required operation with no endpoint left fails with the service error',
    );
  });

  it('rediscovers after an invalid endpoint once the cooldown has passed', async () => {
    let now = 5_000_000;
    const widgets = withClock(client(), () => now);
    let round = 0;
    discover = () => ({ body: { Endpoints: [{ Address: `${host}/round${++round}`, CachePeriodInMinutes: 10 }] } });
    atPath['/round1'] = { status: 421, body: {} };
    await call(widgets, 'putDataAsync', { Id: 'p1' }).catch(() => undefined);
    now += 61_000;
    assert.equal((await call(widgets, 'putDataAsync', { Id: 'p1' })).$metadata.statusCode, 200);
    assert.deepEqual(seen(), ['DescribeEndpoints /', 'PutData /round1', 'DescribeEndpoints /', 'PutData /round2']);
  });

  it('fails clearly when a required operation meets disabled discovery, and skips discovery for optional ones', async () => {
    for (const disabled of [
      client({ endpoint_discovery: undefined }),
      client({ endpoint_discovery: false }),
      client({ endpoint_discovery: new EndpointDiscoveryConfiguration({ enabled: false }) }),
    ]) {
      await assert.rejects(call(disabled, 'putDataAsync', { Id: 'p1' }), (error: unknown) => {
        assert.ok(error instanceof EndpointDiscoveryError);
        assert.equal(error.operation, 'PutData');
        assert.match(
          error.message,
          /PutData requires endpoint discovery, which is disabled: enable it with the endpoint_discovery option, AWS_ENDPOINT_DISCOVERY_ENABLED or endpoint_discovery_enabled/,
        );
        return true;
      });
      assert.equal((await call(disabled, 'getDataAsync', { Id: 'g1' })).Data, 'from /');
    }
    assert.deepEqual(seen(), ['GetData /', 'GetData /', 'GetData /']);
  });

  it('uses the client endpoint when discovery fails for an optional operation, and fails a required one', async () => {
    discover = () => ({ body: { Endpoints: [] } });
    const widgets = client();
    assert.equal((await call(widgets, 'getDataAsync', { Id: 'g1' })).Data, 'from /');
    assert.equal((await call(widgets, 'getDataAsync', { Id: 'g1' })).Data, 'from /');
    assert.equal(discoveries().length, 1, 'a failed discovery rests for a minute');
    discover = () => ({ status: 500, body: { __type: 'InternalServerException', message: 'discovery is down' } });
    await assert.rejects(call(widgets, 'putDataAsync', { Id: 'p9' }), (error: unknown) => {
      assert.ok(error instanceof EndpointDiscoveryError);
      assert.match(error.message, /PutData requires endpoint discovery, and discovering an endpoint failed: discovery is down/);
      assert.ok(error.cause instanceof ServiceException);
      return true;
    });
  });

  it('takes a function, a configuration object or a cache object', async () => {
    const fromFunction = client({ endpoint_discovery: () => ({ enabled: true, cache_limit: 5 }) });
    assert.deepEqual((fromFunction.getConfig('endpoint_discovery') as EndpointDiscoveryConfiguration).toArray(), { enabled: true, cache_limit: 5 });
    await call(fromFunction, 'getDataAsync', { Id: 'g1' });
    const store = new Map<string, unknown>([['aws_cached_endpoint_discovery_config', new EndpointDiscoveryConfiguration({ enabled: true })]]);
    const fromCache = client({ endpoint_discovery: { get: (key: string) => store.get(key), set: (key: string, value: unknown) => store.set(key, value) } });
    await call(fromCache, 'getDataAsync', { Id: 'g1' });
    assert.deepEqual(seen(), ['DescribeEndpoints /', 'GetData /good', 'DescribeEndpoints /', 'GetData /good']);
  });
});
