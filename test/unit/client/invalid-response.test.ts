import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ConnectionError,
  InvalidResponseError,
  isInvalidResponseError,
  isNimbusError,
  ProtocolError,
  SearchClient,
  type ClientOptions,
} from '../../../src/lib/index.js';
import { startServerThread, type ServerThread } from '../../integration/sync/server-thread.js';
import { clientOptions } from '../paginators/scripted-server.js';

/** How the server answers every request: a 200 whose body is broken in one way. */
type Answer = 'short-json' | 'html' | 'json-array' | 'cut-connection' | 'valid';

const credentials = { key: 'AKIDEXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

describe('a success response whose body cannot be read', () => {
  let server: Server;
  let endpoint: string;
  let answers: Answer[] = [];
  let requests = 0;
  before(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const answer = answers[Math.min(requests, answers.length - 1)]!;
        requests++;
        const headers = { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': `req-${requests}` };
        if (answer === 'short-json') {
          response.writeHead(200, headers).end('{"IndexConfigurationSummaryItems": [{"Na');
        } else if (answer === 'html') {
          response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end('<html><body>Proxy login</body></html>');
        } else if (answer === 'json-array') {
          response.writeHead(200, headers).end('[]');
        } else if (answer === 'cut-connection') {
          // Promises 400 bytes, sends 17, then the connection drops.
          response.writeHead(200, { ...headers, 'content-length': '400' });
          response.write('{"IndexConfigurat', () => response.socket?.destroy());
        } else {
          response.writeHead(200, headers).end('{"IndexConfigurationSummaryItems": []}');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests = 0;
  });

  const client = (retries: ClientOptions['retries']): SearchClient =>
    new SearchClient({ region: 'us-east-1', version: 'latest', credentials, endpoint, retries, use_aws_shared_config_files: false });

  for (const [answer, problem] of [
    ['short-json', /not valid JSON: it was cut short or is not a service response \(HTTP 200, 40 bytes\)/],
    ['html', /not valid JSON.*\(HTTP 200, 37 bytes\)/],
    ['json-array', /JSON but not an object \(HTTP 200, 2 bytes\)/],
  ] as const) {
    it(`is an InvalidResponseError (a ProtocolError, a NimbusError) with $metadata: ${answer}`, async () => {
      answers = [answer];
      const error = await client(0)
        .listIndicesAsync({})
        .then(
          () => assert.fail('expected an error'),
          (caught: unknown) => caught,
        );
      assert.ok(error instanceof InvalidResponseError, String(error));
      assert.ok(error instanceof ProtocolError && isNimbusError(error) && isInvalidResponseError(error));
      assert.equal(error.name, 'InvalidResponseError');
      assert.match(error.message, problem);
      assert.match(error.message, /^The ListIndices response body/);
      assert.ok(!error.message.includes('\n'));
      assert.equal(error.operation, 'ListIndices');
      assert.equal(error.statusCode, 200);
      assert.equal(error.requestId, 'req-1');
      assert.equal(error.$metadata.statusCode, 200);
      assert.equal(error.$metadata.requestId, 'req-1');
      assert.equal(error.$metadata.attempts, 1);
      assert.equal(error.$metadata.effectiveUri, `${endpoint}/`);
      assert.equal(requests, 1);
    });
  }

  for (const mode of ['standard', 'adaptive'] as const) {
    it(`is retried as a transient failure in ${mode} mode, and $metadata counts the attempts`, async () => {
      answers = ['short-json'];
      await assert.rejects(client({ mode, max_attempts: 3 }).listIndicesAsync({}), (error: unknown) => {
        assert.ok(error instanceof InvalidResponseError);
        assert.equal(error.$metadata.attempts, 3);
        assert.equal(error.requestId, 'req-3');
        return true;
      });
      assert.equal(requests, 3);
    });

    it(`succeeds in ${mode} mode when a later attempt gets a readable body`, async () => {
      answers = ['html', 'valid'];
      const result = await client({ mode, max_attempts: 3 }).listIndicesAsync({});
      assert.deepEqual(result.IndexConfigurationSummaryItems, []);
      assert.equal(result.$metadata.attempts, 2);
      assert.equal(requests, 2);
    });
  }

  it('is not retried in legacy mode, which retries only 5xx, throttling codes and connection failures', async () => {
    answers = ['short-json'];
    await assert.rejects(client({ mode: 'legacy', max_attempts: 3 }).listIndicesAsync({}), InvalidResponseError);
    assert.equal(requests, 1);
  });

  it('treats a body cut off by a dropped connection as a ConnectionError, retried like one', async () => {
    answers = ['cut-connection'];
    await assert.rejects(client({ mode: 'standard', max_attempts: 2 }).listIndicesAsync({}), (error: unknown) => {
      assert.ok(error instanceof ConnectionError, String(error));
      assert.equal(error.$metadata?.attempts, 2);
      return true;
    });
    assert.equal(requests, 2);
  });
});

describe('a success response whose body cannot be read, in the synchronous form', () => {
  let server: ServerThread | undefined;
  after(async () => server?.close());

  it('throws the same InvalidResponseError, rebuilt from the worker thread', async () => {
    // A JSON string where an object is due; the server runs in its own thread, as this one blocks.
    server = await startServerThread({ ListIndices: [{ body: 'Proxy login', headers: { 'x-amzn-requestid': 'req-sync' } }] });
    const client = new SearchClient({ ...clientOptions(server.endpoint), retries: 0 });
    assert.throws(
      () => client.listIndices({}),
      (error: unknown) => {
        assert.ok(error instanceof InvalidResponseError, String(error));
        assert.ok(error instanceof ProtocolError && isNimbusError(error));
        assert.match(error.message, /^The ListIndices response body is JSON but not an object \(HTTP 200, 13 bytes\)$/);
        assert.equal(error.operation, 'ListIndices');
        assert.equal(error.$metadata.statusCode, 200);
        assert.equal(error.$metadata.requestId, 'req-sync');
        return true;
      },
    );
  });

  it('retries a body that is not a JSON object in standard mode, as the async form does', async () => {
    await server?.close();
    server = await startServerThread({ ListIndices: [{ body: 'Proxy login' }, { body: { IndexConfigurationSummaryItems: [] } }] });
    const client = new SearchClient({ ...clientOptions(server.endpoint), retries: { mode: 'standard', max_attempts: 3 } });
    const result = client.listIndices({});
    assert.deepEqual(result.IndexConfigurationSummaryItems, []);
    assert.equal(result.$metadata.attempts, 2);
    assert.equal(server.requests().length, 2);
  });
});
