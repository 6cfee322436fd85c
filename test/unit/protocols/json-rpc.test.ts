import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { HttpResponse } from '../../../src/lib/http/types.js';
import { protocolFor } from '../../../src/lib/protocols/index.js';
import { JsonRpcProtocol } from '../../../src/lib/protocols/json-rpc.js';
import { ProtocolError } from '../../../src/lib/errors/protocol-error.js';
import { loadModel } from '../model/models.js';
import { jsonTestModel } from './fixtures.js';

const endpoint = new URL('https://test.example.com');

function response(body: unknown, statusCode = 200, headers: Record<string, string> = {}): HttpResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { statusCode, headers, body: new TextEncoder().encode(text) };
}

describe('JSON RPC protocol', () => {
  const model = jsonTestModel();
  const protocol = protocolFor(model);
  const op = model.operation('PutEverything')!;
  const body = (input: Record<string, unknown>): unknown => JSON.parse(protocol.serializeRequest(op, input, { endpoint }).body as string);

  it('is chosen for metadata.protocol "json"', () => {
    assert.ok(protocol instanceof JsonRpcProtocol);
    assert.equal(protocolFor(loadModel('search')), protocol, 'one shared instance');
  });

  describe('serializeRequest', () => {
    it('posts to the endpoint with the target and content type', () => {
      const request = protocol.serializeRequest(op, { Str: 'a' }, { endpoint: new URL('http://127.0.0.1:4599') });
      assert.equal(request.method, 'POST');
      assert.equal(request.protocol, 'http:');
      assert.equal(request.hostname, '127.0.0.1');
      assert.equal(request.port, 4599);
      assert.equal(request.path, '/');
      assert.deepEqual(request.query, {});
      assert.deepEqual(request.headers, { 'x-amz-target': 'TestService.PutEverything', 'content-type': 'application/x-amz-json-1.1' });
    });

    it('keeps the endpoint base path and omits the default port', () => {
      const request = protocol.serializeRequest(op, {}, { endpoint: new URL('https://test.example.com:443/prefix/v1?stage=beta') });
      assert.equal(request.path, '/prefix/v1');
      assert.equal(request.port, undefined);
      assert.deepEqual(request.query, { stage: 'beta' });
      assert.equal(protocol.serializeRequest(op, {}, { endpoint: new URL('https://h.example.com/prefix/') }).path, '/prefix/');
    });

    it('sends {} for empty input and for an operation without input', () => {
      assert.equal(protocol.serializeRequest(op, {}, { endpoint }).body, '{}');
      const ping = protocol.serializeRequest(model.operation('Ping')!, {}, { endpoint });
      assert.equal(ping.body, '{}');
      assert.equal(ping.headers['x-amz-target'], 'TestService.Ping');
    });

    it('omits undefined and null members and drops unknown ones', () => {
      assert.deepEqual(body({ Str: 'x', Int: undefined, Lng: null, Unknown: 1, Tree: { Name: null, Other: 2 } }), { Str: 'x', Tree: {} });
    });

    it('writes scalars, lists, maps and nested recursive structures by shape', () => {
      const input = {
        Str: 'é "quoted" \n',
        Int: 3,
        Lng: 9007199254740991,
        Dbl: 1.5,
        Bool: false,
        List: ['a', 'b'],
        Map: JSON.parse('{"k":"v","skipped":null,"__proto__":"own"}') as unknown,
        Tree: { Name: 'root', Renamed: 'wire', Children: [{ Name: 'leaf', Children: [] }] },
      };
      assert.deepEqual(body(input), {
        Str: 'é "quoted" \n',
        Int: 3,
        Lng: 9007199254740991,
        Dbl: 1.5,
        Bool: false,
        List: ['a', 'b'],
        Map: JSON.parse('{"k":"v","__proto__":"own"}'),
        Tree: { Name: 'root', wire_name: 'wire', Children: [{ Name: 'leaf', Children: [] }] },
      });
    });

    it('writes blobs as base64 from Buffer, Uint8Array and string', () => {
      const bytes = new Uint8Array([0, 255, 128, 10]);
      assert.deepEqual(body({ Bytes: Buffer.from(bytes) }), { Bytes: 'AP+ACg==' });
      assert.deepEqual(body({ Bytes: bytes }), { Bytes: 'AP+ACg==' });
      assert.deepEqual(body({ Bytes: bytes.subarray(1, 3) }), { Bytes: '/4A=' });
      assert.deepEqual(body({ Bytes: 'hé' }), { Bytes: Buffer.from('hé').toString('base64') });
      assert.deepEqual(body({ Blobs: { a: 'x' }, Tree: { Data: new Uint8Array([1]) } }), { Blobs: { a: 'eA==' }, Tree: { Data: 'AQ==' } });
    });

    it('writes timestamps as epoch seconds from Date, ISO string and number (fractions kept)', () => {
      assert.deepEqual(body({ Time: new Date('2024-01-02T03:04:05Z') }), { Time: 1704164645 });
      assert.deepEqual(body({ Time: new Date('2024-01-02T03:04:05.250Z') }), { Time: 1704164645.25 });
      assert.deepEqual(body({ Time: '2024-01-02T03:04:05Z' }), { Time: 1704164645 });
      assert.deepEqual(body({ Time: '2024-01-02T03:04:05' }), { Time: 1704164645 }, 'no zone means UTC');
      assert.deepEqual(body({ Time: '2024-01-02T05:04:05+02:00' }), { Time: 1704164645 });
      assert.deepEqual(body({ Time: 1704164645.5 }), { Time: 1704164645.5 });
      assert.deepEqual(body({ Times: [0, '1970-01-01T00:00:01Z'] }), { Times: [0, 1] });
    });

    it('honours a timestampFormat on the shape or the member', () => {
      assert.deepEqual(body({ Iso: new Date('2024-01-02T03:04:05Z') }), { Iso: '2024-01-02T03:04:05Z' });
      assert.deepEqual(body({ Tree: { WhenIso: new Date('2024-01-02T03:04:05.120Z'), When: 0 } }), { Tree: { WhenIso: '2024-01-02T03:04:05.120Z', When: 0 } });
    });

    it('rejects a value that is not a timestamp with a ProtocolError', () => {
      assert.throws(
        () => body({ Time: 'yesterday' }),
        (error: unknown) => error instanceof ProtocolError && /Time/.test(error.message),
      );
      assert.throws(() => body({ Bytes: 42 }), ProtocolError);
    });

    it('passes document members through as given', () => {
      const doc = { a: [1, { b: null }], c: 'd', e: true };
      assert.deepEqual(body({ Doc: doc }), { Doc: doc });
      assert.deepEqual(body({ Doc: [1, 2] }), { Doc: [1, 2] });
      assert.deepEqual(body({ Doc: 'text' }), { Doc: 'text' });
    });

    it('writes non-finite doubles as strings', () => {
      const text = protocol.serializeRequest(op, { Dbl: Number.NaN }, { endpoint }).body;
      assert.equal(text, '{"Dbl":"NaN"}');
      assert.deepEqual(body({ Dbl: Number.POSITIVE_INFINITY }), { Dbl: 'Infinity' });
      assert.deepEqual(body({ Dbl: Number.NEGATIVE_INFINITY }), { Dbl: '-Infinity' });
    });

    it('round-trips arbitrary strings, maps, lists and documents through JSON', () => {
      fc.assert(
        fc.property(
          fc.record({
            Str: fc.string({ unit: 'grapheme' }),
            List: fc.array(fc.string()),
            Map: fc.dictionary(
              fc.string().filter((key) => key !== '__proto__'),
              fc.string(),
            ),
            Doc: fc.jsonValue().filter((value) => value !== null),
            Int: fc.integer(),
          }),
          (input) => {
            const parsed = body(input) as typeof input;
            assert.deepEqual(parsed, JSON.parse(JSON.stringify(input)));
            assert.deepEqual(protocol.parseResponse(op, response(parsed)), parsed);
          },
        ),
        { numRuns: 200 },
      );
    });

    it('serializes Kendra Query exactly', () => {
      const search = loadModel('search');
      const request = protocolFor(search).serializeRequest(
        search.operation('query')!,
        { IndexId: 'i', QueryText: 'q', AttributeFilter: { NotFilter: { EqualsTo: { Key: 'k', Value: { DateValue: new Date(0) } } } } },
        { endpoint: new URL('https://kendra.us-east-1.amazonaws.com') },
      );
      assert.equal(request.headers['x-amz-target'], 'AWSKendraFrontendService.Query');
      assert.equal(request.body, '{"IndexId":"i","QueryText":"q","AttributeFilter":{"NotFilter":{"EqualsTo":{"Key":"k","Value":{"DateValue":0}}}}}');
    });
  });

  describe('parseResponse', () => {
    it('converts timestamps to Date and blobs to bytes, recursively', () => {
      const out = protocol.parseResponse(
        op,
        response({
          Time: 1704164645.5,
          Iso: '2024-01-02T03:04:05Z',
          Bytes: 'AP+ACg==',
          Times: [0, null],
          Blobs: { a: 'eA==' },
          Tree: { wire_name: 'w', Children: [{ When: '2024-01-02T03:04:05.000Z', Data: 'AQ==' }] },
        }),
      );
      assert.deepEqual(out.Time, new Date('2024-01-02T03:04:05.500Z'));
      assert.deepEqual(out.Iso, new Date('2024-01-02T03:04:05Z'));
      assert.ok(out.Bytes instanceof Uint8Array);
      assert.deepEqual([...(out.Bytes as Uint8Array)], [0, 255, 128, 10]);
      assert.deepEqual(out.Times, [new Date(0), null]);
      assert.deepEqual([...((out.Blobs as Record<string, Uint8Array>).a as Uint8Array)], [120]);
      const tree = out.Tree as { Renamed: string; Children: { When: Date; Data: Uint8Array }[] };
      assert.equal(tree.Renamed, 'w');
      assert.deepEqual(tree.Children[0]!.When, new Date('2024-01-02T03:04:05Z'));
      assert.deepEqual([...tree.Children[0]!.Data], [1]);
    });

    it('drops unknown and null members, keeps documents and map keys as sent', () => {
      const out = protocol.parseResponse(op, response('{"Str":"s","Str2":"x","Int":null,"Doc":{"any":["thing"]},"Map":{"__proto__":"v","k":"w"}}'));
      assert.deepEqual(Object.keys(out).sort(), ['Doc', 'Map', 'Str']);
      assert.deepEqual(out.Doc, { any: ['thing'] });
      const map = out.Map as Record<string, string>;
      assert.equal(Object.getPrototypeOf(map), Object.prototype);
      assert.deepEqual(Object.keys(map), ['__proto__', 'k']);
      assert.equal(map.k, 'w');
    });

    it('reads "NaN" and "Infinity" doubles', () => {
      assert.ok(Number.isNaN(protocol.parseResponse(op, response({ Dbl: 'NaN' })).Dbl));
      assert.equal(protocol.parseResponse(op, response({ Dbl: '-Infinity' })).Dbl, Number.NEGATIVE_INFINITY);
    });

    it('returns {} for an empty body or an operation without output', () => {
      assert.deepEqual(protocol.parseResponse(op, response('')), {});
      assert.deepEqual(protocol.parseResponse(model.operation('Ping')!, response({ a: 1 })), {});
    });

    it('throws a ProtocolError for a body that is not JSON', () => {
      assert.throws(() => protocol.parseResponse(op, response('<html>oops</html>')), ProtocolError);
    });
  });
});
