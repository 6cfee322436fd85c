import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  canonicalHeaderValue,
  canonicalQuery,
  canonicalRequest,
  canonicalUri,
  normalizePath,
  parseQueryString,
  canonicalRequestOfNames,
  sortedSignedNames,
  uriEncode,
} from '../../../src/lib/signing/canonical.js';

describe('SigV4 canonical forms', () => {
  it('encodes everything but unreserved characters, as UTF-8 with upper-case hex', () => {
    assert.equal(uriEncode("AZaz09-._~ !*'()/+=&%ሴ"), 'AZaz09-._~%20%21%2A%27%28%29%2F%2B%3D%26%25%E1%88%B4');
    assert.equal(uriEncode('/a b/c', true), '/a%20b/c');
  });

  it('round-trips through decodeURIComponent for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => decodeURIComponent(uriEncode(value)) === value),
      { numRuns: 300 },
    );
  });

  it('normalizes paths like botocore', () => {
    const cases: Array<[string, string]> = [
      ['', '/'],
      ['/', '/'],
      ['//', '/'],
      ['/./', '/'],
      ['/example/..', '/'],
      ['/a/b/../..', '/'],
      ['/./example', '/example'],
      ['//example//', '/example/'],
      ['/a/./b/../c/', '/a/c/'],
      ['/../a', '/a'],
      ['/a/.', '/a'],
    ];
    for (const [path, expected] of cases) assert.equal(normalizePath(path), expected, path);
  });

  it('double-encodes and normalizes by default, and can do neither (S3 style)', () => {
    const standard = { normalizePath: true, uriEscapePath: true };
    assert.equal(canonicalUri('/projects/abc%3Adef//x/./', standard), '/projects/abc%253Adef/x/');
    assert.equal(canonicalUri('/bucket/a%20b/../c', { normalizePath: false, uriEscapePath: false }), '/bucket/a%20b/../c');
    assert.equal(canonicalUri('', { normalizePath: false, uriEscapePath: false }), '/');
  });

  it('sorts the query by encoded key, then value, keeping repeated keys and empty values', () => {
    assert.equal(canonicalQuery({ b: ['2', '1'], a: '', 'A b': 'x+y', '~': 'ሴ' }), 'A%20b=x%2By&a=&b=1&b=2&~=%E1%88%B4');
    assert.equal(
      canonicalQuery(
        [
          ['X-Amz-Signature', 'abc'],
          ['k', 'v'],
        ],
        new Set(['X-Amz-Signature']),
      ),
      'k=v',
    );
  });

  it('parses raw query strings without turning + into a space', () => {
    assert.deepEqual(parseQueryString('a=1&b&c=x%2Fy+z&&=e&bad=%zz'), [
      ['a', '1'],
      ['b', ''],
      ['c', 'x/y+z'],
      ['', 'e'],
      ['bad', '%zz'],
    ]);
  });

  it('trims header values and folds runs of whitespace', () => {
    assert.equal(canonicalHeaderValue('  a   b\t\tc \n  d  '), 'a b c d');
    assert.equal(canonicalHeaderValue('attempt=1; max=3'), 'attempt=1; max=3');
    assert.equal(canonicalHeaderValue('a \tb'), 'a b');
    assert.equal(canonicalHeaderValue('a\u00a0b'), 'a b');
    assert.equal(canonicalHeaderValue(' x '), 'x');
  });

  it('assembles the canonical request', () => {
    const text = canonicalRequest({
      method: 'post',
      uri: '/',
      query: 'a=1',
      headers: { 'X-Amz-Date': '20150830T123600Z', host: ' example.com ', 'x-a': 'b   c' },
      payloadHash: 'UNSIGNED-PAYLOAD',
    });
    assert.equal(text, 'POST\n/\na=1\nhost:example.com\nx-a:b c\nx-amz-date:20150830T123600Z\n\nhost;x-a;x-amz-date\nUNSIGNED-PAYLOAD');
  });

  it('lists the signed names sorted, and builds from them the same canonical request', () => {
    const headers = { 'x-amz-date': '20150830T123600Z', host: ' example.com ', 'x-a': 'b   c', 'user-agent': 'u' };
    const names = sortedSignedNames(headers, new Set(['user-agent']));
    assert.deepEqual(names, ['host', 'x-a', 'x-amz-date']);
    const { 'user-agent': _unsigned, ...signed } = headers;
    const parts = { method: 'post', uri: '/', query: 'a=1', payloadHash: 'UNSIGNED-PAYLOAD' };
    assert.equal(
      canonicalRequestOfNames(parts.method, parts.uri, parts.query, headers, names, parts.payloadHash),
      canonicalRequest({ ...parts, headers: signed }),
    );
    assert.equal(canonicalRequestOfNames('GET', '/', '', {}, [], 'h'), canonicalRequest({ method: 'GET', uri: '/', query: '', headers: {}, payloadHash: 'h' }));
  });
});
