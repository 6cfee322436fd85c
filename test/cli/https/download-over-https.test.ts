import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createTestPki, startConnectProxy, type TestPki, type TestProxy } from '../../support/tls/index.js';
import { cliEnv, nimbus, requireBuild } from '../helpers/cli.js';

const ARCHIVE = Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000'), 'latin1');

describe('nimbus mobile project export --download over HTTPS', function () {
  this.timeout(60_000);
  let pki: TestPki;
  let server: Server;
  let files: Server;
  let endpoint: string;
  let filesOrigin: string;
  let proxy: TestProxy;
  const downloads: string[] = [];

  before(async () => {
    requireBuild();
    pki = createTestPki();
    // A stand-in for the mobile service whose exports point at files on another HTTPS server.
    server = createServer({ cert: pki.server.cert, key: pki.server.key }, (req, res) => {
      req.resume();
      const exported = /^\/exports\/(\w+)$/.exec(req.url ?? '');
      const url = `${filesOrigin}/files/${exported?.[1]}.zip?X-Amz-Signature=secret`;
      res.writeHead(exported ? 200 : 404, { 'content-type': 'application/json', 'x-amzn-requestid': 'r-1' });
      res.end(JSON.stringify({ downloadUrl: url, shareUrl: url, snapshotId: 'snap' }));
    });
    files = createServer({ cert: pki.server.cert, key: pki.server.key }, (req, res) => {
      downloads.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(ARCHIVE.length) });
      res.end(ARCHIVE);
    });
    for (const each of [server, files]) await new Promise<void>((resolve) => each.listen(0, '127.0.0.1', resolve));
    endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    filesOrigin = `https://127.0.0.1:${(files.address() as AddressInfo).port}`;
    proxy = await startConnectProxy();
  });
  after(async () => {
    await proxy?.close();
    for (const each of [server, files]) {
      each?.closeAllConnections();
      await new Promise((resolve) => each?.close(resolve));
    }
    pki?.cleanup();
  });

  const env = (extra: NodeJS.ProcessEnv = {}) =>
    cliEnv(pki.dir, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1', ...extra });
  const folder = (name: string): string => {
    const path = join(pki.dir, name);
    mkdirSync(path);
    return path;
  };

  it('the download trusts the CA bundle the API requests trust', async () => {
    const cwd = folder('with-bundle');
    const result = await nimbus(
      ['mobile', 'project', 'export', '--project-id', 'shop', '--download', '--endpoint-url', endpoint, '--ca-bundle', pki.ca.certFile],
      { env: env(), cwd },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(readFileSync(join(cwd, 'shop.zip')), ARCHIVE);
    assert.match(downloads.at(-1)!, /^\/files\/shop\.zip\?/);
  });

  it('--no-verify-ssl applies to the download too; without any trust the run stops with one line', async () => {
    const before = downloads.length;
    const cwd = folder('unverified');
    const result = await nimbus(['mobile', 'project', 'export', '--project-id', 'shop', '--download', '--endpoint-url', endpoint, '--no-verify-ssl'], {
      env: env(),
      cwd,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(downloads.length, before + 1);
    const refused = await nimbus(['mobile', 'project', 'export', '--project-id', 'other', '--download', '--endpoint-url', endpoint, '--max-attempts', '1'], {
      env: env(),
      cwd,
    });
    assert.equal(refused.code, 255, refused.stderr);
    assert.match(refused.stderr, /^nimbus: ConnectionError: TLS certificate verification failed for 127\.0\.0\.1:\d+: .*not trusted/);
  });

  it('the download goes through HTTPS_PROXY as the API request does', async () => {
    const cwd = folder('through-proxy');
    const before = proxy.tunnels.length;
    const result = await nimbus(['mobile', 'project', 'export', '--project-id', 'proxied', '--download', '--endpoint-url', endpoint], {
      env: env({ AWS_CA_BUNDLE: pki.ca.certFile, HTTPS_PROXY: proxy.url }),
      cwd,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(readFileSync(join(cwd, 'proxied.zip')), ARCHIVE);
    assert.deepEqual(proxy.tunnels.slice(before), [new URL(endpoint).host, new URL(filesOrigin).host], 'one tunnel for the API, one for the download');
  });
});
