import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Credentials } from '../../../src/lib/credentials/types.js';
import type { HttpRequest } from '../../../src/lib/http/types.js';
import { SignatureV4, formatAmzDate, hostHeader, uriEncode } from '../../../src/lib/signing/sigv4.js';
import { verifySigV4 } from '../../../src/lib/signing/verify.js';
import { botocoreSign, lowerCaseNames, type BotocoreJob } from './botocore.js';

const KEY = 'AKIDEXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const TOKEN = 'FQoGZXIvYXdzEXAMPLE//token+with/odd=chars';
const AT = new Date('2024-05-06T07:08:09Z');

/** The URL a request goes to, its query encoded as nimbus sends it. */
function urlOf(request: HttpRequest): string {
  const pairs = Object.entries(request.query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `${uriEncode(key)}=${uriEncode(item)}`),
  );
  return `${request.protocol}//${hostHeader(request)}${request.path}${pairs.length ? `?${pairs.join('&')}` : ''}`;
}

function job(request: HttpRequest, credentials: Credentials, service: string, region: string, date: Date, expires?: number): BotocoreJob {
  const body = request.body ?? '';
  return {
    method: request.method,
    url: urlOf(request),
    headers: request.headers,
    body: typeof body === 'string' ? body : Buffer.from(body).toString('utf8'),
    key: credentials.key,
    secret: credentials.secret,
    token: credentials.token ?? null,
    timestamp: formatAmzDate(date),
    region,
    service,
    ...(expires ? { expires } : {}),
  };
}

const kendraRequest: HttpRequest = {
  method: 'POST',
  protocol: 'https:',
  hostname: 'kendra.us-east-1.amazonaws.com',
  path: '/',
  query: {},
  headers: {
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': 'AWSKendraFrontendService.ListIndices',
    'user-agent': 'nimbus/0.1.0',
  },
  body: '{"MaxResults":10}',
};

const mobileRequest: HttpRequest = {
  method: 'GET',
  protocol: 'http:',
  hostname: '127.0.0.1',
  port: 4599,
  path: '/projects/abc%3Adef/bundles',
  query: { maxResults: '10', nextToken: 'a/b+c==' },
  headers: { accept: 'application/json' },
};

