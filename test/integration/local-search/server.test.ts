import { strict as assert } from 'node:assert';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Client } from 'undici';
import { call, ok, startTestService, type TestService } from './support.js';

function nonLoopbackAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return undefined;
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function rawPost(endpoint: string, headers: Record<string, string>, body: string | Buffer): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(`${endpoint}/`, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

describe('local search service: the HTTP server', function () {
  let service: TestService;
  let endpoint: string;

  before(async () => {
    service = await startTestService({ maxBodyBytes: 64 * 1024 });
    endpoint = service.service.endpoint;
  });
  after(async () => service.stop());

  it('listens on 127.0.0.1 by default, not on other interfaces', async () => {
    assert.match(endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(await canConnect('127.0.0.1', service.service.port), true);
    const other = nonLoopbackAddress();
    if (other) assert.equal(await canConnect(other, service.service.port), false, `reachable on ${other}`);
  });

  it('answers every request with an x-amzn-RequestId, errors with __type and x-amzn-ErrorType', async () => {
    const good = await call(endpoint, 'ListIndices', {});
    assert.equal(good.status, 200);
    assert.match(good.headers['x-amzn-requestid']!, /^[0-9a-f-]{36}$/);
    assert.equal(good.headers['content-type'], 'application/x-amz-json-1.1');
    const bad = await call(endpoint, 'DescribeIndex', { Id: 'x'.repeat(36) });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.__type, 'ResourceNotFoundException');
    assert.equal(bad.headers['x-amzn-errortype'], 'ResourceNotFoundException');
    assert.match(bad.body.Message, /does not exist/);
    assert.match(bad.headers['x-amzn-requestid']!, /^[0-9a-f-]{36}$/);
  });

  it('refuses unsigned requests, unknown keys and bad signatures with the pinned 403 codes', async () => {
    const missing = await call(endpoint, 'ListIndices', {}, { credentials: null });
    assert.equal(missing.status, 403);
    assert.equal(missing.body.__type, 'MissingAuthenticationTokenException');
    const unknown = await call(endpoint, 'ListIndices', {}, { credentials: { key: 'nobody', secret: 'test' } });
    assert.equal(unknown.status, 403);
    assert.equal(unknown.body.__type, 'UnrecognizedClientException');
    const wrong = await call(endpoint, 'ListIndices', {}, { credentials: { key: 'test', secret: 'wrong' } });
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.__type, 'InvalidSignatureException');
    assert.equal(wrong.headers['x-amzn-errortype'], 'InvalidSignatureException');
    assert.ok(!JSON.stringify(wrong.body).includes('wrong'), 'the secret leaks into the error');
  });

  it('refuses a request signed for another service', async () => {
    const answer = await call(endpoint, 'ListIndices', {}, { service: 's3' });
    assert.equal(answer.status, 403);
    assert.equal(answer.body.__type, 'InvalidSignatureException');
  });

  it('answers malformed JSON, a wrong content type, an unknown target and an oversized body with clean 4xx errors, and keeps serving', async () => {
    const malformed = await call(endpoint, 'ListIndices', {}, { rawBody: '{"MaxResults": ' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.__type, 'SerializationException');
    const notObject = await call(endpoint, 'ListIndices', {}, { rawBody: '[1,2]' });
    assert.equal(notObject.body.__type, 'SerializationException');
    const contentType = await call(endpoint, 'ListIndices', {}, { headers: { 'content-type': 'text/plain' } });
    assert.equal(contentType.status, 415);
    assert.equal(contentType.body.__type, 'UnsupportedMediaTypeException');
    const unknownOp = await call(endpoint, 'MakeCoffee', {});
    assert.equal(unknownOp.status, 400);
    assert.equal(unknownOp.body.__type, 'UnknownOperationException');
    const otherService = await call(endpoint, 'ListIndices', {}, { headers: { 'x-amz-target': 'SomethingElse_20200101.ListThings' } });
    assert.equal(otherService.status, 400);
    assert.equal(otherService.body.__type, 'UnknownOperationException');
    const big = await call(endpoint, 'ListIndices', {}, { rawBody: JSON.stringify({ pad: 'x'.repeat(100 * 1024) }) });
    assert.equal(big.status, 413);
    assert.equal(big.body.__type, 'RequestEntityTooLargeException');
    const unsignedBig = await rawPost(endpoint, { 'content-type': 'application/x-amz-json-1.1' }, Buffer.alloc(200 * 1024, 0x20));
    assert.equal(unsignedBig.status, 413);
    assert.equal((await call(endpoint, 'ListIndices', {})).status, 200);
  });

  it('keeps a keep-alive connection usable after refusing an oversized body', async () => {
    const client = new Client(endpoint, { pipelining: 1 });
    let connections = 0;
    client.on('connect', () => connections++);
    try {
      const send = async (body: Buffer) => {
        const response = await client.request({ method: 'POST', path: '/', headers: { 'content-type': 'application/x-amz-json-1.1' }, body });
        const text = await response.body.text();
        return { status: response.statusCode, body: JSON.parse(text) };
      };
      const big = await send(Buffer.alloc(100 * 1024, 0x20));
      assert.equal(big.status, 413);
      const next = await send(Buffer.from('{}'));
      assert.equal(next.status, 403, 'served on the same connection');
      assert.equal(next.body.__type, 'MissingAuthenticationTokenException');
      assert.equal(connections, 1);
    } finally {
      await client.close();
    }
  });

  it('answers requests that are not valid HTTP in the same format, without crashing', async () => {
    const raw = (payload: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port: service.service.port }, () => socket.end(payload));
        let data = '';
        socket.on('data', (chunk) => (data += chunk));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    assert.match(garbage, /^HTTP\/1\.1 400/);
    assert.match(garbage, /"__type":"BadRequestException"/);
    assert.match(garbage, /x-amzn-requestid: [0-9a-f-]{36}/);
    const huge = await raw(`POST / HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assert.match(huge, /^HTTP\/1\.1 431/);
    assert.equal((await call(endpoint, 'ListIndices', {})).status, 200);
  });

  it('validates input against the model', async () => {
    const answer = await call(endpoint, 'CreateIndex', { Name: 'bad name!', Edition: 'FREE' });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.__type, 'ValidationException');
    assert.match(answer.body.Message, /3 validation errors detected/);
    assert.match(answer.body.Message, /RoleArn/);
    assert.match(answer.body.Message, /enum value set/);
    const list = await call(endpoint, 'ListIndices', { MaxResults: 1000 });
    assert.equal(list.body.__type, 'ValidationException');
    await ok(endpoint, 'ListIndices', { MaxResults: 100 });
  });
});
