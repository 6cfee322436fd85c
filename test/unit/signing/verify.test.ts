import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpRequest } from '../../../src/lib/http/types.js';
import { SignatureV4, uriEncode } from '../../../src/lib/signing/sigv4.js';
import { verifySigV4, type VerifyRequest, type VerifyResult } from '../../../src/lib/signing/verify.js';

const KEY = 'test';
const SECRET = 'local-secret-do-not-print';
const lookup = (key: string) => (key === KEY ? SECRET : undefined);
const AT = new Date('2024-05-06T07:08:09Z');
const context = { region: 'us-east-1', service: 'kendra', signingDate: AT };

const base: HttpRequest = {
  method: 'POST',
  protocol: 'http:',
  hostname: '127.0.0.1',
  port: 4599,
  path: '/projects/abc%3Adef',
  query: { tag: ['b', 'a'], next: 'x y/z' },
  headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSKendraFrontendService.Query', 'user-agent': 'nimbus' },
  body: '{"IndexId":"i-1"}',
};

/** The request as a server receives a signed HttpRequest. */
function received(request: HttpRequest): VerifyRequest {
  const query = Object.entries(request.query)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((item) => `${uriEncode(key)}=${uriEncode(item)}`))
    .join('&');
  return { method: request.method, path: request.path, query, headers: { ...request.headers }, body: Buffer.from(request.body ?? '') };
}

function code(result: VerifyResult): string {
  return result.ok ? 'ok' : result.code;
}

