import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, nimbus, requireBuild } from './helpers/cli.js';

describe('nimbus against a server whose success responses cannot be read', function () {
  this.timeout(60_000);
  let server: Server;
  let endpoint: string;
  let home: string;
  let requests = 0;

  before(async () => {
    requireBuild();
    home = mkdtempSync(join(tmpdir(), 'nimbus-cli-home-'));
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        requests++;
        response.writeHead(200, { 'content-type': 'text/html', 'x-amzn-requestid': `req-${requests}` }).end('<html><body>Proxy login</body></html>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('exits 255 with one line naming the problem, after the retries of standard mode', async () => {
    requests = 0;
    const env = cliEnv(home, {
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret-for-tests',
      AWS_REGION: 'us-east-1',
      AWS_RETRY_MODE: 'standard',
      AWS_MAX_ATTEMPTS: '2',
    });
    const result = await nimbus(['search', 'index', 'list', '--endpoint-url', endpoint], { env });
    assert.equal(result.code, 255, `exit ${result.code}, stderr: ${result.stderr}`);
    assert.equal(result.stdout, '');
    assert.equal(
      result.stderr,
      'nimbus: InvalidResponseError: The ListIndices response body is not valid JSON: it was cut short or is not a service response (HTTP 200, 37 bytes) (request id req-2)\n',
    );
    assert.equal(requests, 2);
  });
});
