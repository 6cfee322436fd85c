import assert from 'node:assert/strict';
import { Client, MobileClient, SearchClient, type ClientOptions } from '../../../src/lib/index.js';
import { startTestServer, type TestServer } from '../../support/echo-server.js';
import { widgetsProvider, WIDGETS_VERSION } from '../../integration/providers/widgets-service.js';

const credentials = { key: 'AKIDEXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

describe('operation methods', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer((request) => {
      const target = String(request.headers['x-amz-target']);
      if (target === 'AWSKendraFrontendService.ListIndices') return { body: { IndexConfigurationSummaryItems: [] } };
      if (target === 'WidgetService.CreateWidget') return { body: { Widget: { Id: 'w-1', Name: 'first', Status: 'CREATING' } } };
      return { status: 400, body: { __type: 'UnknownOperationException', message: target } };
    });
  });
  after(() => server.close());

  const options = (): ClientOptions => ({
    region: 'us-east-1',
    version: 'latest',
    credentials,
    endpoint: server.endpoint,
    retries: 0,
    use_aws_shared_config_files: false,
  });
  const widgets = (): Client => new Client({ ...options(), version: WIDGETS_VERSION, api_provider: widgetsProvider() }, { name: 'widgets', versions: [] });

  it('gives a custom service its methods on the instance alone, never on a shared prototype', async () => {
    const custom = widgets();
    assert.ok(Object.hasOwn(custom, 'createWidgetAsync') && Object.hasOwn(custom, 'createWidget'));
    assert.equal('createWidgetAsync' in Client.prototype, false);
    const created = await (custom as unknown as { createWidgetAsync(args: object): Promise<Record<string, unknown>> }).createWidgetAsync({ Name: 'first' });
    assert.deepEqual(created.Widget, { Id: 'w-1', Name: 'first', Status: 'CREATING' });
  });

  it("does not leak a custom service's methods onto SearchClient, MobileClient or another generic client", () => {
    widgets();
    const search = new SearchClient(options());
    const mobile = new MobileClient(options());
    for (const client of [search, mobile, SearchClient.prototype, MobileClient.prototype]) {
      assert.equal('createWidgetAsync' in client, false);
      assert.equal('createWidget' in client, false);
    }
    const api = structuredClone(widgets().getApi().json) as unknown as { metadata: { serviceId: string }; operations: Record<string, unknown> };
    api.operations = { PingDefault: api.operations.PingDefault };
    const gadgets = new Client(
      { ...options(), version: WIDGETS_VERSION, api_provider: (type) => (type === 'api' ? (structuredClone(api) as never) : null) },
      { name: 'gadgets', versions: [] },
    );
    assert.ok(Object.hasOwn(gadgets, 'pingDefaultAsync'));
    assert.equal('createWidgetAsync' in gadgets, false);
  });

  it('has SearchClient and MobileClient methods on their own prototypes, from the generated classes', async () => {
    const search = new SearchClient(options());
    assert.equal(Object.hasOwn(search, 'listIndicesAsync'), false);
    assert.equal(typeof SearchClient.prototype.listIndicesAsync, 'function');
    assert.equal(typeof SearchClient.prototype.listIndices, 'function');
    assert.equal(typeof MobileClient.prototype.listProjectsAsync, 'function');
    assert.equal('listProjectsAsync' in SearchClient.prototype, false);
    assert.equal('listIndicesAsync' in MobileClient.prototype, false);
    const result = await search.listIndicesAsync({});
    assert.deepEqual(result.IndexConfigurationSummaryItems, []);
    assert.equal(result.$metadata.statusCode, 200);
  });

  it('adds to a built-in service client only the operations a custom api_provider knows beyond the generated ones', () => {
    const builtIn = new SearchClient(options());
    const api = structuredClone(builtIn.getApi().json) as unknown as { operations: Record<string, { name: string }> };
    api.operations.ListWidgets = { ...api.operations.ListIndices!, name: 'ListWidgets' };
    const custom = new SearchClient({ ...options(), version: '2019-02-03', api_provider: (type) => (type === 'api' ? (structuredClone(api) as never) : null) });
    assert.ok(Object.hasOwn(custom, 'listWidgetsAsync'));
    assert.equal(Object.hasOwn(custom, 'listIndicesAsync'), false, 'a generated method is not shadowed');
    assert.equal('listWidgetsAsync' in builtIn, false);
  });
});
