import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectionError } from '../../../src/lib/errors/connection-error.js';
import type { HttpRequest } from '../../../src/lib/http/types.js';
import { createUndiciHandler } from '../../../src/lib/http/undici-handler.js';

/**
 * The library's undici handler against a real server: `/headers` answers with repeated and
 * mixed-case headers, `/silent` never answers, `/cut` announces more bytes than it sends and
 * closes, `/query` echoes the request line; anything else answers 204.
 */
describe('undici HTTP handler: the whole response, collected without a stream', function () {
  this.timeout(20_000);
  let server: Server;
  let endpoint: URL;
  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      if (req.url === '/headers') {
        res.setHeader('X-Mixed-Case', 'One');
        res.setHeader('Set-Cookie', ['a=1', 'b=2']);
        res.end('{"ok":true}');
      } else if (req.url === '/silent') {
        // Never answers.
      } else if (req.url === '/cut') {
        res.writeHead(200, { 'content-length': '100' });
        res.write('{"partial":');
        setTimeout(() => res.destroy(), 50);
      } else if (req.url?.startsWith('/query')) {
        res.end(JSON.stringify({ method: req.method, url: req.url, target: req.headers['x-amz-target'] }));
      } else {
        res.writeHead(204).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const request = (path: string, query: HttpRequest['query'] = {}): HttpRequest => ({
    method: 'POST',
    protocol: 'http:',
    hostname: endpoint.hostname,
    port: Number(endpoint.port),
    path,
    query,
    headers: { 'x-amz-target': 'Test.Op' },
    body: '{}',
  });

  it('reports header names in lower case, repeated headers joined with ", ", and the body bytes', async () => {
    const response = await createUndiciHandler({}, {})(request('/headers'));
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['x-mixed-case'], 'One');
    assert.equal(response.headers['set-cookie'], 'a=1, b=2');
    assert.equal(Object.getPrototypeOf(response.headers), Object.prototype);
    assert.ok(response.body instanceof Uint8Array);
    assert.deepEqual(JSON.parse(Buffer.from(response.body).toString('utf8')), { ok: true });
  });

  it('sends the method, path, query string and headers as given', async () => {
    const response = await createUndiciHandler({}, {})(request('/query', { a: 'b c', list: ['1', '2'] }));
    assert.deepEqual(JSON.parse(Buffer.from(response.body).toString('utf8')), { method: 'POST', url: '/query?a=b%20c&list=1&list=2', target: 'Test.Op' });
  });

  it('gives an empty body for 204', async () => {
    const response = await createUndiciHandler({}, {})(request('/nothing'));
    assert.equal(response.statusCode, 204);
    assert.equal(response.body.byteLength, 0);
  });

  it('ends a request that gets no answer at http.attempt_timeout', async () => {
    await assert.rejects(createUndiciHandler({ attempt_timeout: 1 }, {})(request('/silent')), (error: unknown) => {
      assert.ok(error instanceof ConnectionError);
      assert.equal(error.code, 'ATTEMPT_TIMEOUT');
      assert.match(error.message, /^Timed out sending the request to http:\/\/127\.0\.0\.1:\d+\/silent: /);
      return true;
    });
  });

  it('fails with a ConnectionError when the connection closes before the announced body is in', async () => {
    await assert.rejects(createUndiciHandler({}, {})(request('/cut')), (error: unknown) => {
      assert.ok(error instanceof ConnectionError);
      assert.equal(error.timeout, false);
      assert.match(error.message, /^Connection failed sending the request to http:\/\/127\.0\.0\.1:\d+\/cut: /);
      return true;
    });
  });

  it('fails with a ConnectionError naming the URL when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await assert.rejects(createUndiciHandler({}, {})({ ...request('/x'), port }), (error: unknown) => {
      assert.ok(error instanceof ConnectionError);
      assert.equal(error.code, 'ECONNREFUSED');
      assert.match(error.message, new RegExp(`127\\.0\\.0\\.1:${port}/x`));
      return true;
    });
  });
});
