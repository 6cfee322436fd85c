import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { HttpRequest } from '../../../src/lib/http/types.js';
import { isSigningError } from '../../../src/lib/errors/signing-error.js';
import {
  SignatureV4,
  deriveSigningKey,
  formatAmzDate,
  hostHeader,
  parseAmzDate,
  sha256Hex,
  stringToSign,
  type SigningDetails,
} from '../../../src/lib/signing/sigv4.js';
import { SigningKeyCache } from '../../../src/lib/signing/sigv4-primitives.js';

const credentials = { key: 'AKIDEXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const AT = new Date('2015-08-30T12:36:00.789Z');
const context = { region: 'us-east-1', service: 'kendra', signingDate: AT };
const request: HttpRequest = {
  method: 'POST',
  protocol: 'https:',
  hostname: 'kendra.us-east-1.amazonaws.com',
  path: '/',
  query: {},
  headers: { 'content-type': 'application/x-amz-json-1.1', 'user-agent': 'nimbus', 'x-amzn-trace-id': 'Root=1' },
  body: new TextEncoder().encode('{}'),
};

describe('SigV4 primitives', () => {
  it('derives the signing key of the AWS documentation example', () => {
    const key = deriveSigningKey('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20120215', 'us-east-1', 'iam');
    assert.equal(key.toString('hex'), 'f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d');
  });

  it('hashes strings and bytes alike, and the empty body to the well-known value', () => {
    assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    assert.equal(sha256Hex('ሴ'), sha256Hex(new TextEncoder().encode('ሴ')));
  });

  it('formats and parses time stamps', () => {
    assert.equal(formatAmzDate(AT), '20150830T123600Z');
    assert.deepEqual(parseAmzDate('20150830T123600Z'), new Date('2015-08-30T12:36:00Z'));
    for (const bad of ['20150830T123600', '2015-08-30T12:36:00Z', '20151330T123600Z', '20150231T000000Z']) {
      assert.equal(parseAmzDate(bad), undefined, bad);
    }
    assert.equal(stringToSign('20150830T123600Z', 's/c', ''), `AWS4-HMAC-SHA256\n20150830T123600Z\ns/c\n${sha256Hex('')}`);
  });

  it('formats each time stamp by its own second, whatever was formatted before', () => {
    const cases: Array<[string, string]> = [
      ['2015-08-30T12:36:00.000Z', '20150830T123600Z'],
      ['2015-08-30T12:36:00.999Z', '20150830T123600Z'],
      ['2015-08-30T12:36:01.000Z', '20150830T123601Z'],
      ['2015-08-30T12:36:00.500Z', '20150830T123600Z'],
      ['1969-12-31T23:59:59.500Z', '19691231T235959Z'],
      ['1970-01-01T00:00:00.000Z', '19700101T000000Z'],
    ];
    for (const [iso, expected] of cases) assert.equal(formatAmzDate(new Date(iso)), expected, iso);
    assert.throws(() => formatAmzDate(new Date(Number.NaN)), RangeError);
  });

  it('formats a time stamp as the compact form of toISOString() for any date', () => {
    // From the UTC fields for the years 0 to 9999, through toISOString() beyond them.
    const expected = (date: Date): string =>
      date
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/(\d)-(\d)/g, '$1$2')
        .replaceAll(':', '');
    assert.equal(expected(new Date('2015-08-30T12:36:00.123Z')), '20150830T123600Z');
    for (const ms of [Date.UTC(0, 0, 1) - 1000, Date.UTC(9999, 11, 31, 23, 59, 59), 8.64e15, -8.64e15]) {
      assert.equal(formatAmzDate(new Date(ms)), expected(new Date(ms)), String(ms));
    }
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => assert.equal(formatAmzDate(new Date(ms)), expected(new Date(ms)))),
      { numRuns: 2000 },
    );
  });

  it('keeps a bounded cache of signing keys, keyed without the plain secret', () => {
    const cache = new SigningKeyCache(2);
    const first = cache.get('secret', '20150830', 'us-east-1', 'kendra');
    assert.equal(cache.get('secret', '20150830', 'us-east-1', 'kendra'), first);
    assert.deepEqual(first, deriveSigningKey('secret', '20150830', 'us-east-1', 'kendra'));
    cache.get('secret', '20150831', 'us-east-1', 'kendra');
    cache.get('other', '20150830', 'us-east-1', 'kendra');
    assert.equal(cache.size, 2);
    assert.notEqual(cache.get('secret', '20150830', 'us-east-1', 'kendra'), first, 'the oldest entry was evicted');
    const ids = [...(cache as unknown as { entries: Map<string, Buffer> }).entries.keys()];
    assert.ok(
      ids.every((id) => !id.includes('secret') && !id.includes('other')),
      'a plain secret is a cache key',
    );
  });
});

