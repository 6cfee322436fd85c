import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flattenHeaders } from '../../../src/lib/local/server/flatten-headers.js';
import { BedrockProvider } from '../../../src/lib/local/search/semantic/bedrock-provider.js';
import { OpenAiProvider } from '../../../src/lib/local/search/semantic/openai-provider.js';
import { verifySigV4 } from '../../../src/lib/signing/verify.js';
import { hashedEmbedding, startFakeEmbeddings } from '../../support/fake-embeddings.js';
import { activeIndex, ok, startTestService, textDoc, until } from './support.js';

/** A loopback Bedrock Runtime: InvokeModel of Titan Text Embeddings v2, answering only requests signed for `bedrock` with AKID/SECRET. */
async function startFakeBedrock(): Promise<{
  endpoint: string;
  calls: Array<{ path: string; body: { inputText: string; normalize?: boolean }; region: string }>;
  close(): Promise<void>;
}> {
  const calls: Array<{ path: string; body: { inputText: string; normalize?: boolean }; region: string }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0]!;
      const verified = verifySigV4({ method: req.method ?? 'GET', path, query: '', headers: flattenHeaders(req.headers), body }, (key) =>
        key === 'AKID' ? 'SECRET' : undefined,
      );
      if (!verified.ok || verified.service !== 'bedrock') {
        res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: verified.ok ? 'wrong service' : verified.message }));
        return;
      }
      const parsed = JSON.parse(body.toString('utf8')) as { inputText: string; normalize?: boolean };
      calls.push({ path, body: parsed, region: verified.region });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ embedding: hashedEmbedding(parsed.inputText, 256), inputTextTokenCount: 5 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('semantic search providers: bedrock: and openai: against loopback fakes of their wire formats', () => {
  it('bedrock: signs InvokeModel with SigV4 (service bedrock) from the credential chain, at the configured endpoint and region', async () => {
    const bedrock = await startFakeBedrock();
    const home = mkdtempSync(join(tmpdir(), 'nimbus-bedrock-'));
    try {
      const env = {
        HOME: home,
        AWS_ACCESS_KEY_ID: 'AKID',
        AWS_SECRET_ACCESS_KEY: 'SECRET',
        AWS_REGION: 'eu-central-1',
        AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.endpoint,
      };
      const provider = new BedrockProvider('amazon.titan-embed-text-v2:0', env);
      const [a, b] = await provider.embedPassages(['Employees accrue vacation', 'Vacation accrues']);
      assert.equal(a!.length, 256);
      assert.ok(Math.abs(a!.reduce((sum, value) => sum + value * value, 0) - 1) < 1e-5, 'unit length');
      assert.ok(b!.length === 256);
      assert.deepEqual(
        bedrock.calls.map((call) => [call.path, call.region, call.body.normalize]),
        [
          ['/model/amazon.titan-embed-text-v2%3A0/invoke', 'eu-central-1', true],
          ['/model/amazon.titan-embed-text-v2%3A0/invoke', 'eu-central-1', true],
        ],
      );
      const wrongKey = new BedrockProvider('amazon.titan-embed-text-v2:0', { ...env, AWS_SECRET_ACCESS_KEY: 'nope' });
      await assert.rejects(
        wrongKey.embedQuery('x'),
        (error: Error & { permanent?: boolean }) => /answered 403/.test(error.message) && error.permanent === true,
      );
      assert.throws(() => new BedrockProvider('amazon.titan-embed-text-v2:0', { HOME: home }), /need a region/);
    } finally {
      await bedrock.close();
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('openai: posts { model, input } to <base>/v1/embeddings with the API key as a bearer token, and orders the answer by index', async () => {
    const fake = await startFakeEmbeddings(16);
    try {
      const provider = new OpenAiProvider(fake.baseUrl, 'nomic-embed-text', 'sk-test');
      const vectors = await provider.embedPassages(['one', 'two']);
      assert.equal(vectors.length, 2);
      assert.deepEqual(fake.requests[0], { model: 'nomic-embed-text', input: ['one', 'two'], authorization: 'Bearer sk-test' });
      const expected = hashedEmbedding('two', 16);
      const norm = Math.sqrt(expected.reduce((sum, value) => sum + value * value, 0));
      assert.ok(Math.abs(vectors[1]![0]! - expected[0]! / norm) < 1e-6);
      const missing = new OpenAiProvider(fake.baseUrl.replace('/v1', '/nothing'), undefined, undefined);
      await assert.rejects(missing.embedQuery('x'), /answered 404/);
    } finally {
      await fake.close();
    }
  });

  it('changing the provider of a data dir drops the old vectors and embeds everything again, never mixing vector spaces', async () => {
    const small = await startFakeEmbeddings(16);
    const large = await startFakeEmbeddings(32);
    const dataDir = mkdtempSync(join(tmpdir(), 'nimbus-switch-'));
    try {
      const first = await startTestService({ dataDir, embeddings: `openai:${small.baseUrl}` });
      const indexId = await activeIndex(first.service.endpoint);
      await ok(first.service.endpoint, 'BatchPutDocument', {
        IndexId: indexId,
        Documents: [textDoc('a', 'A', 'Alpha text.'), textDoc('b', 'B', 'Beta text.')],
      });
      const embedded = async (endpoint: string) =>
        ((await (await fetch(`${endpoint}/_nimbus/health`)).json()) as { counts: { search: { passagesToEmbed: number } } }).counts.search.passagesToEmbed === 0;
      await until(() => embedded(first.service.endpoint));
      await first.stop();

      large.hold = true;
      const second = await startTestService({ dataDir, embeddings: `openai:${large.baseUrl}` });
      try {
        await until(async () => large.requests.length > 0);
        // the old 16-dimension vectors are gone: queries use keywords until the new ones are stored
        const status = await ok(second.service.endpoint, 'BatchGetDocumentStatus', { IndexId: indexId, DocumentInfoList: [{ DocumentId: 'a' }] });
        assert.equal(status.DocumentStatusList[0].DocumentStatus, 'PROCESSING');
        const found = await ok(second.service.endpoint, 'Query', { IndexId: indexId, QueryText: 'alpha' });
        assert.equal(found.ResultItems[0].DocumentId, 'a');
        large.hold = false;
        await until(() => embedded(second.service.endpoint));
        const again = await ok(second.service.endpoint, 'Retrieve', { IndexId: indexId, QueryText: 'alpha text' });
        assert.equal(again.ResultItems[0].DocumentId, 'a');
      } finally {
        await second.stop();
      }
      assert.equal(small.requests.flatMap((request) => request.input).length, 2);
      assert.equal(large.requests.flatMap((request) => request.input).length, 3, 'both passages again, and the query');
    } finally {
      await small.close();
      await large.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