describe('SignatureV4 against botocore', () => {
  const cases: Array<{ name: string; request: HttpRequest; credentials: Credentials; service: string; region: string }> = [
    { name: 'kendra', request: kendraRequest, credentials: { key: KEY, secret: SECRET }, service: 'kendra', region: 'us-east-1' },
    {
      name: 'kendra with a session token',
      request: kendraRequest,
      credentials: { key: KEY, secret: SECRET, token: TOKEN },
      service: 'kendra',
      region: 'us-east-1',
    },
    {
      name: 'mobile hub, encoded path, query, non-default port',
      request: mobileRequest,
      credentials: { key: KEY, secret: SECRET },
      service: 'AWSMobileHubService',
      region: 'us-east-1',
    },
    {
      name: 'mobile hub with a session token',
      request: mobileRequest,
      credentials: { key: KEY, secret: SECRET, token: TOKEN },
      service: 'AWSMobileHubService',
      region: 'eu-west-1',
    },
  ];
  const signedByBotocore = botocoreSign(cases.map((c) => job(c.request, c.credentials, c.service, c.region, AT)));

  cases.forEach((c, index) => {
    it(`makes the same Authorization header as botocore SigV4Auth: ${c.name}`, () => {
      const ours = new SignatureV4().sign(c.request, c.credentials, { service: c.service, region: c.region, signingDate: AT });
      const theirs = lowerCaseNames(signedByBotocore[index]!.headers);
      assert.match(ours.headers['authorization']!, /^AWS4-HMAC-SHA256 Credential=/);
      assert.equal(ours.headers['authorization'], theirs['authorization']);
      assert.equal(ours.headers['x-amz-date'], theirs['x-amz-date']);
      assert.equal(ours.headers['x-amz-security-token'], theirs['x-amz-security-token']);
      assert.equal('x-amz-content-sha256' in ours.headers, false);
      assert.equal(ours.headers['host'], new URL(urlOf(c.request)).host);
    });
  });

  it('makes the same presigned query as botocore SigV4QueryAuth (payload hashed, as botocore does)', () => {
    const credentials = { key: KEY, secret: SECRET, token: TOKEN };
    const [theirs] = botocoreSign([job(mobileRequest, credentials, 'AWSMobileHubService', 'us-east-1', AT, 900)]);
    const ours = new SignatureV4({ unsignedPresignPayload: false }).presign(mobileRequest, credentials, {
      service: 'AWSMobileHubService',
      region: 'us-east-1',
      signingDate: AT,
      expiresIn: 900,
    });
    assert.deepEqual(ours.query, Object.fromEntries(new URL(theirs!.url).searchParams));
  });

  it('verifies what botocore signs, with headers and presigned', () => {
    const credentials = { key: KEY, secret: SECRET, token: TOKEN };
    const signed = botocoreSign([
      job(kendraRequest, credentials, 'kendra', 'us-east-1', AT),
      job(mobileRequest, credentials, 'AWSMobileHubService', 'us-east-1', AT, 300),
    ]);
    const bodies = [Buffer.from(kendraRequest.body as string), Buffer.alloc(0)];
    signed.forEach((request, index) => {
      const url = new URL(request.url);
      const result = verifySigV4(
        {
          method: index === 0 ? 'POST' : 'GET',
          path: url.pathname,
          query: url.search.slice(1),
          headers: { ...lowerCaseNames(request.headers), host: url.host },
          body: bodies[index]!,
        },
        (key) => (key === KEY ? SECRET : undefined),
        { now: new Date(AT.getTime() + 60_000) },
      );
      assert.deepEqual(result, {
        ok: true,
        accessKey: KEY,
        region: 'us-east-1',
        service: index === 0 ? 'kendra' : 'AWSMobileHubService',
        date: AT,
        presigned: index === 1,
        // botocore signs every header but its short list (user-agent, expect…): x-amz-target, the token and content-type too
        signedHeaders: index === 0 ? ['content-type', 'host', 'x-amz-date', 'x-amz-security-token', 'x-amz-target'] : ['accept', 'host'],
      });
    });
  });

  it('agrees with botocore on random requests (paths with dot segments, queries, headers, bodies)', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 });
    const segment = fc.oneof(fc.constantFrom('.', '..', '', 'a', 'b c', '%'), text);
    const headerName = fc.constantFrom(
      'content-type',
      'x-amz-target',
      'user-agent',
      'expect',
      'x-amzn-trace-id',
      'connection',
      'accept',
      'x-amz-meta-a',
      'x-test-one',
      'content-encoding',
    );
    const headerValue = fc.string({ unit: fc.constantFrom(...' \tab,;:"=/-_.~X9'), maxLength: 16 });
    const arbitrary = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
      segments: fc.array(segment, { maxLength: 6 }),
      query: fc.array(fc.tuple(text, text), { maxLength: 5 }),
      headers: fc.dictionary(headerName, headerValue, { maxKeys: 6 }),
      body: text,
      token: fc.option(fc.constantFrom(TOKEN, 'short'), { nil: undefined }),
      scope: fc.constantFrom(['kendra', 'us-east-1'], ['AWSMobileHubService', 'us-west-2'], ['kendra', 'ap-southeast-2']),
      date: fc.date({ min: new Date('2015-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true }),
    });
    const samples = fc.sample(arbitrary, { numRuns: 200, seed: 20240506 });
    const requests = samples.map((sample) => {
      const query: Record<string, string | string[]> = {};
      for (const [key, value] of sample.query) {
        const previous = Object.hasOwn(query, key) ? query[key]! : [];
        query[key] = [...(Array.isArray(previous) ? previous : [previous]), value];
      }
      const request: HttpRequest = {
        method: sample.method,
        protocol: 'https:',
        hostname: 'example.amazonaws.com',
        path: `/${sample.segments.map((item) => uriEncode(item)).join('/')}`,
        query,
        headers: sample.headers,
        body: sample.body,
      };
      const credentials: Credentials = { key: KEY, secret: SECRET, ...(sample.token ? { token: sample.token } : {}) };
      const [service, region] = sample.scope as [string, string];
      return { request, credentials, service, region, date: sample.date };
    });
    const theirs = botocoreSign(requests.map((r) => job(r.request, r.credentials, r.service, r.region, r.date)));
    const signer = new SignatureV4();
    requests.forEach((r, index) => {
      const ours = signer.sign(r.request, r.credentials, { service: r.service, region: r.region, signingDate: r.date });
      assert.equal(ours.headers['authorization'], lowerCaseNames(theirs[index]!.headers)['authorization'], `sample ${index}: ${JSON.stringify(r.request)}`);
    });
  });
});
