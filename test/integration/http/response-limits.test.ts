import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeHttpHandler } from '../../../src/lib/cli/http/node-http-handler.js';
import { ConnectionError } from '../../../src/lib/errors/connection-error.js';
import type { HttpOptions } from '../../../src/lib/http/http-options.js';
import type { HttpHandler } from '../../../src/lib/http/undici-handler.js';
import { createUndiciHandler } from '../../../src/lib/http/undici-handler.js';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { cliEnv, nimbus, requireBuild } from '../../cli/helpers/cli.js';

/**
 * A hostile server: `/trickle` sends a JSON body one byte every 100 ms for a minute; `/big`
 * streams 4 MiB without a length; `/declared` announces 200 MiB. It records how each response ended.
 */
async function startHostileServer(): Promise<{ endpoint: string; requests: string[]; ended: Array<'finished' | 'cut'>; close(): Promise<void> }> {
  const requests: string[] = [];
  const ended: Array<'finished' | 'cut'> = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res: ServerResponse) => {
    requests.push(req.url ?? '');
    req.resume();
    res.on('close', () => ended.push(res.writableFinished ? 'finished' : 'cut'));
    if (req.url?.startsWith('/trickle')) {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed || ++sent > 600) {
          clearInterval(timer);
          timers.delete(timer);
          res.end('}');
          return;
        }
        res.write(sent === 1 ? '{' : ' ');
      }, 100);
      timers.add(timer);
      return;
    }
    if (req.url?.startsWith('/declared')) {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1', 'content-length': String(200 * 1024 * 1024) });
      res.write('{');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let left = 64;
    const pump = (): void => {
      while (left > 0 && !res.destroyed) {
        left--;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    ended,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const TRANSPORTS: Array<[string, (options: HttpOptions) => HttpHandler]> = [
  ['library undici handler', (options) => createUndiciHandler(options, {})],
  [
    'CLI node:http handler',
    (options) =>
      createNodeHttpHandler(
        options,
        async () => {
          throw new Error('no proxy here');
        },
        {},
      ),
  ],
];

describe('per-attempt deadline and response size cap', function () {
  this.timeout(30_000);
  let server: Awaited<ReturnType<typeof startHostileServer>>;
  before(async () => {
    server = await startHostileServer();
  });
  after(() => server?.close());

  const request = (path: string) => {
    const url = new URL(server.endpoint);
    return {
      method: 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path,
      query: {},
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      body: '{}',
    };
  };

  for (const [name, make] of TRANSPORTS) {
    describe(name, () => {
      it('ends a trickling response at http.attempt_timeout, though every byte comes within http.timeout', async () => {
        await assert.rejects(make({ timeout: 5, attempt_timeout: 1 })(request('/trickle')), (error: unknown) => {
          assert.ok(error instanceof ConnectionError);
          assert.equal(error.code, 'ATTEMPT_TIMEOUT');
          assert.equal(error.timeout, true);
          assert.match(
            error.message,
            /^Timed out sending the request to http:\/\/127\.0\.0\.1:\d+\/trickle: the attempt took more than 1 s \(http\.attempt_timeout\)/,
          );
          return true;
        });
      });

      it('refuses a body larger than http.max_response_bytes, and stops reading it', async () => {
        const before = server.ended.length;
        await assert.rejects(make({ max_response_bytes: 100_000 })(request('/big')), (error: unknown) => {
          assert.ok(error instanceof ConnectionError);
          assert.equal(error.code, 'RESPONSE_TOO_LARGE');
          assert.match(error.message, /larger than 100000 bytes \(http\.max_response_bytes\)/);
          return true;
        });
        while (server.ended.length === before) await new Promise((resolve) => setTimeout(resolve, 20));
        assert.equal(server.ended[before], 'cut', 'the server could not send the whole body');
      });

      it('refuses at once a body whose Content-Length is over the default cap (64 MiB)', async () => {
        await assert.rejects(
          make({})(request('/declared')),
          (error: unknown) => error instanceof ConnectionError && error.code === 'RESPONSE_TOO_LARGE' && /67108864 bytes/.test(error.message),
        );
      });

      it('accepts a body within the cap', async () => {
        const response = await make({ max_response_bytes: 4 * 1024 * 1024 })(request('/big'));
        assert.equal(response.body.byteLength, 4 * 1024 * 1024);
      });
    });
  }

  it('the retry modes treat both as transient: every attempt is made', async () => {
    for (const [path, http, code] of [
      ['/trickle', { attempt_timeout: 0.3 }, 'ATTEMPT_TIMEOUT'],
      ['/big', { max_response_bytes: 1000 }, 'RESPONSE_TOO_LARGE'],
    ] as const) {
      for (const mode of ['standard', 'legacy'] as const) {
        const before = server.requests.length;
        const client = new SearchClient({
          region: 'us-east-1',
          version: 'latest',
          credentials: { key: 'test', secret: 'test' },
          endpoint: `${server.endpoint}${path}`,
          http,
          retries: { mode, max_attempts: 2 },
        });
        await assert.rejects(
          client.listIndicesAsync(),
          (error: unknown) => error instanceof ConnectionError && error.code === code && error.$metadata?.attempts === 2,
        );
        assert.equal(server.requests.length - before, 2, `${mode} mode retried ${path}`);
      }
    }
  });

  it('the built CLI refuses an oversized response with one line and exit 255', async () => {
    requireBuild();
    const result = await nimbus(['search', 'index', 'list', '--endpoint-url', `${server.endpoint}/declared`, '--max-attempts', '1'], {
      env: cliEnv('/nonexistent', { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' }),
    });
    assert.equal(result.code, 255, result.stderr);
    assert.match(
      result.stderr,
      /^nimbus: ConnectionError: Response refused sending the request to http:\/\/127\.0\.0\.1:\d+\/declared: the response body is larger than 67108864 bytes/,
    );
    assert.equal(result.stderr.trim().split('\n').length, 1);
  });
});
