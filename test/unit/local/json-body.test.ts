import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ServiceError } from '../../../src/lib/local/protocol/errors.js';
import { readJsonBody } from '../../../src/lib/local/protocol/json-body.js';
import type { LocalRequest } from '../../../src/lib/local/types.js';
import { requireBuild, ROOT } from '../../cli/helpers/cli.js';

/** A signed-looking request with `body`, in the search service's JSON content type. */
function requestWith(body: Buffer): LocalRequest {
  return {
    method: 'POST',
    path: '/',
    query: new URLSearchParams(),
    headers: { 'content-type': 'application/x-amz-json-1.1' },
    body,
    region: 'us-east-1',
    accountId: '123456789012',
    accessKey: 'AKIDEXAMPLE',
    requestId: 'r1',
  };
}

/**
 * A request whose body (about 17 MB, over the size that is collected while parsed) is held
 * only by the request, and a weak reference to those bytes. Made in a frame of its own, so
 * that no register of the test's frame holds the bytes.
 */
function largeRequest(): { request: LocalRequest; bytes: WeakRef<Buffer> } {
  const body = Buffer.from(JSON.stringify({ Documents: [{ Id: 'big', Blob: 'QUJD'.repeat(17 * 256 * 1024) }] }));
  return { request: requestWith(body), bytes: new WeakRef(body) };
}

/** `readJsonBody` of the built library (dist/), which `npm run build` made from the current sources. */
async function builtReadJsonBody(): Promise<typeof readJsonBody> {
  requireBuild();
  const built = (await import(pathToFileURL(join(ROOT, 'dist', 'lib', 'local', 'protocol', 'json-body.js')).href)) as { readJsonBody: typeof readJsonBody };
  return built.readJsonBody;
}

describe('local protocol: JSON request bodies', () => {
  it('parses a JSON object, and an empty body as {}', () => {
    assert.deepEqual(readJsonBody(requestWith(Buffer.from('{"IndexId":"i1","PageSize":3}'))), { IndexId: 'i1', PageSize: 3 });
    assert.deepEqual(readJsonBody(requestWith(Buffer.alloc(0))), {});
  });

  it('refuses another content type (415), text that is not JSON, and JSON that is not an object', () => {
    const plain = { ...requestWith(Buffer.from('{}')), headers: { 'content-type': 'text/plain' } };
    assert.throws(
      () => readJsonBody(plain),
      (error: unknown) => error instanceof ServiceError && error.code === 'UnsupportedMediaTypeException' && error.status === 415,
    );
    for (const text of ['{"IndexId":', '[1,2]', 'null']) {
      assert.throws(
        () => readJsonBody(requestWith(Buffer.from(text))),
        (error: unknown) => error instanceof ServiceError && error.code === 'SerializationException' && error.status === 400,
        text,
      );
    }
  });

  // The built library is checked too: whether a register of an interpreted frame still holds the
  // bytes depends on the code the compiler emitted, and the sources run here through another one.
  for (const [label, load] of [
    ['the sources', () => Promise.resolve(readJsonBody)],
    ['the built library', builtReadJsonBody],
  ] as const) {
    it(`frees a large body's bytes before its text is parsed, so the two are never held with the parsed result (${label})`, async () => {
      const read = await load();
      const { request, bytes } = largeRequest();
      // a weak reference keeps its target for the rest of the job that made it: let that job end
      await new Promise((resolve) => setImmediate(resolve));
      const parse = JSON.parse;
      let heldAtParse: boolean | undefined;
      JSON.parse = (text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
        heldAtParse = bytes.deref() !== undefined;
        return parse(text, reviver) as unknown;
      };
      let input: Record<string, unknown>;
      try {
        input = read(request);
      } finally {
        JSON.parse = parse;
      }
      assert.equal(heldAtParse, false, 'the body bytes were still reachable when the text was parsed');
      assert.equal(request.body.length, 0);
      assert.equal((input.Documents as Array<{ Blob: string }>)[0]!.Blob.length, 17 * 1024 * 1024);
    });
  }
});
