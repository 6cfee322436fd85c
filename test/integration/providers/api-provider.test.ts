import assert from 'node:assert/strict';
import type { ApiDataType } from '../../../src/lib/client/api-provider.js';
import { Client } from '../../../src/lib/client/client.js';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { ServiceException } from '../../../src/lib/errors/service-exception.js';
import type { ClientOptions } from '../../../src/lib/client/resolve-config.js';
import { startTestServer, type TestServer } from '../../support/echo-server.js';
import { call, widgetsProvider, WIDGETS_VERSION } from './widgets-service.js';

const credentials = { key: 'AKIDWIDGETS', secret: 'widgets-secret-key' };

describe('api_provider: a service nimbus does not ship, from a provider alone', () => {
  let server: TestServer;
  const widgets = new Map<string, { Id: string; Name: string; Status: string; polls: number }>();
  before(async () => {
    server = await startTestServer((request) => {
      const operation = String(request.headers['x-amz-target']).replace('WidgetService.', '');
      const input = JSON.parse(request.body.toString() || '{}');
      if (operation === 'CreateWidget') {
        const widget = { Id: `w-${widgets.size + 1}`, Name: input.Name, Status: 'CREATING', polls: 0 };
        widgets.set(widget.Id, widget);
        return { body: { Widget: { Id: widget.Id, Name: widget.Name, Status: widget.Status } } };
      }
      if (operation === 'GetWidget') {
        const widget = widgets.get(input.Id);
        if (!widget) return { status: 400, body: { __type: 'ResourceNotFoundException', message: `No widget ${input.Id}` } };
        widget.polls += 1;
        if (widget.polls >= 2) widget.Status = 'READY';
        return { body: { Widget: { Id: widget.Id, Name: widget.Name, Status: widget.Status } } };
      }
      if (operation === 'ListWidgets') {
        const all = [...widgets.values()].map(({ Id, Name, Status }) => ({ Id, Name, Status }));
        const start = Number(input.NextToken ?? 0);
        const size = input.MaxResults ?? 2;
        const page = all.slice(start, start + size);
        return { body: { Widgets: page, ...(start + size < all.length ? { NextToken: String(start + size) } : {}) } };
      }
      return { status: 400, body: { __type: 'UnknownOperationException', message: operation } };
    });
  });
  after(() => server.close());

  const asked: Array<[ApiDataType, string, string]> = [];
  const client = (): Client =>
    new Client(
      {
        region: 'us-east-1',
        version: WIDGETS_VERSION,
        api_provider: widgetsProvider(asked),
        credentials,
        endpoint: server.endpoint,
        retries: 0,
      } as ClientOptions,
      {
        name: 'widgets',
        versions: [],
      },
    );

  it('loads the model from the provider and runs its operations through the magic call', async () => {
    const widgetsClient = client();
    assert.deepEqual(asked[0], ['api', 'widgets', WIDGETS_VERSION]);
    assert.equal(widgetsClient.getApi().metadata.serviceId, 'Widgets');
    assert.equal(widgetsClient.getEndpoint().href, `${server.endpoint}/`);
    const created = await call(widgetsClient, 'createWidgetAsync', { Name: 'first' });
    assert.deepEqual(created.Widget, { Id: 'w-1', Name: 'first', Status: 'CREATING' });
    const seen = server.requests.at(-1)!;
    assert.equal(seen.headers['x-amz-target'], 'WidgetService.CreateWidget');
    assert.equal(seen.headers['content-type'], 'application/x-amz-json-1.1');
    assert.match(String(seen.headers.authorization), /Credential=AKIDWIDGETS\/\d{8}\/us-east-1\/widgets\/aws4_request/);
    await assert.rejects(
      call(widgetsClient, 'getWidgetAsync', { Id: 'nope' }),
      (error: unknown) => error instanceof ServiceException && error.code === 'ResourceNotFoundException',
    );
    await assert.rejects(
      call(widgetsClient, 'createWidgetAsync', {}),
      (error: unknown) => error instanceof InvalidArgumentException && /Name/.test(error.message),
    );
  });

  it("pages through the provider's paginators", async () => {
    const widgetsClient = client();
    await call(widgetsClient, 'createWidgetAsync', { Name: 'second' });
    await call(widgetsClient, 'createWidgetAsync', { Name: 'third' });
    const pages = [];
    for await (const page of widgetsClient.getPaginator('ListWidgets', { MaxResults: 2 })) pages.push(page.Widgets);
    assert.deepEqual(
      pages.map((page) => (page as unknown[]).length),
      [2, 1],
    );
    const names = [];
    for await (const widget of widgetsClient.getIterator('listWidgets', { MaxResults: 1 })) names.push((widget as { Name: string }).Name);
    assert.deepEqual(names, ['first', 'second', 'third']);
    assert.ok(asked.some(([type, service, version]) => type === 'paginator' && service === 'widgets' && version === WIDGETS_VERSION));
  });

  it("waits with the provider's waiters", async () => {
    const widgetsClient = client();
    const created = await call(widgetsClient, 'createWidgetAsync', { Name: 'waited' });
    const id = (created.Widget as { Id: string }).Id;
    const attempts: string[] = [];
    const result = await widgetsClient
      .getWaiter('WidgetReady', {
        Id: id,
        '@waiter': { delay: 0, after: (_attempt: number, outcome: { state: string }) => attempts.push(outcome.state) },
      })
      .promise();
    assert.equal((result.Widget as { Status: string }).Status, 'READY');
    assert.deepEqual(attempts, ['retry', 'success']);
    assert.ok(asked.some(([type, service]) => type === 'waiter' && service === 'widgets'));
  });

  it('fails clearly when the provider has no API for the version', () => {
    assert.throws(
      () =>
        new Client({ region: 'us-east-1', version: '2020-01-01', api_provider: widgetsProvider(), credentials } as ClientOptions, {
          name: 'widgets',
          versions: [],
        }),
      (error: unknown) =>
        error instanceof InvalidArgumentException && error.option === 'version' && /widgets service has no API version "2020-01-01"/.test(error.message),
    );
    assert.throws(
      () =>
        new Client({ region: 'us-east-1', version: WIDGETS_VERSION, api_provider: () => ({ metadata: {} }), credentials } as ClientOptions, {
          name: 'widgets',
          versions: [],
        }),
      (error: unknown) => error instanceof InvalidArgumentException && error.option === 'api_provider',
    );
  });
});
