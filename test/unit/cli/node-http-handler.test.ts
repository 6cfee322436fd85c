import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeHttpHandler } from '../../../src/lib/cli/http/node-http-handler.js';
import { ConnectionError } from '../../../src/lib/errors/connection-error.js';
import type { HttpRequest } from '../../../src/lib/http/types.js';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

const noFallback = async (): Promise<never> => {
  throw new Error('the undici handler must not be used without a proxy');
};

describe('cli node:http handler', () => {
  let server: Server;
  let port: number;
  const seen: Array<{ method?: string; url?: string; headers: Record<string, unknown>; body: string }> = [];

  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url?.startsWith('/slow')) return void setTimeout(() => res.end('late'), 2000);
        res.setHeader('X-Amzn-RequestId', 'r-1');
        res.setHeader('Set-Cookie', ['a=1', 'b=2']);
        res.end(JSON.stringify({ echo: body }));
      });
    });
    port = await listen(server);
  });
  after(() => server.close());

  const request = (overrides: Partial<HttpRequest> = {}): HttpRequest => ({
    method: 'POST',
    protocol: 'http:',
    hostname: '127.0.0.1',
    port,
    path: '/a%20b',
    query: { x: ['1', '2'], y: 'z w' },
    headers: { 'content-type': 'application/json', 'x-amz-target': 'T.Op' },
    body: '{"k":1}',
    ...overrides,
  });

  it('sends method, path, query, headers and body as given, and returns the whole response', async () => {
    const response = await createNodeHttpHandler({}, noFallback)(request());
    const last = seen.at(-1)!;
    assert.equal(last.method, 'POST');
    assert.equal(last.url, '/a%20b?x=1&x=2&y=z%20w');
    assert.equal(last.headers['x-amz-target'], 'T.Op');
    assert.equal(last.body, '{"k":1}');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['x-amzn-requestid'], 'r-1');
    assert.equal(response.headers['set-cookie'], 'a=1, b=2');
    assert.deepEqual(JSON.parse(Buffer.from(response.body).toString()), { echo: '{"k":1}' });
  });

  it('turns refused connections and timeouts into ConnectionErrors', async () => {
    const closed = createServer();
    const closedPort = await listen(closed);
    closed.close();
    await assert.rejects(
      createNodeHttpHandler({}, noFallback)(request({ port: closedPort })),
      (error: unknown) => error instanceof ConnectionError && error.code === 'ECONNREFUSED' && !error.timeout,
    );
    await assert.rejects(
      createNodeHttpHandler({ timeout: 0.2 }, noFallback)(request({ path: '/slow' })),
      (error: unknown) => error instanceof ConnectionError && error.timeout && /Timed out/.test(error.message),
    );
  });

  it('fails a response whose body ends before its Content-Length, and one larger than max_response_bytes', async () => {
    const cut = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('only ten b');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const cutPort = await listen(cut);
    try {
      await assert.rejects(
        createNodeHttpHandler({}, noFallback)(request({ port: cutPort })),
        (error: unknown) => error instanceof ConnectionError && !error.timeout,
      );
    } finally {
      cut.close();
    }
    await assert.rejects(
      createNodeHttpHandler({ max_response_bytes: 5 }, noFallback)(request()),
      (error: unknown) => error instanceof ConnectionError && error.code === 'RESPONSE_TOO_LARGE',
    );
  });

  it('hands requests to the undici handler when a proxy is configured', async () => {
    let used = 0;
    const handler = createNodeHttpHandler({ proxy: 'http://proxy.invalid:3128' }, async () => async () => {
      used++;
      return { statusCode: 204, headers: {}, body: new Uint8Array() };
    });
    assert.equal((await handler(request())).statusCode, 204);
    assert.equal(used, 1);
  });

  it('verifies TLS certificates unless told not to, and trusts a CA bundle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-tls-'));
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const tls = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => res.end('{}'));
    const tlsPort = await listen(tls as unknown as Server);
    try {
      const secure = request({ protocol: 'https:', port: tlsPort });
      await assert.rejects(createNodeHttpHandler({}, noFallback)(secure), ConnectionError);
      assert.equal((await createNodeHttpHandler({ verify: false }, noFallback)(secure)).statusCode, 200);
      assert.equal((await createNodeHttpHandler({ verify: cert }, noFallback)(secure)).statusCode, 200);
    } finally {
      tls.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
