import { strict as assert } from 'node:assert';
import { SignatureV4, uriEncode } from '../../../src/lib/signing/sigv4.js';
import { fetchAnswer, MobileHttpClient } from '../local-mobile/http-client.js';
import { call, searchRequest, startTestService, type TestService } from '../local-search/support.js';

const LONG_TERM = { key: 'AKIDLONGTERM', secret: 'long-term-secret' };
const TEMPORARY = { key: 'ASIATEMPORARY', secret: 'temporary-secret', token: 'IQoJb3JpZ2luX2VjEXAMPLE+session/token==' };
const INVALID = 'The security token included in the request is invalid.';

/** The search ListIndices signed with `credentials` (a `token` among them is sent and signed as x-amz-security-token). */
async function listIndices(endpoint: string, credentials: { key: string; secret: string; token?: string }) {
  const answer = await call(endpoint, 'ListIndices', {}, { credentials });
  return { status: answer.status, code: answer.body?.__type as string | undefined, message: answer.body?.message as string | undefined };
}

describe('local service: session tokens', function () {
  let service: TestService;
  let endpoint: string;
  before(async () => {
    service = await startTestService({ credentials: [LONG_TERM, TEMPORARY] });
    endpoint = service.service.endpoint;
  });
  after(async () => service.stop());

  it('refuses a garbage x-amz-security-token sent with a long-term key pair, as AWS does', async () => {
    assert.equal((await listIndices(endpoint, LONG_TERM)).status, 200);
    assert.deepEqual(await listIndices(endpoint, { ...LONG_TERM, token: 'garbage' }), { status: 403, code: 'UnrecognizedClientException', message: INVALID });
  });

  it('accepts temporary credentials only with their exact session token', async () => {
    assert.equal((await listIndices(endpoint, TEMPORARY)).status, 200);
    const { token: _token, ...withoutToken } = TEMPORARY;
    for (const credentials of [withoutToken, { ...TEMPORARY, token: 'another-token' }, { ...TEMPORARY, token: `${TEMPORARY.token}x` }]) {
      assert.deepEqual(await listIndices(endpoint, credentials), { status: 403, code: 'UnrecognizedClientException', message: INVALID });
    }
  });

  it('checks the token of a presigned request (X-Amz-Security-Token in its query)', async () => {
    const send = async (credentials: typeof TEMPORARY) => {
      const presigned = new SignatureV4().presign(searchRequest(endpoint, 'ListIndices', ''), credentials, {
        region: 'us-east-1',
        service: 'kendra',
        expiresIn: 300,
      });
      const query = Object.entries(presigned.query)
        .map(([name, value]) => `${uriEncode(name)}=${uriEncode(value as string)}`)
        .join('&');
      const { host: _host, ...headers } = presigned.headers;
      const response = await fetch(`${endpoint}/?${query}`, { method: 'POST', headers });
      return { status: response.status, code: response.headers.get('x-amzn-errortype') };
    };
    assert.deepEqual(await send(TEMPORARY), { status: 200, code: null });
    assert.deepEqual(await send({ ...TEMPORARY, token: 'forged' }), { status: 403, code: 'UnrecognizedClientException' });
  });

  it('applies the same rule to the mobile API, whose download URLs carry the session token of temporary credentials', async () => {
    const temporary = new MobileHttpClient(endpoint, TEMPORARY);
    const project = (await temporary.ok('POST', '/projects', { query: { name: 'with-session' } })).details;
    const exported = await temporary.ok('POST', `/exports/${project.projectId}`);
    assert.match(exported.downloadUrl, /[?&]X-Amz-Security-Token=/);
    assert.equal((await fetchAnswer(exported.downloadUrl)).status, 200);
    const forged = await new MobileHttpClient(endpoint, { ...LONG_TERM, token: 'garbage' }).send('GET', '/projects');
    assert.equal(forged.status, 403);
    assert.equal(forged.headers.get('x-amzn-errortype'), 'UnrecognizedClientException');
    assert.equal(forged.json.message, INVALID);
  });
});
