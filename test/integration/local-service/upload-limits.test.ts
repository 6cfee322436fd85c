import { strict as assert } from 'node:assert';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { SignatureV4 } from '../../../src/lib/signing/sigv4.js';
import { activeIndex, call, startTestService, textDoc, until, type TestService } from '../local-search/support.js';

const MIB = 1024 * 1024;

describe('local service: large bodies take turns within a memory budget', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const health = async () =>
    ((await (await fetch(`${endpoint}/_nimbus/health`)).json()) as { largeBodies: { inFlightBytes: number; waiting: number } }).largeBodies;

  /** A signed BatchPutDocument of one document, about `bytes` long on the wire. */
  const signedPut = (id: string, bytes: number) => {
    const body = Buffer.from(JSON.stringify({ IndexId: index, Documents: [textDoc(id, id, `${id} `.repeat(Math.floor((bytes * 3) / 4 / (id.length + 1))))] }));
    const url = new URL(endpoint);
    const signed = new SignatureV4().sign(
      {
        method: 'POST',
        protocol: 'http:',
        hostname: url.hostname,
        port: Number(url.port),
        path: '/',
        query: {},
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSKendraFrontendService.BatchPutDocument' },
        body,
      },
      { key: 'test', secret: 'test' },
      { region: 'us-east-1', service: 'kendra' },
    );
    return { body, headers: { ...signed.headers, 'content-length': String(body.length) } };
  };

  /** Sends the head and the first half of a request on a raw socket; `finish()` sends the rest and resolves to the status. */
  const halfSent = async (put: ReturnType<typeof signedPut>): Promise<{ socket: Socket; finish(): Promise<number> }> => {
    const url = new URL(endpoint);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    const head = Object.entries(put.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`POST / HTTP/1.1\r\n${head}connection: close\r\n\r\n`);
    socket.write(put.body.subarray(0, put.body.length / 2));
    return {
      socket,
      finish: async () => {
        socket.end(put.body.subarray(put.body.length / 2));
        await new Promise((resolve) => socket.once('close', resolve));
        return Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]);
      },
    };
  };

  const send = (put: ReturnType<typeof signedPut>) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const outgoing = request(`${endpoint}/`, { method: 'POST', headers: put.headers, agent: false }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
      // the service may answer (413) before it reads the body, and close the connection
      outgoing.on('error', reject);
      outgoing.end(put.body);
    });

  before(async () => {
    service = await startTestService({ createDelay: 0, maxBodyBytes: 3 * MIB, maxWaitingBodies: 1 });
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
  });
  after(async () => service.stop());

  it('queues a large body while another is read, refuses one more with a retryable 503, and serves small ones meanwhile', async () => {
    const first = signedPut('first', 2 * MIB);
    const reading = await halfSent(first);
    await until(async () => (await health()).inFlightBytes === first.body.length);

    const second = send(signedPut('second', 2 * MIB));
    await until(async () => (await health()).waiting === 1);

    const third = await send(signedPut('third', 2 * MIB));
    assert.equal(third.status, 503);
    assert.equal(third.body.__type, 'ServiceUnavailableException');
    assert.match(third.body.message, /busy with 2 large request bodies; retry/);

    const small = await call(endpoint, 'ListIndices', {});
    assert.equal(small.status, 200, 'small bodies do not wait for large ones');

    assert.equal(await reading.finish(), 200);
    assert.equal((await second).status, 200);
    assert.deepEqual(await health(), { inFlightBytes: 0, waiting: 0 });
    const stored = await call(endpoint, 'Query', { IndexId: index, QueryText: 'second' });
    assert.equal(stored.body.ResultItems[0]?.DocumentId, 'second');
  });

  it('frees the budget of a body whose connection closes half way', async () => {
    const abandoned = await halfSent(signedPut('abandoned', 2 * MIB));
    await until(async () => (await health()).inFlightBytes > 0);
    abandoned.socket.destroy();
    await until(async () => (await health()).inFlightBytes === 0);
    assert.equal((await send(signedPut('after', 2 * MIB))).status, 200);
  });

  it('refuses a body over the size limit with 413 before reading it', async () => {
    const huge = signedPut('huge', 4 * MIB);
    const url = new URL(endpoint);
    const socket = connect(Number(url.port), url.hostname);
    socket.on('error', () => undefined);
    let answer = '';
    const head = Object.entries(huge.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`POST / HTTP/1.1\r\n${head}\r\n`);
    await new Promise<void>((resolve) =>
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        if (answer.includes('}')) resolve();
      }),
    );
    socket.destroy();
    assert.match(answer, /^HTTP\/1\.1 413 /);
    assert.match(answer, /RequestEntityTooLargeException/);
  });
});
