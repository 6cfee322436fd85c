import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { MobileHttpClient } from '../local-mobile/http-client.js';
import { activeIndex, call, ok, startTestService, textDoc, type TestService } from '../local-search/support.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('local service: faults and the /_nimbus admin endpoints', function () {
  let service: TestService;
  let endpoint: string;
  const admin = async (method: string, name: string, body?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${endpoint}/_nimbus/${name}`, { method, headers, ...(body === undefined ? {} : { body }) });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };

  before(async () => {
    service = await startTestService({
      createDelay: 0,
      faults: { throttleRate: 1, operations: ['ListFaqs'], perOperation: { ListProjects: { throttleRate: 1 } } },
    });
    endpoint = service.service.endpoint;
  });
  after(async () => service.stop());

  it('injects the faults it was started with, per operation, in each protocol', async () => {
    const throttled = await call(endpoint, 'ListFaqs', { IndexId: 'i'.repeat(36) });
    assert.equal(throttled.status, 400);
    assert.equal(throttled.body.__type, 'ThrottlingException');
    assert.equal((await call(endpoint, 'ListIndices', {})).status, 200);
    const mobile = await new MobileHttpClient(endpoint, { key: 'test', secret: 'test' }).send('GET', '/projects');
    assert.equal(mobile.status, 429);
    assert.equal(mobile.json.__type, 'TooManyRequestsException');
    const report = await admin('GET', 'faults');
    assert.equal(report.status, 200);
    assert.deepEqual(report.body.faults.operations, ['ListFaqs']);
    assert.equal(report.body.injected.throttled, 2);
  });

  it('sets, shows and clears faults at /_nimbus/faults', async () => {
    const set = await admin('POST', 'faults', 'Query.5xx=1,latency=5ms,seed=7');
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.faults.perOperation.Query.serverErrorRate, 1);
    assert.equal(set.body.faults.latencyMs, 5);
    const index = await activeIndex(endpoint);
    const failed = await call(endpoint, 'Query', { IndexId: index, QueryText: 'x' });
    assert.equal(failed.status, 503);
    assert.equal(failed.body.__type, 'ServiceUnavailableException');
    const shown = await admin('GET', 'faults');
    assert.equal(shown.body.injected.serverErrors, 1);
    assert.ok(shown.body.injected.delayed >= 1);

    const json = await admin('PUT', 'faults', JSON.stringify({ perOperation: { ListIndices: { resetRate: 1 } } }));
    assert.equal(json.status, 200);
    await assert.rejects(call(endpoint, 'ListIndices', {}), (error: Error & { cause?: { code?: string } }) =>
      /ECONNRESET|other side closed|socket/i.test(`${error.cause?.code} ${error.cause}`),
    );
    assert.equal((await admin('GET', 'faults')).body.injected.resets, 1);

    const bad = await admin('POST', 'faults', 'throttle=2');
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /throttleRate must be a number from 0 to 1/);
    const cleared = await admin('DELETE', 'faults');
    assert.deepEqual(cleared.body, { faults: null, injected: null });
    assert.equal((await call(endpoint, 'Query', { IndexId: index, QueryText: 'x' })).status, 200);
    assert.equal((await call(endpoint, 'ListFaqs', { IndexId: index })).status, 200);
  });

  it('reports health and wipes every resource on POST /_nimbus/reset', async () => {
    const index = await activeIndex(endpoint, { Name: 'to-wipe' });
    await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('d1', 'One', 'first document')] });
    await new MobileHttpClient(endpoint, { key: 'test', secret: 'test' }).ok('POST', '/projects', { query: { name: 'app' } });
    const health = await admin('GET', 'health');
    assert.equal(health.status, 200);
    assert.equal(health.body.ready, true);
    assert.equal(health.body.version, VERSION);
    assert.equal(health.body.dataDir, service.dataDir);
    assert.equal(health.body.endpoint, endpoint);
    assert.ok(health.body.counts.search.indices >= 1);
    assert.equal(health.body.counts.search.documents, 1);
    assert.equal(health.body.counts.mobile.projects, 1);

    assert.equal((await admin('GET', 'reset')).status, 405);
    const reset = await admin('POST', 'reset');
    assert.equal(reset.status, 200);
    assert.deepEqual(reset.body.counts.search, { indices: 0, documents: 0, dataSources: 0, faqs: 0, thesauri: 0, passagesToEmbed: 0, passagesEmbedded: 0 });
    assert.equal(reset.body.counts.mobile.projects, 0);
    assert.deepEqual((await ok(endpoint, 'ListIndices', {})).IndexConfigurationSummaryItems, []);
    const again = await activeIndex(endpoint, { Name: 'after-reset' });
    await ok(endpoint, 'BatchPutDocument', { IndexId: again, Documents: [textDoc('d2', 'Two', 'second document')] });
    assert.deepEqual((await ok(endpoint, 'Query', { IndexId: again, QueryText: 'first' })).ResultItems, []);
    assert.equal((await ok(endpoint, 'Query', { IndexId: again, QueryText: 'second' })).ResultItems.length, 1);
  });

  it('refuses browser requests and unknown admin paths', async () => {
    const fromPage = await admin('POST', 'reset', undefined, { origin: 'https://example.com' });
    assert.equal(fromPage.status, 403);
    assert.equal(fromPage.body.__type, 'AccessDeniedException');
    assert.equal((await admin('GET', 'nothing')).status, 404);
  });
});
