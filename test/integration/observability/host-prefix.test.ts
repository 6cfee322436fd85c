import assert from 'node:assert/strict';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { createUndiciHandler } from '../../../src/lib/http/undici-handler.js';
import type { HttpRequest } from '../../../src/lib/http/types.js';
import { startTestServer, type TestServer } from '../../support/echo-server.js';
import { call, widgetsClient } from '../providers/widgets-service.js';

describe('host prefixes and disable_host_prefix_injection', () => {
  let server: TestServer;
  let sent: HttpRequest[];
  before(async () => {
    server = await startTestServer((request) => ({ body: { Data: String(request.headers.host) } }));
  });
  after(() => server.close());
  beforeEach(() => {
    sent = [];
    server.requests.length = 0;
  });

  const undici = createUndiciHandler();
  /** Records the request nimbus sends, then delivers it to the local server (the prefixed name does not resolve here). */
  const viaLocalhost = async (request: HttpRequest) => {
    sent.push(request);
    return undici({ ...request, hostname: '127.0.0.1' });
  };
  const port = (): number => Number(new URL(server.endpoint).port);
  const client = (extra: Record<string, unknown> = {}) =>
    widgetsClient({
      credentials: { key: 'AKIDPREFIX', secret: 'prefix-secret' },
      endpoint: `http://localhost:${port()}`,
      http_handler: viaLocalhost,
      ...extra,
    });

  it("puts the model's host prefix, filled from the input, in front of the host name and signs that host", async () => {
    const result = await call(client(), 'getTenantDataAsync', { Tenant: 'acme-01' });
    assert.equal(sent[0].hostname, 'acme-01.data.localhost');
    assert.equal(result.Data, `acme-01.data.localhost:${port()}`, 'the Host header the server saw');
    assert.equal(sent[0].headers.host, `acme-01.data.localhost:${port()}`);
    await call(client(), 'pingDefaultAsync');
    assert.equal(sent[1].hostname, 'localhost', 'operations without the trait keep the host');
  });

  it('applies no prefix with disable_host_prefix_injection: true', async () => {
    const result = await call(client({ disable_host_prefix_injection: true }), 'getTenantDataAsync', { Tenant: 'acme-01' });
    assert.equal(sent[0].hostname, 'localhost');
    assert.equal(result.Data, `localhost:${port()}`);
  });

  it('rejects a label value that is not a host label, before sending', async () => {
    for (const tenant of ['has.dot', 'under_score', '-leading', 'x'.repeat(64), 'a b']) {
      await assert.rejects(call(client(), 'getTenantDataAsync', { Tenant: tenant }), (error: unknown) => {
        assert.ok(error instanceof InvalidArgumentException, String(error));
        assert.equal(error.operation, 'GetTenantData');
        assert.match(error.message, /Invalid value for Tenant in GetTenantData: .* is part of the host name/);
        return true;
      });
    }
    await assert.rejects(call(client({ validate: false }), 'getTenantDataAsync', {}), /GetTenantData needs a value for Tenant/);
    assert.equal(sent.length, 0);
    await call(client({ disable_host_prefix_injection: true }), 'getTenantDataAsync', { Tenant: 'has.dot' });
    assert.equal(sent.length, 1, 'with injection off the value is not part of the host, so it is not checked as one');
  });

  it('leaves an IP-address endpoint alone', async () => {
    await call(client({ endpoint: server.endpoint }), 'getTenantDataAsync', { Tenant: 'acme' });
    assert.equal(sent[0].hostname, '127.0.0.1');
  });
});