describe('verifySigV4', () => {
  const signer = new SignatureV4();
  const signed = signer.sign(base, { key: KEY, secret: SECRET }, context);
  const expectedSignature = /Signature=([0-9a-f]{64})/.exec(signed.headers['authorization']!)![1]!;

  function failureOf(request: VerifyRequest, now = AT): Extract<VerifyResult, { ok: false }> {
    const result = verifySigV4(request, lookup, { now });
    assert.equal(result.ok, false, 'expected a failure');
    if (result.ok) throw new Error('unreachable');
    assert.ok(!result.message.includes(SECRET), 'the message contains the secret');
    assert.ok(!result.message.includes(expectedSignature), 'the message contains the expected signature');
    return result;
  }

  it('accepts a request signed with headers', () => {
    assert.deepEqual(verifySigV4(received(signed), lookup, { now: AT }), {
      ok: true,
      accessKey: KEY,
      region: 'us-east-1',
      service: 'kendra',
      date: AT,
      presigned: false,
      signedHeaders: ['content-type', 'host', 'x-amz-date', 'x-amz-target'],
    });
  });

  it('accepts the query as URLSearchParams and ignores changes to unsigned headers', () => {
    const request = received(signed);
    request.query = new URLSearchParams(request.query as string);
    request.headers['user-agent'] = 'something else';
    request.headers['connection'] = 'keep-alive';
    assert.equal(code(verifySigV4(request, lookup, { now: AT })), 'ok');
  });

  it('accepts session tokens and x-amz-content-sha256', () => {
    const withToken = new SignatureV4({ contentSha256Header: true }).sign(base, { key: KEY, secret: SECRET, token: 'tok' }, context);
    assert.equal(withToken.headers['x-amz-security-token'], 'tok');
    assert.equal(code(verifySigV4(received(withToken), lookup, { now: AT })), 'ok');
  });

  for (const [what, tamper] of [
    ['body', (r: VerifyRequest) => void (r.body = Buffer.from('{"IndexId":"i-2"}'))],
    ['signed header', (r: VerifyRequest) => void (r.headers['x-amz-target'] = 'AWSKendraFrontendService.DeleteIndex')],
    ['path', (r: VerifyRequest) => void (r.path = '/projects/abc%3Adeg')],
    ['query', (r: VerifyRequest) => void (r.query = (r.query as string).replace('next=', 'nxt='))],
    ['method', (r: VerifyRequest) => void (r.method = 'PUT')],
    ['host', (r: VerifyRequest) => void (r.headers['host'] = '127.0.0.1:4600')],
    ['signature', (r: VerifyRequest) => void (r.headers['authorization'] = r.headers['authorization']!.replace(/.$/, (c) => (c === '0' ? '1' : '0')))],
  ] as const) {
    it(`rejects a tampered ${what} with InvalidSignatureException`, () => {
      const request = received(signed);
      tamper(request);
      const failure = failureOf(request);
      assert.deepEqual({ code: failure.code, status: failure.status }, { code: 'InvalidSignatureException', status: 403 });
      assert.equal(
        failure.message,
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      );
    });
  }

  it('rejects a signature made with the wrong secret', () => {
    const wrong = signer.sign(base, { key: KEY, secret: 'not-the-secret' }, context);
    assert.equal(failureOf(received(wrong)).code, 'InvalidSignatureException');
  });

  it('rejects an unknown access key with UnrecognizedClientException', () => {
    const failure = failureOf(received(signer.sign(base, { key: 'AKIDUNKNOWN', secret: SECRET }, context)));
    assert.deepEqual(failure, {
      ok: false,
      code: 'UnrecognizedClientException',
      status: 403,
      message: 'The security token included in the request is invalid.',
    });
  });

  it('rejects an unsigned request with MissingAuthenticationTokenException', () => {
    assert.deepEqual(failureOf(received(base)), {
      ok: false,
      code: 'MissingAuthenticationTokenException',
      status: 403,
      message: 'Missing Authentication Token',
    });
  });

  it('allows 15 minutes of clock skew either way, and no more', () => {
    const minutes = (n: number) => new Date(AT.getTime() + n * 60_000);
    assert.equal(code(verifySigV4(received(signed), lookup, { now: minutes(15) })), 'ok');
    assert.equal(code(verifySigV4(received(signed), lookup, { now: minutes(-15) })), 'ok');
    const late = failureOf(received(signed), minutes(16));
    assert.equal(late.code, 'InvalidSignatureException');
    assert.equal(late.message, 'Signature expired: 20240506T070809Z is now earlier than 20240506T070909Z (20240506T072409Z - 15 min.)');
    const early = failureOf(received(signed), minutes(-16));
    assert.equal(early.message, 'Signature not yet current: 20240506T070809Z is still later than 20240506T070709Z (20240506T065209Z + 15 min.)');
    assert.equal(code(verifySigV4(received(signed), lookup, { now: minutes(2), maxSkewSeconds: 60 })), 'InvalidSignatureException');
  });

  describe('presigned requests', () => {
    const presigned = signer.presign({ ...base, method: 'GET', body: '' }, { key: KEY, secret: SECRET, token: 'tok' }, { ...context, expiresIn: 300 });

    it('accepts a presigned request (UNSIGNED-PAYLOAD) until it expires', () => {
      assert.equal(presigned.query['X-Amz-Security-Token'], 'tok');
      assert.equal(presigned.headers['authorization'], undefined);
      const ok = verifySigV4(received(presigned), lookup, { now: new Date(AT.getTime() + 300_000) });
      assert.deepEqual(ok, {
        ok: true,
        accessKey: KEY,
        region: 'us-east-1',
        service: 'kendra',
        date: AT,
        presigned: true,
        signedHeaders: ['content-type', 'host', 'x-amz-target'],
      });
    });

    it('accepts a presigned request whose payload hash was signed', () => {
      const hashed = new SignatureV4({ unsignedPresignPayload: false }).presign(base, { key: KEY, secret: SECRET }, { ...context, expiresIn: 60 });
      assert.equal(code(verifySigV4(received(hashed), lookup, { now: AT })), 'ok');
      const tampered = received(hashed);
      tampered.body = Buffer.from('{}');
      assert.equal(failureOf(tampered).code, 'InvalidSignatureException');
    });

    it('rejects an expired presigned request with a clear message', () => {
      const failure = failureOf(received(presigned), new Date(AT.getTime() + 301_000));
      assert.deepEqual({ code: failure.code, status: failure.status }, { code: 'InvalidSignatureException', status: 403 });
      assert.equal(
        failure.message,
        'Signature expired: the presigned request was signed at 20240506T070809Z, was valid for 300 seconds and expired at 20240506T071309Z; it is now 20240506T071310Z.',
      );
    });

    it('rejects a presigned request whose expiry or query was changed', () => {
      const longer = received({ ...presigned, query: { ...presigned.query, 'X-Amz-Expires': '3600' } });
      assert.equal(failureOf(longer).code, 'InvalidSignatureException');
      const extra = received({ ...presigned, query: { ...presigned.query, extra: '1' } });
      assert.equal(failureOf(extra).code, 'InvalidSignatureException');
    });

    it('rejects incomplete presigned parameters and a request with both forms', () => {
      const { 'X-Amz-SignedHeaders': _dropped, ...rest } = presigned.query;
      assert.equal(failureOf(received({ ...presigned, query: rest })).code, 'IncompleteSignatureException');
      const tooLong = failureOf(received({ ...presigned, query: { ...presigned.query, 'X-Amz-Expires': '604801' } }));
      assert.deepEqual({ code: tooLong.code, status: tooLong.status }, { code: 'IncompleteSignatureException', status: 400 });
      const both = failureOf(received({ ...presigned, headers: { ...presigned.headers, authorization: signed.headers['authorization']! } }));
      assert.equal(both.code, 'IncompleteSignatureException');
    });
  });

  describe('malformed Authorization headers', () => {
    const withAuthorization = (authorization: string) => received({ ...signed, headers: { ...signed.headers, authorization } });

    it('names the missing parameters', () => {
      const failure = failureOf(withAuthorization('AWS4-HMAC-SHA256 Credential=test/20240506/us-east-1/kendra/aws4_request'));
      assert.deepEqual(failure, {
        ok: false,
        code: 'IncompleteSignatureException',
        status: 400,
        message: "Authorization header requires 'Signature' parameter. Authorization header requires 'SignedHeaders' parameter.",
      });
    });

    it('rejects other schemes, bad credential scopes and bad dates', () => {
      assert.equal(failureOf(withAuthorization('Basic dGVzdDp0ZXN0')).code, 'IncompleteSignatureException');
      const auth = signed.headers['authorization']!;
      assert.equal(failureOf(withAuthorization(auth.replace('/aws4_request', '/aws5_request'))).code, 'IncompleteSignatureException');
      assert.equal(failureOf(withAuthorization(auth.replace('Credential=test/', 'Credential='))).code, 'IncompleteSignatureException');
      const scopeDate = failureOf(withAuthorization(auth.replace('/20240506/', '/20240507/')));
      assert.equal(scopeDate.code, 'InvalidSignatureException');
      assert.match(scopeDate.message, /^Date in Credential scope does not match/);
      const badDate = failureOf(received({ ...signed, headers: { ...signed.headers, 'x-amz-date': '2024-05-06T07:08:09Z' } }));
      assert.equal(badDate.code, 'IncompleteSignatureException');
      const { 'x-amz-date': _date, ...noDate } = signed.headers;
      assert.equal(failureOf(received({ ...signed, headers: noDate })).code, 'IncompleteSignatureException');
    });

    it('requires host to be signed', () => {
      const unsignedHost = new SignatureV4({ unsignedHeaders: ['host', 'user-agent'] }).sign(base, { key: KEY, secret: SECRET }, context);
      assert.match(unsignedHost.headers['authorization']!, /SignedHeaders=content-type;x-amz-date;x-amz-target,/);
      const failure = failureOf(received(unsignedHost));
      assert.equal(failure.code, 'InvalidSignatureException');
      assert.match(failure.message, /'Host'/);
    });

    it('rejects an x-amz-content-sha256 that does not match the body', () => {
      const request = received(new SignatureV4({ contentSha256Header: true }).sign(base, { key: KEY, secret: SECRET }, context));
      request.body = Buffer.from('{}');
      const failure = failureOf(request);
      assert.deepEqual({ code: failure.code, status: failure.status }, { code: 'XAmzContentSHA256Mismatch', status: 400 });
    });
  });

  describe('over a real HTTP server', () => {
    let server: Server;
    let port: number;
    before(async () => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const target = req.url ?? '/';
          const q = target.indexOf('?');
          const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
          const result = verifySigV4(
            {
              method: req.method ?? '',
              path: q === -1 ? target : target.slice(0, q),
              query: q === -1 ? '' : target.slice(q + 1),
              headers,
              body: Buffer.concat(chunks),
            },
            lookup,
            { now: AT },
          );
          res.writeHead(result.ok ? 200 : result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    function send(request: HttpRequest): Promise<{ status: number; body: VerifyResult }> {
      const { path, query, headers, body } = received(request);
      return new Promise((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method: request.method, path: `${path}${query ? `?${query}` : ''}`, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as VerifyResult }));
        });
        req.on('error', reject);
        req.end(body);
      });
    }

    it('verifies requests as Node receives them, and rejects tampered ones', async () => {
      const request = { ...base, port };
      const ok = await send(signer.sign(request, { key: KEY, secret: SECRET }, context));
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      const presigned = await send(signer.presign({ ...request, body: '' }, { key: KEY, secret: SECRET }, { ...context, expiresIn: 60 }));
      assert.equal(presigned.status, 200, JSON.stringify(presigned.body));
      const tampered = signer.sign(request, { key: KEY, secret: SECRET }, context);
      const bad = await send({ ...tampered, body: '{"IndexId":"i-3"}' });
      assert.deepEqual([bad.status, code(bad.body)], [403, 'InvalidSignatureException']);
    });
  });
});
