import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PLACEHOLDERS, Scrubber } from '../../../src/lib/client/debug/scrubber.js';
import { redactSensitive } from '../../../src/lib/client/debug/redact-sensitive.js';
import { diffSnapshots } from '../../../src/lib/client/debug/trace-format.js';
import { ServiceModel } from '../../../src/lib/model/service-model.js';
import type { ApiJson } from '../../../src/lib/model/types.js';
import { SignatureV4 } from '../../../src/lib/signing/sigv4.js';
import { WIDGETS_API } from '../../integration/providers/widgets-service.js';

const request = () => ({
  method: 'POST',
  protocol: 'https:',
  hostname: 'kendra.us-east-1.amazonaws.com',
  path: '/',
  query: {},
  headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSKendraFrontendService.ListIndices' },
  body: '{}',
});

describe('debug scrubbing', () => {
  it('replaces signatures, Credential= key ids and session tokens in text', () => {
    const scrubber = new Scrubber(true);
    const text = [
      'authorization: AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20240101/us-east-1/kendra/aws4_request, SignedHeaders=host, Signature=' + 'ab12'.repeat(16),
      'GET /?X-Amz-Credential=AKIDEXAMPLE%2F20240101%2Fus-east-1&X-Amz-Security-Token=TOKEN123&X-Amz-Signature=' + 'cd'.repeat(32),
      '{"x-amz-security-token":"FwoGZX+/token=="}',
      'x-amz-security-token: FwoGZX+/token==',
    ].join('\n');
    const scrubbed = scrubber.text(text);
    for (const secret of ['AKIDEXAMPLE', 'ab12ab12', 'cdcdcd', 'TOKEN123', 'FwoGZX']) assert.ok(!scrubbed.includes(secret), `${secret} in ${scrubbed}`);
    assert.match(scrubbed, /Credential=\[access key\]\/20240101/);
    assert.match(scrubbed, /X-Amz-Credential=\[access key\]%2F20240101/);
    assert.match(scrubbed, /Signature=\[signature\]/);
    assert.match(scrubbed, /X-Amz-Security-Token=\[session token\]/);
  });

  it("scrubs header values by name, and learns a signed request's key and token", () => {
    const scrubber = new Scrubber(true);
    assert.equal(scrubber.header('X-Amz-Security-Token', 'abc'), PLACEHOLDERS.sessionToken);
    assert.equal(scrubber.header('x-client-secret', 'abc'), PLACEHOLDERS.secret);
    assert.equal(scrubber.header('content-type', 'text/plain'), 'text/plain');
    scrubber.learn({
      authorization: 'AWS4-HMAC-SHA256 Credential=ASIALEARNEDKEY01/20240101/x/y/aws4_request, Signature=00',
      'x-amz-security-token': 'learned-session-token',
    });
    assert.equal(scrubber.text('key ASIALEARNEDKEY01 token learned-session-token'), 'key [access key] token [session token]');
    assert.equal(
      scrubber.headerBlock('POST / HTTP/1.1\r\nx-amz-security-token: abc\r\nhost: h'),
      'POST / HTTP/1.1\r\nx-amz-security-token: [session token]\r\nhost: h',
    );
  });

  it('changes nothing when disabled (scrub_auth: false)', () => {
    const scrubber = new Scrubber(false);
    const text = 'Credential=AKID/2024, Signature=abcdef, x-amz-security-token: t';
    scrubber.learn({ 'x-amz-security-token': 'a-long-session-token' });
    assert.equal(scrubber.text(text), text);
    assert.equal(scrubber.header('x-amz-security-token', 't'), 't');
  });

  it('never lets a key id, token or signature of a real SigV4 request through (property)', () => {
    const signer = new SignatureV4();
    const keyId = fc.stringMatching(/^[A-Z0-9]{16,24}$/);
    const token = fc.stringMatching(/^[A-Za-z0-9+/=]{20,80}$/);
    fc.assert(
      fc.property(keyId, token, (key, sessionToken) => {
        const signed = signer.sign(request(), { key, secret: 'secret', token: sessionToken }, { region: 'us-east-1', service: 'kendra' });
        const scrubber = new Scrubber(true);
        const block = Object.entries(signed.headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\r\n');
        const signature = /Signature=([0-9a-f]+)/.exec(signed.headers.authorization)![1];
        for (const output of [scrubber.headerBlock(block), scrubber.text(block), scrubber.header('authorization', signed.headers.authorization)]) {
          if (output.includes(key) || output.includes(signature) || output.includes(sessionToken)) return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it('redacts values of sensitive shapes, in structures, lists and maps, by member or wire name', () => {
    const api = structuredClone(WIDGETS_API) as unknown as ApiJson;
    const model = new ServiceModel(api);
    const create = model.operation('CreateWidget')!;
    assert.deepEqual(redactSensitive(create.input, { Name: 'n', Secret: 'hush' }), { Name: 'n', Secret: PLACEHOLDERS.sensitive });
    const list = model.operation('ListWidgets')!;
    assert.deepEqual(redactSensitive(list.output, { Widgets: [{ Id: 'w', Secret: 'a' }, { Secret: 'b' }], NextToken: 't' }), {
      Widgets: [{ Id: 'w', Secret: PLACEHOLDERS.sensitive }, { Secret: PLACEHOLDERS.sensitive }],
      NextToken: 't',
    });
    assert.deepEqual(redactSensitive(undefined, { Secret: 'kept' }), { Secret: 'kept' });
  });

  it('diffs snapshots into set, changed and unset lines', () => {
    const before = new Map([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
    ]);
    const after = new Map([
      ['a', '1'],
      ['b', '20'],
      ['d', '4'],
    ]);
    assert.deepEqual(diffSnapshots(before, after), ['  b changed to 20', '  d was set to 4', '  c was unset']);
  });
});