describe('SignatureV4', () => {
  it('adds host, x-amz-date and authorization, and leaves the input alone', () => {
    const before = structuredClone(request);
    const signed = new SignatureV4().sign(request, credentials, context);
    assert.deepEqual(request, before);
    assert.equal(signed.headers['host'], 'kendra.us-east-1.amazonaws.com');
    assert.equal(signed.headers['x-amz-date'], '20150830T123600Z');
    assert.equal(signed.headers['x-amz-content-sha256'], undefined);
    assert.match(
      signed.headers['authorization']!,
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20150830\/us-east-1\/kendra\/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('signs again from a signed request with the same result', () => {
    const signer = new SignatureV4();
    const once = signer.sign(request, { ...credentials, token: 't' }, context);
    assert.deepEqual(signer.sign(once, { ...credentials, token: 't' }, context), once);
  });

  it('signs nothing without credentials', () => {
    const signed = new SignatureV4().sign(request, null, context);
    assert.deepEqual(signed, request);
    assert.notEqual(signed.headers, request.headers);
  });

  it('derives the host header from IPv6 names and non-default ports only', () => {
    assert.equal(hostHeader({ protocol: 'https:', hostname: 'Example.COM', port: 443 }), 'example.com');
    assert.equal(hostHeader({ protocol: 'http:', hostname: 'localhost', port: 443 }), 'localhost:443');
    assert.equal(hostHeader({ protocol: 'http:', hostname: '::1', port: 4599 }), '[::1]:4599');
    const kept = new SignatureV4().sign({ ...request, headers: { host: 'custom:1' } }, credentials, context);
    assert.equal(kept.headers['host'], 'custom:1');
  });

  it('takes the unsigned header set, the content hash header and the path options from its options', () => {
    const log: SigningDetails[] = [];
    const signer = new SignatureV4({
      unsignedHeaders: ['Content-Type'],
      contentSha256Header: true,
      normalizePath: false,
      uriEscapePath: false,
      log: (details) => log.push(details),
    });
    const signed = signer.sign({ ...request, path: '/a%20b/./c' }, credentials, context);
    assert.equal(signed.headers['x-amz-content-sha256'], sha256Hex('{}'));
    assert.match(signed.headers['authorization']!, /SignedHeaders=host;user-agent;x-amz-content-sha256;x-amz-date;x-amzn-trace-id,/);
    assert.equal(log[0]!.canonicalRequest.split('\n')[1], '/a%20b/./c');
    assert.equal(log[0]!.canonicalRequest.split('\n').at(-1), sha256Hex('{}'));
  });

  it('adds the session token after signing when told not to sign it', () => {
    const signed = new SignatureV4({ signSessionToken: false }).sign(request, { ...credentials, token: 'tok' }, context);
    assert.equal(signed.headers['x-amz-security-token'], 'tok');
    assert.match(signed.headers['authorization']!, /SignedHeaders=content-type;host;x-amz-date,/);
  });

  it('presigns with UNSIGNED-PAYLOAD by default and replaces an earlier presignature', () => {
    const log: SigningDetails[] = [];
    const signer = new SignatureV4({ log: (details) => log.push(details) });
    const once = signer.presign(request, { ...credentials, token: 'tok' }, { ...context, expiresIn: 60 });
    assert.equal(log[0]!.canonicalRequest.split('\n').at(-1), 'UNSIGNED-PAYLOAD');
    assert.deepEqual(Object.keys(once.query).sort(), [
      'X-Amz-Algorithm',
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Expires',
      'X-Amz-Security-Token',
      'X-Amz-Signature',
      'X-Amz-SignedHeaders',
    ]);
    assert.equal(once.query['X-Amz-SignedHeaders'], 'content-type;host');
    assert.deepEqual(signer.presign(once, { ...credentials, token: 'tok' }, { ...context, expiresIn: 60 }), once);
  });

  it('refuses presign expiries outside 1 to 604800 whole seconds', () => {
    for (const expiresIn of [0, 604801, 1.5, Number.NaN]) {
      assert.throws(
        () => new SignatureV4().presign(request, credentials, { ...context, expiresIn }),
        (error) => isSigningError(error) && /1 to 604800/.test(error.message),
      );
    }
    assert.doesNotThrow(() => new SignatureV4().presign(request, credentials, { ...context, expiresIn: 604800 }));
  });
});
