import assert from 'node:assert/strict';
import { Client } from '../../../src/lib/client/client.js';
import type { ClientOptions } from '../../../src/lib/client/resolve-config.js';
import type { HttpRequest } from '../../../src/lib/http/types.js';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { defaultSignatureProvider } from '../../../src/lib/signing/signature-provider.js';
import type { Signer } from '../../../src/lib/signing/types.js';
import { UnknownSignatureVersionError } from '../../../src/lib/errors/unknown-signature-version-error.js';
import { startTestServer, type TestServer } from '../../support/echo-server.js';
import { call, WIDGETS_API, widgetsClient, WIDGETS_VERSION } from './widgets-service.js';

const credentials = { key: 'AKIDSIGNING', secret: 'signing-secret-key', token: 'signing-session-token' };

/** A signer of a made-up version: a header with the key and the request's target. */
const customSigner: Signer = {
  sign(request: HttpRequest, creds) {
    return { ...request, headers: { ...request.headers, 'x-custom-signature': `${creds?.key ?? 'anonymous'}:${request.headers['x-amz-target']}` } };
  },
};

describe('signature_provider and signature_version', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(() => ({ body: {} }));
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it("signs with the custom signer the provider returns for the client's version", async () => {
    const asked: string[][] = [];
    const client = widgetsClient({
      credentials,
      endpoint: server.endpoint,
      signature_version: 'custom-v1',
      signature_provider: (version, service, region) => {
        asked.push([version, service, region]);
        return version === 'custom-v1' ? customSigner : defaultSignatureProvider(version, service, region);
      },
    });
    await call(client, 'pingDefaultAsync');
    const [seen] = server.requests;
    assert.equal(seen.headers['x-custom-signature'], 'AKIDSIGNING:WidgetService.PingDefault');
    assert.equal(seen.headers.authorization, undefined, 'the v4 signer was not used');
    assert.deepEqual(asked[0], ['custom-v1', 'widgets', 'us-east-1']);
    assert.equal(client.getSignatureProvider()('custom-v1', 'widgets', 'us-east-1'), customSigner);
  });

  it("lets an operation's own signatureVersion win over the client's", async () => {
    const client = widgetsClient({
      credentials,
      endpoint: server.endpoint,
      signature_version: 'custom-v1',
      signature_provider: (version, service, region) => (version === 'custom-v1' ? customSigner : defaultSignatureProvider(version, service, region)),
    });
    await call(client, 'pingV4Async');
    const [seen] = server.requests;
    assert.match(String(seen.headers.authorization), /^AWS4-HMAC-SHA256 Credential=AKIDSIGNING\//);
    assert.equal(seen.headers['x-amz-security-token'], 'signing-session-token');
    assert.equal(seen.headers['x-custom-signature'], undefined);
  });

  it('sends an authtype "none" operation unsigned even with credentials', async () => {
    const client = widgetsClient({ credentials, endpoint: server.endpoint });
    await call(client, 'pingAnonymousAsync');
    await call(client, 'pingDefaultAsync');
    const [anonymous, signed] = server.requests;
    assert.equal(anonymous.headers.authorization, undefined);
    assert.equal(anonymous.headers['x-amz-security-token'], undefined);
    assert.match(String(signed.headers.authorization), /^AWS4-HMAC-SHA256 /);
  });

  it("takes the default signature version from the model's metadata", async () => {
    const api = structuredClone(WIDGETS_API);
    api.metadata.signatureVersion = 'custom-v1';
    const client = new Client(
      {
        region: 'us-east-1',
        version: WIDGETS_VERSION,
        credentials,
        endpoint: server.endpoint,
        retries: 0,
        api_provider: (type) => (type === 'api' ? structuredClone(api) : null),
        signature_provider: (version) => (version === 'custom-v1' ? customSigner : null),
      } as ClientOptions,
      { name: 'widgets', versions: [] },
    );
    assert.equal(client.getConfig('signature_version'), 'custom-v1');
    await call(client, 'pingDefaultAsync');
    assert.equal(server.requests[0].headers['x-custom-signature'], 'AKIDSIGNING:WidgetService.PingDefault');
  });

  it('fails clearly, before sending, for a version no signer exists for', async () => {
    const client = new SearchClient({ region: 'us-east-1', version: 'latest', credentials, endpoint: server.endpoint, signature_version: 'v2', retries: 0 });
    assert.equal(client.getConfig('signature_version'), 'v2');
    await assert.rejects(client.listIndicesAsync({}), (error: unknown) => {
      assert.ok(error instanceof UnknownSignatureVersionError);
      assert.equal(error.version, 'v2');
      assert.match(error.message, /Unknown signature version 'v2'.*'kendra'.*'us-east-1'/);
      return true;
    });
    const custom = widgetsClient({ credentials, endpoint: server.endpoint, signature_version: 'custom-v1', signature_provider: () => null });
    await assert.rejects(call(custom, 'pingDefaultAsync'), UnknownSignatureVersionError);
    assert.equal(server.requests.length, 0);
  });
});
