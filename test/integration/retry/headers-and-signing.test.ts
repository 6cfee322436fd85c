import assert from 'node:assert/strict';
import { SignatureV4 } from '../../../src/lib/signing/sigv4.js';
import type { Signer } from '../../../src/lib/index.js';
import { clientWithHooks, fakeHooks, startScriptedServer, T0, type ScriptedServer } from './retry-support.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('retries: headers and signing of each attempt', () => {
  let server: ScriptedServer;
  before(async () => {
    server = await startScriptedServer();
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.script.length = 0;
  });

  for (const mode of ['legacy', 'standard', 'adaptive'] as const) {
    it(`${mode}: sends amz-sdk-request: attempt=N; max=M and one amz-sdk-invocation-id per call`, async () => {
      server.script.push(500, 503, 'ok', 'ok');
      const client = clientWithHooks(server, mode, 4, fakeHooks(0.5, 0.5));
      await client.listIndicesAsync({});
      await client.listIndicesAsync({});
      const seen = server.requests.map((request) => request.headers);
      assert.deepEqual(
        seen.map((headers) => headers['amz-sdk-request']),
        ['attempt=1; max=4', 'attempt=2; max=4', 'attempt=3; max=4', 'attempt=1; max=4'],
      );
      const ids = seen.map((headers) => String(headers['amz-sdk-invocation-id']));
      assert.match(ids[0], UUID);
      assert.equal(ids[1], ids[0]);
      assert.equal(ids[2], ids[0]);
      assert.notEqual(ids[3], ids[0], 'a new call, a new invocation id');
      for (const headers of seen) assert.match(String(headers.authorization), /SignedHeaders=[^,]*amz-sdk-request/, 'the retry header is signed');
    });
  }

  it('signs every attempt again, at the time it is sent', async () => {
    server.script.push(
      { status: 503, headers: { 'x-amz-retry-after': '3000' }, body: { __type: 'ServiceUnavailableException' } },
      { status: 400, body: { __type: 'ThrottlingException' } },
      'ok',
    );
    const hooks = fakeHooks(0.5, 0.999);
    const v4 = new SignatureV4();
    // The signature_provider option, signing at the retry clock's time, so the test controls both.
    const signer: Signer = { sign: (request, credentials, context) => v4.sign(request, credentials, { ...context, signingDate: new Date(hooks.clock()) }) };
    const client = clientWithHooks(server, 'standard', 3, hooks, { signature_provider: () => signer });
    await client.listIndicesAsync({});
    assert.deepEqual(hooks.state.sleeps, [3000, 999]);
    const dates = server.requests.map((request) => request.headers['x-amz-date']);
    const at = (ms: number) =>
      new Date(T0 + ms)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    assert.deepEqual(dates, [at(0), at(3000), at(3999)]);
    const signatures = new Set(server.requests.map((request) => String(request.headers.authorization).split('Signature=')[1]));
    assert.equal(signatures.size, 3, 'three different signatures');
  });

  it('gives each attempt a fresh copy of the built request', async () => {
    server.script.push(500, 'ok');
    const seenByHandler: Array<Record<string, string>> = [];
    const client = clientWithHooks(server, 'legacy', 2, fakeHooks(0));
    client.getHandlerList().add(
      'sign',
      'spy',
      (next) => (command, request) => {
        seenByHandler.push({ ...request!.headers });
        request!.headers['x-scribble'] = 'from the previous attempt';
        return next(command, request);
      },
      { after: 'sign' },
    );
    await client.listIndicesAsync({});
    assert.equal(seenByHandler.length, 2);
    assert.equal(seenByHandler[1]['x-scribble'], undefined, 'what one attempt changed does not leak into the next');
    assert.notEqual(seenByHandler[0].authorization, seenByHandler[1].authorization);
  });
});
