import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { HttpResponse } from '../../../src/lib/http/types.js';
import { encodeLabel } from '../../../src/lib/protocols/encoding.js';
import { protocolFor } from '../../../src/lib/protocols/index.js';
import { ProtocolError } from '../../../src/lib/errors/protocol-error.js';
import { RestJsonProtocol } from '../../../src/lib/protocols/rest-json.js';
import { loadModel } from '../model/models.js';
import { restTestModel } from './fixtures.js';

const endpoint = new URL('https://rest.example.com');

function response(body: string | Uint8Array, headers: Record<string, string> = {}, statusCode = 200): HttpResponse {
  return { statusCode, headers, body: typeof body === 'string' ? new TextEncoder().encode(body) : body };
}

describe('REST-JSON protocol', () => {
  const model = restTestModel();
  const protocol = protocolFor(model);
  const serialize = (name: string, input: Record<string, unknown>, url = endpoint) =>
    protocol.serializeRequest(model.operation(name)!, input, { endpoint: url });

  it('is chosen for metadata.protocol "rest-json"', () => {
    assert.ok(protocol instanceof RestJsonProtocol);
  });

  describe('serializeRequest', () => {
    it('fills labels URI-encoded, keeping / only in greedy labels', () => {
      const request = serialize('GetThing', { ThingId: 'a/b c+d', Key: 'dir/sub dir/file~(1).txt' });
      assert.equal(request.method, 'GET');
      assert.equal(request.path, '/things/a%2Fb%20c%2Bd/files/dir/sub%20dir/file~%281%29.txt');
    });

    it('keeps the requestUri fixed query part and adds query members, lists repeated', () => {
      const request = serialize('GetThing', {
        ThingId: 't',
        Key: 'k',
        Tags: ['x', 'y z'],
        Numbers: [1, 2],
        Flag: false,
        Since: new Date('2024-01-02T03:04:05Z'),
      });
      assert.deepEqual(request.query, { versions: '', mode: 'full', tag: ['x', 'y z'], n: ['1', '2'], flag: 'false', since: '2024-01-02T03:04:05Z' });
    });

    it('writes query timestamps as ISO 8601 with milliseconds when present', () => {
      const request = serialize('GetThing', { ThingId: 't', Key: 'k', Since: new Date('2024-01-02T03:04:05.678Z') });
      assert.equal(request.query.since, '2024-01-02T03:04:05.678Z');
    });

    it('merges a querystring map member into the query', () => {
      const request = serialize('GetThing', { ThingId: 't', Key: 'k', Extra: { a: '1', b: ['2', '3'] } });
      assert.deepEqual(request.query, { versions: '', mode: 'full', a: '1', b: ['2', '3'] });
    });

    it('keeps the endpoint base path and its own query', () => {
      const request = serialize('GetThing', { ThingId: 't', Key: 'k' }, new URL('http://localhost:8080/api/?key=1'));
      assert.equal(request.path, '/api/things/t/files/k');
      assert.equal(request.port, 8080);
      assert.deepEqual(request.query, { key: '1', versions: '', mode: 'full' });
      assert.equal(serialize('Search', {}, new URL('http://localhost/api')).path, '/api/search');
    });

    it('writes header members: strings, RFC 822 or ISO timestamps, booleans, lists, JSON values, prefix maps', () => {
      const request = serialize('GetThing', {
        ThingId: 't',
        Key: 'k',
        Token: 'abc',
        IfModified: new Date('2024-01-02T03:04:05.900Z'),
        IfIso: '2024-01-02T03:04:05Z',
        Verbose: true,
        Names: ['plain', 'with,comma', 'with"quote'],
        Context: { user: 'ü', n: [1] },
        Meta: { Color: 'blue', Size: 'L' },
      });
      assert.deepEqual(request.headers, {
        'x-token': 'abc',
        'if-modified-since': 'Tue, 02 Jan 2024 03:04:05 GMT',
        'x-iso': '2024-01-02T03:04:05Z',
        'x-verbose': 'true',
        'x-names': 'plain,"with,comma","with\\"quote"',
        'x-context': Buffer.from('{"user":"ü","n":[1]}').toString('base64'),
        'x-meta-color': 'blue',
        'x-meta-size': 'L',
      });
      assert.equal(request.body, undefined, 'no body members: no body');
    });

    it('sends no header for an empty list', () => {
      assert.deepEqual(serialize('GetThing', { ThingId: 't', Key: 'k', Names: [] }).headers, {});
    });

    it('rejects a missing or empty label', () => {
      assert.throws(
        () => serialize('GetThing', { Key: 'k' }),
        (error: unknown) => error instanceof ProtocolError && /ThingId/.test(error.message),
      );
      assert.throws(() => serialize('GetThing', { ThingId: '', Key: 'k' }), ProtocolError);
      assert.throws(() => serialize('GetThing', { ThingId: 'a\ud800', Key: 'k' }), ProtocolError);
      assert.throws(() => serialize('Upload', { Contents: 42 }), ProtocolError);
    });

    it('writes the remaining members as a JSON body with content-type application/json', () => {
      const request = serialize('PutBody', { Id: 'x', Title: 'T', When: new Date(1000), Tree: { Name: 'n', Children: [{ Name: 'c' }] } });
      assert.equal(request.method, 'PUT');
      assert.equal(request.path, '/body/x');
      assert.equal(request.headers['content-type'], 'application/json');
      assert.deepEqual(JSON.parse(request.body as string), { title: 'T', When: 1, Tree: { Name: 'n', Children: [{ Name: 'c' }] } });
    });

    it('sends {} when the input has body members but none is set', () => {
      const request = serialize('PutBody', { Id: 'x' });
      assert.equal(request.body, '{}');
      assert.equal(request.headers['content-type'], 'application/json');
    });

    it('sends a blob payload as the raw body without a content type', () => {
      const bytes = new Uint8Array([0x50, 0x4b, 0, 0xff]);
      const request = serialize('Upload', { Name: 'n', Contents: bytes });
      assert.equal(request.body, bytes);
      assert.deepEqual(request.query, { name: 'n' });
      assert.deepEqual(request.headers, {});
      assert.equal(serialize('Upload', { Contents: 'text' }).body, 'text');
      assert.equal(serialize('Upload', {}).body, undefined);
    });

    it('sends a structure payload as JSON, {} when absent', () => {
      const request = serialize('PutNode', { Node: { Name: 'n', Renamed: 'r' } });
      assert.deepEqual(JSON.parse(request.body as string), { Name: 'n', wire_name: 'r' });
      assert.equal(request.headers['content-type'], 'application/json');
      assert.equal(serialize('PutNode', {}).body, '{}');
    });

    it('serializes mobile ListProjects and CreateProject like botocore', () => {
      const mobile = loadModel('mobile');
      const rest = protocolFor(mobile);
      const list = rest.serializeRequest(mobile.operation('listProjects')!, { maxResults: 10, nextToken: 'a+b' }, { endpoint });
      assert.deepEqual(
        [list.method, list.path, list.query, list.headers, list.body],
        ['GET', '/projects', { maxResults: '10', nextToken: 'a+b' }, {}, undefined],
      );
      const create = rest.serializeRequest(mobile.operation('CreateProject')!, { name: 'n', contents: Buffer.from('PK') }, { endpoint });
      assert.deepEqual([create.method, create.path, create.query, create.headers], ['POST', '/projects', { name: 'n' }, {}]);
    });

    it('encodes labels so that decoding gives the value back and only unreserved characters stay', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), fc.boolean(), (value, greedy) => {
          const encoded = encodeLabel(value, greedy);
          assert.equal(decodeURIComponent(encoded), value);
          assert.match(encoded, greedy ? /^(?:[A-Za-z0-9\-._~/]|%[0-9A-F]{2})*$/ : /^(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*$/);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('parseResponse', () => {
    const op = model.operation('GetThing')!;

    it('reads the status code, header members, prefix maps and body members', () => {
      const out = protocol.parseResponse(
        op,
        response(
          '{"Title":"t","Created":1704164645,"Unknown":1}',
          {
            'content-length': '47',
            'last-modified': 'Tue, 02 Jan 2024 03:04:05 GMT',
            'x-cached': 'true',
            'x-names': 'a, b,c',
            'x-context': Buffer.from('{"k":[1]}').toString('base64'),
            'x-meta-color': 'blue',
            'x-other': 'ignored',
          },
          206,
        ),
      );
      assert.deepEqual(out, {
        Status: 206,
        Size: 47,
        Modified: new Date('2024-01-02T03:04:05Z'),
        Cached: true,
        Names: ['a', 'b', 'c'],
        Context: { k: [1] },
        Meta: { color: 'blue' },
        Title: 't',
        Created: new Date('2024-01-02T03:04:05Z'),
      });
    });

    it('reads ISO and epoch timestamps in headers too', () => {
      assert.deepEqual(protocol.parseResponse(op, response('', { 'last-modified': '2024-01-02T03:04:05Z' })).Modified, new Date('2024-01-02T03:04:05Z'));
      assert.deepEqual(protocol.parseResponse(op, response('', { 'last-modified': '1704164645' })).Modified, new Date('2024-01-02T03:04:05Z'));
    });

    it('returns the raw bytes of a blob payload and the text of a string payload', () => {
      const bytes = new Uint8Array([1, 2, 3]);
      const download = protocol.parseResponse(model.operation('Download')!, response(bytes, { 'content-type': 'application/zip' }));
      assert.deepEqual(download, { Type: 'application/zip', Body: bytes });
      assert.deepEqual(protocol.parseResponse(model.operation('Upload')!, response('héllo')), { Text: 'héllo' });
    });

    it('parses a structure payload and header members beside it', () => {
      const out = protocol.parseResponse(
        model.operation('PutNode')!,
        response('{"Name":"n","wire_name":"r","Children":[{"Data":"AQ=="}]}', { 'x-request': 'id' }),
      );
      assert.equal(out.RequestId, 'id');
      const node = out.Node as { Name: string; Renamed: string; Children: { Data: Uint8Array }[] };
      assert.equal(node.Renamed, 'r');
      assert.deepEqual([...node.Children[0]!.Data], [1]);
      assert.deepEqual(protocol.parseResponse(model.operation('PutNode')!, response('')), {});
    });

    it('parses mobile DescribeProject output', () => {
      const mobile = loadModel('mobile');
      const out = protocol.parseResponse(
        mobile.operation('DescribeProject')!,
        response('{"details":{"name":"p","projectId":"id","createdDate":1.5,"resources":[{"type":"t","attributes":{"a":"b"}}],"extra":true}}'),
      );
      assert.deepEqual(out, { details: { name: 'p', projectId: 'id', createdDate: new Date(1500), resources: [{ type: 't', attributes: { a: 'b' } }] } });
    });

    it('throws a ProtocolError for a body that is not JSON', () => {
      assert.throws(() => protocol.parseResponse(op, response('not json')), ProtocolError);
    });
  });
});
