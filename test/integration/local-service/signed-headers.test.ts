import { strict as assert } from 'node:assert';
import type { HttpRequest } from '../../../src/lib/http/types.js';
import { DEFAULT_UNSIGNED_HEADERS, SignatureV4, uriEncode } from '../../../src/lib/signing/sigv4.js';
import { searchRequest, startTestService, type TestService } from '../local-search/support.js';

const CREDENTIALS = { key: 'test', secret: 'test' };
const SEARCH = { region: 'us-east-1', service: 'kendra' };
const MOBILE = { region: 'us-east-1', service: 'AWSMobileHubService' };

/** A signer that leaves `names` out of the signature (and signs x-amz-content-sha256, as the issue's probe did). */
function leavingOut(...names: string[]): SignatureV4 {
  return new SignatureV4({ unsignedHeaders: [...DEFAULT_UNSIGNED_HEADERS, ...names], contentSha256Header: true });
}

/** The unsigned GET /projects (the mobile ListProjects) to `endpoint`, with `headers`. */
function listProjects(endpoint: string, headers: Record<string, string> = {}): HttpRequest {
  const url = new URL(endpoint);
  return { method: 'GET', protocol: url.protocol, hostname: url.hostname, port: Number(url.port), path: '/projects', query: {}, headers };
}

/** Sends a signed or presigned request as is; the status, the error code and message of the answer. */
async function send(endpoint: string, signed: HttpRequest): Promise<{ status: number; code?: string; message?: string }> {
  const query = Object.entries(signed.query)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => `${uriEncode(name)}=${uriEncode(item)}`))
    .join('&');
  const { host: _host, ...headers } = signed.headers;
  const response = await fetch(`${endpoint}${signed.path}${query ? `?${query}` : ''}`, {
    method: signed.method,
    headers,
    ...(signed.body !== undefined && signed.body !== '' ? { body: signed.body as string } : {}),
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as { __type?: string; message?: string }) : {};
  return { status: response.status, code: response.headers.get('x-amzn-errortype') ?? body.__type, message: body.message };
}

describe('local service: every x-amz-* header present, and Content-Type, must be signed', function () {
  let service: TestService;
  let endpoint: string;
  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
  });
  after(async () => service.stop());

  it('refuses a search request whose signature covers only host, x-amz-content-sha256 and x-amz-date', async () => {
    const signed = leavingOut('x-amz-target', 'content-type').sign(searchRequest(endpoint, 'ListIndices', '{}'), CREDENTIALS, SEARCH);
    assert.match(signed.headers['authorization']!, /SignedHeaders=host;x-amz-content-sha256;x-amz-date,/);
    const answer = await send(endpoint, signed);
    assert.equal(answer.status, 403);
    assert.equal(answer.code, 'InvalidSignatureException');
    assert.match(answer.message!, /^There were headers present in the request which were not signed: content-type, x-amz-target\./);
  });

  it('refuses an unsigned x-amz-target alone, and an unsigned Content-Type alone; accepts them signed', async () => {
    const target = await send(endpoint, leavingOut('x-amz-target').sign(searchRequest(endpoint, 'ListIndices', '{}'), CREDENTIALS, SEARCH));
    assert.deepEqual([target.status, target.code], [403, 'InvalidSignatureException']);
    assert.match(target.message!, /not signed: x-amz-target\./);
    const contentType = await send(endpoint, leavingOut('content-type').sign(searchRequest(endpoint, 'ListIndices', '{}'), CREDENTIALS, SEARCH));
    assert.deepEqual([contentType.status, contentType.code], [403, 'InvalidSignatureException']);
    assert.match(contentType.message!, /not signed: content-type\./);
    const signed = await send(endpoint, leavingOut().sign(searchRequest(endpoint, 'ListIndices', '{}'), CREDENTIALS, SEARCH));
    assert.equal(signed.status, 200);
  });

  it('refuses a presigned search request whose X-Amz-SignedHeaders leave out its x-amz-target', async () => {
    const request = searchRequest(endpoint, 'ListIndices', '');
    const presign = (signer: SignatureV4) => signer.presign(request, CREDENTIALS, { ...SEARCH, expiresIn: 300 });
    const unsigned = presign(new SignatureV4({ unsignedHeaders: [...DEFAULT_UNSIGNED_HEADERS, 'x-amz-target'] }));
    assert.equal(unsigned.query['X-Amz-SignedHeaders'], 'content-type;host');
    const refused = await send(endpoint, unsigned);
    assert.deepEqual([refused.status, refused.code], [403, 'InvalidSignatureException']);
    assert.match(refused.message!, /not signed: x-amz-target\./);
    assert.equal((await send(endpoint, presign(new SignatureV4()))).status, 200);
  });

  it('refuses a mobile request with an unsigned x-amz-* header, by Authorization header or presigned; accepts it signed', async () => {
    const probe = listProjects(endpoint, { 'x-amz-user-agent': 'probe/1.0' });
    const byHeader = await send(endpoint, leavingOut('x-amz-user-agent').sign(probe, CREDENTIALS, MOBILE));
    assert.deepEqual([byHeader.status, byHeader.code], [403, 'InvalidSignatureException']);
    assert.match(byHeader.message!, /not signed: x-amz-user-agent\./);
    const presigned = new SignatureV4({ unsignedHeaders: [...DEFAULT_UNSIGNED_HEADERS, 'x-amz-user-agent'] }).presign(probe, CREDENTIALS, {
      ...MOBILE,
      expiresIn: 300,
    });
    const byQuery = await send(endpoint, presigned);
    assert.deepEqual([byQuery.status, byQuery.code], [403, 'InvalidSignatureException']);
    assert.match(byQuery.message!, /not signed: x-amz-user-agent\./);
    assert.equal((await send(endpoint, new SignatureV4().sign(probe, CREDENTIALS, MOBILE))).status, 200);
    assert.equal((await send(endpoint, new SignatureV4().presign(probe, CREDENTIALS, { ...MOBILE, expiresIn: 300 }))).status, 200);
  });
});
