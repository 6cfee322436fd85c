import assert from 'node:assert/strict';
import type { HttpResponse } from '../../../src/lib/http/types.js';
import { protocolFor } from '../../../src/lib/protocols/index.js';
import { loadModel } from '../model/models.js';
import { jsonTestModel, restTestModel } from './fixtures.js';

function response(statusCode: number, body: string | object, headers: Record<string, string> = {}): HttpResponse {
  return { statusCode, headers, body: new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body)) };
}

describe('error parsing', () => {
  const json = jsonTestModel();
  const jsonOp = json.operation('PutEverything')!;
  const rest = restTestModel();
  const restOp = rest.operation('GetThing')!;
  const parseJson = (r: HttpResponse) => protocolFor(json).parseError(jsonOp, r);
  const parseRest = (r: HttpResponse) => protocolFor(rest).parseError(restOp, r);

  describe('the code', () => {
    it('comes from x-amzn-errortype first, without what follows ":"', () => {
      const r = response(
        400,
        { __type: 'BodyCode', message: 'm' },
        { 'x-amzn-errortype': 'PlainError:http://internal.amazon.com/coral/com.amazon.coral.validate/' },
      );
      assert.equal(parseJson(r).code, 'PlainError');
      assert.equal(parseRest(r).code, 'PlainError');
    });

    it('comes from __type without its namespace', () => {
      assert.equal(parseJson(response(400, { __type: 'com.amazonaws.kendra#ResourceNotFoundException', message: 'm' })).code, 'ResourceNotFoundException');
      assert.equal(parseJson(response(400, { __type: 'ValidationException' })).code, 'ValidationException');
    });

    it('comes from code or Code', () => {
      assert.equal(parseRest(response(404, { code: 'NotFoundException', message: 'm' })).code, 'NotFoundException');
      assert.equal(parseRest(response(404, { Code: 'aws#NotFound' })).code, 'NotFound');
    });

    it('is the status code when nothing names it', () => {
      assert.equal(parseRest(response(418, { message: 'teapot' })).code, '418');
    });
  });

  describe('the message', () => {
    it('comes from message, Message or errorMessage', () => {
      assert.equal(parseJson(response(400, { __type: 'X', message: 'lower' })).message, 'lower');
      assert.equal(parseJson(response(400, { __type: 'X', Message: 'upper' })).message, 'upper');
      assert.equal(parseJson(response(400, { __type: 'X', errorMessage: 'lambda style' })).message, 'lambda style');
      assert.equal(parseJson(response(400, { __type: 'X' })).message, '');
    });
  });

  it('reads the request id from x-amzn-requestid or x-amz-request-id', () => {
    assert.equal(parseJson(response(400, { __type: 'X' }, { 'x-amzn-requestid': 'r1' })).requestId, 'r1');
    assert.equal(parseRest(response(400, { code: 'X' }, { 'x-amz-request-id': 'r2' })).requestId, 'r2');
    assert.equal('requestId' in parseRest(response(400, { code: 'X' })), false);
  });

  describe('classification', () => {
    it('uses the retryable trait and its throttling flag', () => {
      const throttled = parseJson(response(400, { __type: 'ThrottledError' }));
      assert.deepEqual([throttled.retryable, throttled.throttling, throttled.fault], [true, true, 'client']);
      const flaky = parseJson(response(400, { __type: 'FlakyError' }));
      assert.deepEqual([flaky.retryable, flaky.throttling, flaky.fault], [true, false, 'server']);
    });

    it('knows the throttling codes without a trait', () => {
      const error = parseJson(response(400, { __type: 'ThrottlingException', message: 'Rate exceeded' }));
      assert.deepEqual([error.retryable, error.throttling, error.fault], [true, true, 'client']);
      assert.equal(parseJson(response(400, { __type: 'RequestTimeoutException' })).retryable, true);
    });

    it('retries 429 and 500/502/503/504 and blames the server for 5xx', () => {
      for (const status of [429, 500, 502, 503, 504]) assert.equal(parseJson(response(status, { __type: 'Whatever' })).retryable, true, String(status));
      const internal = parseJson(response(500, { __type: 'InternalServerException' }));
      assert.equal(internal.fault, 'server');
      const bad = parseJson(response(400, { __type: 'ValidationException' }));
      assert.deepEqual([bad.retryable, bad.throttling, bad.fault], [false, false, 'client']);
      assert.equal(parseJson(response(501, { __type: 'NotImplemented' })).retryable, false);
    });

    it('trusts the model over the status: a modeled client error on a 500 stays a client fault', () => {
      assert.equal(parseJson(response(500, { __type: 'PlainError' })).fault, 'client');
    });

    it('uses a Kendra model error as is', () => {
      const kendra = loadModel('search');
      const error = protocolFor(kendra).parseError(
        kendra.operation('DescribeIndex')!,
        response(400, { __type: 'com.amazonaws.kendra#ResourceNotFoundException', Message: 'no index' }, { 'x-amzn-requestid': 'abc' }),
      );
      assert.deepEqual(error, {
        code: 'ResourceNotFoundException',
        message: 'no index',
        statusCode: 400,
        requestId: 'abc',
        retryable: false,
        throttling: false,
        fault: 'client',
        fields: {},
      });
    });
  });

  describe('fields', () => {
    it('holds the other modeled members of the error shape', () => {
      assert.deepEqual(parseJson(response(400, { __type: 'PlainError', Message: 'm', Items: ['a'], Unmodeled: 1 })).fields, { Items: ['a'] });
      assert.deepEqual(parseJson(response(400, { __type: 'Unknown', Items: ['a'] })).fields, {});
    });

    it('includes header-bound members in REST-JSON', () => {
      const error = parseRest(response(429, { message: 'slow down', Reason: 'burst' }, { 'x-amzn-errortype': 'ThrottledError', 'retry-after': '7' }));
      assert.deepEqual(error.fields, { Reason: 'burst', RetryAfter: 7 });
      assert.deepEqual([error.message, error.throttling], ['slow down', true]);
    });

    it('reads the mobile Retry-After of TooManyRequestsException', () => {
      const mobile = loadModel('mobile');
      const error = protocolFor(mobile).parseError(
        mobile.operation('ListProjects')!,
        response(429, { message: 'Too many' }, { 'x-amzn-errortype': 'TooManyRequestsException:', 'retry-after': '3', 'x-amzn-requestid': 'r' }),
      );
      assert.deepEqual(error, {
        code: 'TooManyRequestsException',
        message: 'Too many',
        statusCode: 429,
        requestId: 'r',
        retryable: true,
        throttling: true,
        fault: 'client',
        fields: { retryAfterSeconds: '3' },
      });
    });

    it('matches an error shape by its error.code', () => {
      assert.equal(parseJson(response(400, { __type: 'Aliased.Code' })).fault, 'client');
      assert.equal(jsonOp.errorShape('Aliased.Code')?.name, 'AliasedError');
    });
  });

  describe('bodies that are not JSON', () => {
    it('turns an HTML 502 page into code "502" with the status text', () => {
      const error = parseJson(response(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', { 'content-type': 'text/html' }));
      assert.deepEqual(error, { code: '502', message: 'Bad Gateway', statusCode: 502, retryable: true, throttling: false, fault: 'server', fields: {} });
    });

    it('handles an empty body', () => {
      const error = parseRest(response(503, ''));
      assert.deepEqual([error.code, error.message, error.retryable, error.fault], ['503', 'Service Unavailable', true, 'server']);
    });

    it('keeps a short text body as the message, on one line', () => {
      const error = parseRest(response(403, 'Access\n  denied by proxy'));
      assert.deepEqual([error.code, error.message, error.fault], ['403', 'Access denied by proxy', 'client']);
    });

    it('still honours the error-type header when the body is not JSON', () => {
      const error = parseRest(response(403, '<html>denied</html>', { 'x-amzn-errortype': 'AccessDeniedException' }));
      assert.deepEqual([error.code, error.message], ['AccessDeniedException', 'Forbidden']);
    });

    it('truncates a long text body', () => {
      const error = parseRest(response(400, 'x'.repeat(5000)));
      assert.ok(error.message.length <= 301);
    });
  });
});
