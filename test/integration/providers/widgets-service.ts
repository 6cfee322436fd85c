/**
 * A synthetic JSON 1.1 service, "widgets", that nimbus does not ship: the tests build clients for
 * it from an `api_provider` alone. Besides ordinary operations it has what neither shipped model
 * uses: endpoint discovery, a host prefix, an unsigned operation and a per-operation signature
 * version.
 */
import type { ApiDataType, ApiProvider } from '../../../src/lib/client/api-provider.js';
import { Client } from '../../../src/lib/client/client.js';
import type { ClientOptions } from '../../../src/lib/client/resolve-config.js';

export const WIDGETS_VERSION = '2024-01-01';

const op = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  http: { method: 'POST', requestUri: '/' },
  input: { shape: `${name}Request` },
  output: { shape: `${name}Response` },
  errors: [{ shape: 'ResourceNotFoundException' }],
  ...extra,
});

const structure = (members: Record<string, unknown>, required: string[] = []) => ({ type: 'structure', required, members });

/** The model (botocore JSON). */
export const WIDGETS_API = {
  version: '2.0',
  metadata: {
    apiVersion: WIDGETS_VERSION,
    endpointPrefix: 'widgets',
    jsonVersion: '1.1',
    protocol: 'json',
    serviceFullName: 'Widgets Service',
    serviceId: 'Widgets',
    signatureVersion: 'v4',
    signingName: 'widgets',
    targetPrefix: 'WidgetService',
    uid: `widgets-${WIDGETS_VERSION}`,
  },
  operations: {
    CreateWidget: op('CreateWidget'),
    GetWidget: op('GetWidget'),
    ListWidgets: op('ListWidgets'),
    DescribeEndpoints: op('DescribeEndpoints', { endpointoperation: true }),
    GetData: op('GetData', { endpointdiscovery: {} }),
    PutData: op('PutData', { endpointdiscovery: { required: true } }),
    GetTenantData: op('GetTenantData', { endpoint: { hostPrefix: '{Tenant}.data.' } }),
    PingAnonymous: op('PingAnonymous', { authtype: 'none' }),
    PingV4: op('PingV4', { signatureVersion: 'v4' }),
    PingDefault: op('PingDefault'),
  },
  shapes: {
    String: { type: 'string' },
    Id: { type: 'string', min: 1, max: 64 },
    Secret: { type: 'string', sensitive: true },
    Integer: { type: 'integer' },
    Long: { type: 'long' },
    Status: { type: 'string', enum: ['CREATING', 'READY', 'FAILED'] },
    Widget: structure({ Id: { shape: 'Id' }, Name: { shape: 'String' }, Status: { shape: 'Status' }, Secret: { shape: 'Secret' } }),
    WidgetList: { type: 'list', member: { shape: 'Widget' } },
    Endpoint: structure({ Address: { shape: 'String' }, CachePeriodInMinutes: { shape: 'Long' } }, ['Address', 'CachePeriodInMinutes']),
    Endpoints: { type: 'list', member: { shape: 'Endpoint' } },
    Identifiers: { type: 'map', key: { shape: 'String' }, value: { shape: 'String' } },
    CreateWidgetRequest: structure({ Name: { shape: 'String' }, Secret: { shape: 'Secret' } }, ['Name']),
    CreateWidgetResponse: structure({ Widget: { shape: 'Widget' } }),
    GetWidgetRequest: structure({ Id: { shape: 'Id' } }, ['Id']),
    GetWidgetResponse: structure({ Widget: { shape: 'Widget' } }),
    ListWidgetsRequest: structure({ NextToken: { shape: 'String' }, MaxResults: { shape: 'Integer' } }),
    ListWidgetsResponse: structure({ Widgets: { shape: 'WidgetList' }, NextToken: { shape: 'String' } }),
    DescribeEndpointsRequest: structure({ Operation: { shape: 'String' }, Identifiers: { shape: 'Identifiers' } }),
    DescribeEndpointsResponse: structure({ Endpoints: { shape: 'Endpoints' } }, ['Endpoints']),
    GetDataRequest: structure({ Id: { shape: 'Id', endpointdiscoveryid: true } }),
    GetDataResponse: structure({ Data: { shape: 'String' } }),
    PutDataRequest: structure({ Id: { shape: 'Id', endpointdiscoveryid: true }, Data: { shape: 'String' } }, ['Id']),
    PutDataResponse: structure({}),
    GetTenantDataRequest: structure({ Tenant: { shape: 'String', hostLabel: true } }, ['Tenant']),
    GetTenantDataResponse: structure({ Data: { shape: 'String' } }),
    PingAnonymousRequest: structure({}),
    PingAnonymousResponse: structure({}),
    PingV4Request: structure({}),
    PingV4Response: structure({}),
    PingDefaultRequest: structure({}),
    PingDefaultResponse: structure({}),
    ResourceNotFoundException: { type: 'structure', members: { message: { shape: 'String' } }, error: { httpStatusCode: 400 }, exception: true },
  },
};

/** paginators.json */
const WIDGETS_PAGINATORS = {
  pagination: {
    ListWidgets: { input_token: 'NextToken', output_token: 'NextToken', limit_key: 'MaxResults', result_key: 'Widgets' },
  },
};

/** waiters.json */
const WIDGETS_WAITERS = {
  version: 2,
  waiters: {
    WidgetReady: {
      delay: 1,
      maxAttempts: 5,
      operation: 'GetWidget',
      acceptors: [
        { matcher: 'path', argument: 'Widget.Status', state: 'success', expected: 'READY' },
        { matcher: 'path', argument: 'Widget.Status', state: 'failure', expected: 'FAILED' },
        { matcher: 'error', state: 'retry', expected: 'ResourceNotFoundException' },
      ],
    },
  },
};

/** A provider of the widgets data; `calls` records what it was asked. */
export function widgetsProvider(calls: Array<[ApiDataType, string, string]> = []): ApiProvider {
  const data = { api: WIDGETS_API, paginator: WIDGETS_PAGINATORS, waiter: WIDGETS_WAITERS };
  return (type, service, version) => {
    calls.push([type, service, version]);
    return service === 'widgets' && version === WIDGETS_VERSION ? (structuredClone(data[type]) as Record<string, unknown>) : null;
  };
}

/** A client of the widgets service from the provider alone. */
export function widgetsClient(options: Partial<ClientOptions> = {}): Client {
  return new Client({ region: 'us-east-1', version: WIDGETS_VERSION, api_provider: widgetsProvider(), retries: 0, ...options } as ClientOptions, {
    name: 'widgets',
    versions: [],
  });
}

/** Calls an operation through the magic method `<op>Async`. */
export function call(
  client: Client,
  method: string,
  args: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { $metadata: Record<string, unknown> }> {
  const fn = (client as unknown as Record<string, (args: Record<string, unknown>) => Promise<never>>)[method];
  if (typeof fn !== 'function') throw new Error(`The client has no method ${method}`);
  return fn.call(client, args);
}
