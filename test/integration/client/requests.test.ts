import assert from 'node:assert/strict';
import { SearchClient, MobileClient, ServiceException, InvalidArgumentException, ConnectionError, type HttpRequest } from '../../../src/lib/index.js';
import { startTestServer, type TestServer } from '../../support/echo-server.js';

const credentials = { key: 'AKIDEXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

describe('client requests over HTTP', () => {
  let server: TestServer;
  let answer: (url: string, body: Buffer) => { status?: number; headers?: Record<string, string>; body?: unknown };
  before(async () => {
    server = await startTestServer((request) => answer(request.url, request.body));
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    answer = () => ({ body: {} });
  });

  const search = (extra: Record<string, unknown> = {}) =>
    new SearchClient({ region: 'us-east-1', version: 'latest', credentials, endpoint: server.endpoint, retries: 0, ...extra });

  it('sends a signed JSON 1.1 request and parses the result with $metadata', async () => {
    answer = () => ({ body: { Id: 'a'.repeat(36) }, headers: { 'x-amzn-requestid': 'rid-42', 'content-type': 'application/x-amz-json-1.1' } });
    const result = await search().createIndexAsync({ Name: 'docs', RoleArn: 'arn:aws:iam::000000000000:role/r' });
    assert.equal(result.Id, 'a'.repeat(36));
    assert.equal(result.$metadata.statusCode, 200);
    assert.equal(result.$metadata.requestId, 'rid-42');
    assert.equal(result.$metadata.attempts, 1);
    assert.equal(result.$metadata.effectiveUri, `${server.endpoint}/`);
    const [seen] = server.requests;
    assert.equal(seen.method, 'POST');
    assert.equal(seen.headers['x-amz-target'], 'AWSKendraFrontendService.CreateIndex');
    assert.equal(seen.headers['content-type'], 'application/x-amz-json-1.1');
    assert.match(
      String(seen.headers.authorization),
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/kendra\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    const body = JSON.parse(seen.body.toString());
    assert.equal(body.Name, 'docs');
    assert.match(body.ClientToken, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'idempotency token filled with a UUID v4');
  });

  it('keeps a supplied idempotency token, and honours idempotency_auto_fill false and a byte source', async () => {
    await search().createIndexAsync({ Name: 'docs', RoleArn: 'arn:aws:iam::000000000000:role/r', ClientToken: 'mine' });
    await search({ idempotency_auto_fill: false }).createIndexAsync({ Name: 'docs', RoleArn: 'arn:aws:iam::000000000000:role/r' });
    await search({ idempotency_auto_fill: (size: number) => new Uint8Array(size).fill(0xab) }).createIndexAsync({
      Name: 'docs',
      RoleArn: 'arn:aws:iam::000000000000:role/r',
    });
    const tokens = server.requests.map((request) => JSON.parse(request.body.toString()).ClientToken);
    assert.equal(tokens[0], 'mine');
    assert.equal(tokens[1], undefined);
    assert.equal(tokens[2], 'abababab-abab-4bab-abab-abababababab');
  });

  it('turns an error response into a ServiceException with code, status and request id', async () => {
    answer = () => ({
      status: 400,
      headers: { 'x-amzn-requestid': 'rid-err' },
      body: { __type: 'com.amazonaws.kendra#ResourceNotFoundException', message: 'Index not found' },
    });
    await assert.rejects(search().describeIndexAsync({ Id: 'b'.repeat(36) }), (error: unknown) => {
      assert.ok(error instanceof ServiceException);
      assert.equal(error.code, 'ResourceNotFoundException');
      assert.equal(error.message, 'Index not found');
      assert.equal(error.statusCode, 400);
      assert.equal(error.requestId, 'rid-err');
      assert.equal(error.retryable, false);
      assert.equal(error.$metadata.statusCode, 400);
      return true;
    });
  });

  it('validates input before sending, reporting every problem at once', async () => {
    await assert.rejects(search().createIndexAsync({ Edition: 'HUGE', Name: '' } as never), (error: unknown) => {
      assert.ok(error instanceof InvalidArgumentException);
      assert.equal(error.operation, 'CreateIndex');
      assert.ok(error.problems.length >= 3, error.message);
      assert.match(error.message, /RoleArn/);
      assert.match(error.message, /Edition/);
      return true;
    });
    assert.equal(server.requests.length, 0);
    await search({ validate: false }).createIndexAsync({ Edition: 'HUGE' } as never);
    assert.equal(JSON.parse(server.requests[0].body.toString()).Edition, 'HUGE');
  });

  it('sends REST-JSON requests for the mobile service', async () => {
    answer = () => ({ body: { details: { projectId: 'p1', name: 'demo', state: 'NORMAL' } } });
    const mobile = new MobileClient({ region: 'us-east-1', version: 'latest', credentials, endpoint: server.endpoint, retries: 0 });
    const result = await mobile.describeProjectAsync({ projectId: 'p1', syncFromResources: true });
    assert.equal(result.details?.name, 'demo');
    const [seen] = server.requests;
    assert.equal(seen.method, 'GET');
    assert.equal(seen.url, '/project?projectId=p1&syncFromResources=true');
    assert.match(String(seen.headers.authorization), /\/us-east-1\/AWSMobileHubService\/aws4_request/);
  });

  it('signs nothing with credentials false', async () => {
    await search({ credentials: false }).listIndicesAsync({});
    assert.equal(server.requests[0].headers.authorization, undefined);
  });

  it('uses http_handler over handler, and handler as the terminal', async () => {
    const sent: HttpRequest[] = [];
    const viaHttpHandler = search({
      http_handler: async (request: HttpRequest) => {
        sent.push(request);
        return {
          statusCode: 200,
          headers: { 'x-amzn-requestid': 'from-http-handler' },
          body: new TextEncoder().encode('{"IndexConfigurationSummaryItems":[]}'),
        };
      },
      handler: async () => {
        throw new Error('handler must not run when http_handler is set');
      },
    });
    const result = await viaHttpHandler.listIndicesAsync({});
    assert.equal(result.$metadata.requestId, 'from-http-handler');
    assert.deepEqual(result.IndexConfigurationSummaryItems, []);
    assert.ok(sent[0].headers.authorization);
    const viaHandler = search({
      handler: async (command: { name: string }, request?: HttpRequest) => ({
        Seen: `${command.name} ${request?.headers['x-amz-target']}`,
        $metadata: { headers: {}, attempts: 1, totalRetryDelay: 0 },
      }),
    });
    const direct = (await viaHandler.listIndicesAsync({})) as unknown as { Seen: string };
    assert.equal(direct.Seen, 'ListIndices AWSKendraFrontendService.ListIndices');
    assert.equal(server.requests.length, 0);
  });

  it('lets users add middleware by step and name', async () => {
    const client = search();
    const order: string[] = [];
    client.getHandlerList().add(
      'build',
      'tag-request',
      (next) => (command, request) => {
        order.push(`build:${request ? 'request' : 'none'}`);
        if (request) request.headers['x-custom'] = 'yes';
        return next(command, request);
      },
      { after: 'serialize' },
    );
    client.getHandlerList().add('init', 'count', (next) => (command, request) => {
      order.push(`init:${command.name}`);
      return next(command, request);
    });
    await client.listIndicesAsync({});
    assert.deepEqual(order, ['init:ListIndices', 'build:request']);
    assert.equal(server.requests[0].headers['x-custom'], 'yes');
  });

  it('reports a refused connection as a ConnectionError', async () => {
    const client = new SearchClient({ region: 'us-east-1', version: 'latest', credentials, endpoint: 'http://127.0.0.1:1', retries: 1 });
    await assert.rejects(
      client.listIndicesAsync({}),
      (error: unknown) => error instanceof ConnectionError && error.code === 'ECONNREFUSED' && error.$metadata?.attempts === 2,
    );
  });

  it('times out a slow response with http.timeout', async () => {
    answer = () => new Promise(() => undefined) as never;
    const client = search({ http: { timeout: 0.2 } });
    await assert.rejects(client.listIndicesAsync({}), (error: unknown) => error instanceof ConnectionError && error.timeout);
  });
});
