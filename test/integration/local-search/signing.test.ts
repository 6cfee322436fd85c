import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { SignatureV4 } from '../../../src/lib/signing/sigv4.js';
import { call, ok, searchRequest, startTestService, type TestService } from './support.js';

describe('local service: what a signature must cover', function () {
  let service: TestService;
  let endpoint: string;
  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
  });
  after(async () => service.stop());

  it('refuses UNSIGNED-PAYLOAD: the body hash must be signed', async () => {
    const answer = await call(endpoint, 'ListIndices', {}, { headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } });
    assert.equal(answer.status, 403);
    assert.equal(answer.body.__type, 'InvalidSignatureException');
    assert.match(answer.body.message, /UNSIGNED-PAYLOAD/);
    const hash = createHash('sha256').update('{}').digest('hex');
    assert.ok(Array.isArray((await ok(endpoint, 'ListIndices', {}, { headers: { 'x-amz-content-sha256': hash } })).IndexConfigurationSummaryItems));
    assert.ok(Array.isArray((await ok(endpoint, 'ListIndices', {})).IndexConfigurationSummaryItems));
  });

  it('refuses a presigned request with a body, which its signature cannot cover', async () => {
    const signed = new SignatureV4().presign(
      searchRequest(endpoint, 'ListIndices', '{}'),
      { key: 'test', secret: 'test' },
      { region: 'us-east-1', service: 'kendra', expiresIn: 300 },
    );
    const query = new URLSearchParams(signed.query as Record<string, string>).toString();
    const { host: _host, ...headers } = signed.headers;
    const response = await fetch(`${endpoint}/?${query}`, { method: 'POST', headers, body: '{"MaxResults": 1}' });
    const body = (await response.json()) as { __type: string; message: string };
    assert.equal(response.status, 403);
    assert.equal(body.__type, 'InvalidSignatureException');
    assert.match(body.message, /presigned/);
  });

  it('refuses a credential scope whose region is not a known region', async () => {
    const answer = await call(endpoint, 'ListIndices', {}, { region: 'mars-1' });
    assert.equal(answer.status, 403);
    assert.equal(answer.body.__type, 'InvalidSignatureException');
    assert.equal(answer.body.message, "Credential should be scoped to a valid region, not 'mars-1'.");
    for (const region of ['eu-west-1', 'cn-north-1', 'us-gov-west-1']) {
      assert.ok(Array.isArray((await ok(endpoint, 'ListIndices', {}, { region })).IndexConfigurationSummaryItems), region);
    }
  });
});
