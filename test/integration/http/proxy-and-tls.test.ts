import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConnectionError } from '../../../src/lib/errors/connection-error.js';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { resolveClientConfig } from '../../../src/lib/client/resolve-config.js';
import { createUndiciHandler } from '../../../src/lib/http/undici-handler.js';
import { SEARCH_SERVICE, SearchClient } from '../../../src/lib/services/search/search-client.js';
import { startConnectProxy, startTlsService, type TestProxy, type TlsService } from '../../support/tls/index.js';

describe('library: HTTPS and proxies', function () {
  this.timeout(30_000);
  let tls: TlsService;
  let proxy: TestProxy;

  before(async () => {
    tls = await startTlsService();
    proxy = await startConnectProxy({ auth: { username: 'me', password: 'pa:ss' } });
  });
  after(async () => {
    await proxy?.close();
    await tls?.close();
  });

  const client = (http: Record<string, unknown>) =>
    new SearchClient({
      region: 'us-east-1',
      version: 'latest',
      credentials: { key: 'test', secret: 'test' },
      endpoint: tls.endpoint,
      http,
      retries: 0,
      use_aws_shared_config_files: false,
    });

  it('http.verify trusts a CA bundle; without it the private CA is refused, naming the host', async () => {
    assert.deepEqual((await client({ verify: tls.pki.ca.certFile }).listIndicesAsync()).IndexConfigurationSummaryItems, []);
    await assert.rejects(
      client({}).listIndicesAsync(),
      (error: unknown) => error instanceof ConnectionError && /^TLS certificate verification failed for 127\.0\.0\.1:\d+: .*not trusted/.test(error.message),
    );
  });

  it('a refused certificate is not retried: it would be refused again', async () => {
    for (const mode of ['legacy', 'standard', 'adaptive']) {
      const untrusted = new SearchClient({
        region: 'us-east-1',
        version: 'latest',
        credentials: { key: 'test', secret: 'test' },
        endpoint: tls.endpoint,
        retries: { mode, max_attempts: 3 },
        use_aws_shared_config_files: false,
      });
      await assert.rejects(
        untrusted.listIndicesAsync(),
        (error: unknown) => error instanceof ConnectionError && error.code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' && error.$metadata?.attempts === 1,
      );
    }
  });

  it('http.proxy tunnels every request through the proxy, with the credentials of its URL', async () => {
    const before = proxy.tunnels.length;
    const result = await client({ verify: tls.pki.ca.certFile, proxy: proxy.urlWithCredentials() }).listIndicesAsync();
    assert.deepEqual(result.IndexConfigurationSummaryItems, []);
    assert.deepEqual(proxy.tunnels.slice(before), [`127.0.0.1:${tls.front.port}`]);
    assert.equal(proxy.refused, 0);
  });

  it('without http.proxy, HTTPS_PROXY and NO_PROXY of the environment decide', async () => {
    const request = {
      method: 'POST',
      protocol: 'https:',
      hostname: '127.0.0.1',
      port: tls.front.port,
      path: '/',
      query: {},
      headers: { 'x-amz-target': 'AWSKendraFrontendService.ListIndices' },
      body: '{}',
    };
    // A proxy of its own: connection pools (and their tunnels) are shared by every client of the process.
    const own = await startConnectProxy();
    try {
      // Unsigned: the service answers 4xx, which is enough to show the request reached it.
      const through = await createUndiciHandler({ verify: tls.pki.ca.certFile }, { HTTPS_PROXY: own.url })(request);
      assert.equal(through.statusCode >= 400 && through.statusCode < 500, true);
      assert.equal(own.tunnels.length, 1);
      const direct = await createUndiciHandler({ verify: tls.pki.ca.certFile }, { https_proxy: own.url, no_proxy: '127.0.0.1' })(request);
      assert.equal(direct.statusCode, through.statusCode);
      assert.equal(own.tunnels.length, 1, 'NO_PROXY: straight to the endpoint');
    } finally {
      await own.close();
    }
  });

  it("AWS_CA_BUNDLE and the profile's ca_bundle stand for http.verify when it is not given", () => {
    const config = join(tls.dir, 'library-config');
    writeFileSync(config, `[default]\nca_bundle = ${tls.pki.ca.certFile}\n`);
    const base = { region: 'us-east-1', version: 'latest', credentials: { key: 'a', secret: 'b' } };
    assert.equal(resolveClientConfig(base, SEARCH_SERVICE, { AWS_CA_BUNDLE: tls.pki.ca.certFile }).http.verify, tls.pki.ca.certFile);
    assert.equal(
      resolveClientConfig(base, SEARCH_SERVICE, { AWS_CONFIG_FILE: config, AWS_SHARED_CREDENTIALS_FILE: join(tls.dir, 'none') }).http.verify,
      tls.pki.ca.certFile,
    );
    assert.equal(resolveClientConfig({ ...base, http: { verify: false } }, SEARCH_SERVICE, { AWS_CA_BUNDLE: tls.pki.ca.certFile }).http.verify, false);
    assert.throws(
      () => resolveClientConfig(base, SEARCH_SERVICE, { AWS_CA_BUNDLE: join(tls.dir, 'missing.pem') }),
      (error: unknown) => error instanceof InvalidArgumentException && /\(AWS_CA_BUNDLE\) cannot be read/.test(error.message),
    );
  });

  it('checks the new http keys', () => {
    for (const http of [
      { attempt_timeout: 0 },
      { max_response_bytes: 1.5 },
      { max_response_bytes: -1 },
      { proxy: 'socks5://x:1' },
      { verify: tls.pki.server.keyFile },
    ]) {
      assert.throws(() => client(http), InvalidArgumentException, JSON.stringify(http));
    }
  });
});
