import assert from 'node:assert/strict';
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { CsmConfiguration } from '../../../src/lib/client/csm/csm-configuration.js';
import { ConnectionError } from '../../../src/lib/errors/connection-error.js';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { ServiceException } from '../../../src/lib/errors/service-exception.js';
import { USER_AGENT } from '../../../src/lib/client/middleware/user-agent.js';
import { RetryConfiguration } from '../../../src/lib/retry/retry-configuration.js';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { startTestServer, type TestServer } from '../../support/echo-server.js';

type Datagram = Record<string, string | number>;
const session = { key: 'ASIACSMKEY123456', secret: 'csm-secret-key', token: 'csm-session-token' };

describe('csm: client-side monitoring datagrams', () => {
  let agent: Socket;
  let agentPort: number;
  let datagrams: Datagram[];
  let server: TestServer;
  let answers: Array<{ status?: number; headers?: Record<string, string>; body?: unknown }>;

  before(async () => {
    agent = createSocket('udp4');
    agent.on('message', (message) => datagrams.push(JSON.parse(message.toString('utf8'))));
    await new Promise<void>((resolve) => agent.bind(0, '127.0.0.1', resolve));
    agentPort = (agent.address() as AddressInfo).port;
    server = await startTestServer(() => answers.shift() ?? { body: {} });
  });
  after(async () => {
    agent.close();
    await server.close();
  });
  beforeEach(() => {
    datagrams = [];
    answers = [];
  });

  const client = (extra: Record<string, unknown> = {}) =>
    new SearchClient({
      region: 'eu-west-1',
      version: 'latest',
      credentials: session,
      endpoint: server.endpoint,
      retries: new RetryConfiguration({ mode: 'standard', max_attempts: 2, sleep: async () => {} }),
      csm: { enabled: true, port: agentPort, client_id: 'my-app' },
      ...extra,
    });

  const received = async (count: number): Promise<Datagram[]> => {
    const deadline = Date.now() + 3000;
    while (datagrams.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(datagrams.length, count, JSON.stringify(datagrams));
    return datagrams;
  };

  it('sends an ApiCallAttempt per attempt and an ApiCall per call, with every field', async () => {
    const failure = { __type: 'InternalServerException', message: 'try again' };
    answers = [
      { status: 500, headers: { 'x-amzn-requestid': 'rid-1', 'x-amz-request-id': 'amz-1', 'x-amz-id-2': 'id2-1' }, body: failure },
      { status: 200, headers: { 'x-amzn-requestid': 'rid-2', 'x-amz-request-id': 'amz-2', 'x-amz-id-2': 'id2-2' }, body: {} },
    ];
    const before = Date.now();
    await client().listIndicesAsync({});
    const after = Date.now();
    const [first, second, call] = await received(3);

    for (const event of [first, second, call]) {
      assert.equal(event.Version, 1);
      assert.equal(event.ClientId, 'my-app');
      assert.equal(event.Service, 'kendra');
      assert.equal(event.Api, 'ListIndices');
      assert.equal(event.Region, 'eu-west-1');
      assert.equal(event.UserAgent, USER_AGENT);
      assert.ok(Number.isInteger(event.Timestamp) && (event.Timestamp as number) >= before && (event.Timestamp as number) <= after, 'Timestamp in epoch ms');
    }
    assert.deepEqual([first.Type, second.Type, call.Type], ['ApiCallAttempt', 'ApiCallAttempt', 'ApiCall']);
    assert.deepEqual(first, {
      Version: 1,
      Type: 'ApiCallAttempt',
      ClientId: 'my-app',
      Service: 'kendra',
      Api: 'ListIndices',
      Region: 'eu-west-1',
      Timestamp: first.Timestamp,
      UserAgent: USER_AGENT,
      Fqdn: '127.0.0.1',
      AccessKey: session.key,
      SessionToken: session.token,
      HttpStatusCode: 500,
      AttemptLatency: first.AttemptLatency,
      AwsException: 'InternalServerException',
      AwsExceptionMessage: 'try again',
      XAmznRequestId: 'rid-1',
      XAmzRequestId: 'amz-1',
      XAmzId2: 'id2-1',
    });
    assert.ok(Number.isInteger(first.AttemptLatency) && (first.AttemptLatency as number) >= 0);
    assert.equal(second.HttpStatusCode, 200);
    assert.equal(second.AwsException, undefined);
    assert.equal(second.XAmznRequestId, 'rid-2');
    assert.equal(second.XAmzId2, 'id2-2');
    assert.ok((second.Timestamp as number) >= (first.Timestamp as number));
    assert.deepEqual(call, {
      Version: 1,
      Type: 'ApiCall',
      ClientId: 'my-app',
      Service: 'kendra',
      Api: 'ListIndices',
      Region: 'eu-west-1',
      Timestamp: call.Timestamp,
      UserAgent: USER_AGENT,
      AttemptCount: 2,
      Latency: call.Latency,
      MaxRetriesExceeded: 0,
      FinalHttpStatusCode: 200,
    });
    assert.ok((call.Latency as number) >= 0 && (call.Latency as number) <= after - before);
    assert.ok((call.Timestamp as number) <= (first.Timestamp as number));
  });

  it('reports the final exception and MaxRetriesExceeded when the attempts run out', async () => {
    const failure = { status: 503, body: { __type: 'ServiceUnavailableException', message: 'busy' } };
    answers = [failure, failure];
    await assert.rejects(client().listIndicesAsync({}), ServiceException);
    const events = await received(3);
    const call = events.find((event) => event.Type === 'ApiCall')!;
    assert.equal(call.AttemptCount, 2);
    assert.equal(call.MaxRetriesExceeded, 1);
    assert.equal(call.FinalHttpStatusCode, 503);
    assert.equal(call.FinalAwsException, 'ServiceUnavailableException');
    assert.equal(call.FinalAwsExceptionMessage, 'busy');
    assert.equal(call.FinalSdkException, undefined);
  });

  it('cuts long values: UserAgent to 256, AwsException to 128, AwsExceptionMessage to 512', async () => {
    answers = [{ status: 400, body: { __type: `Bad${'X'.repeat(300)}Exception`, message: 'm'.repeat(2000) } }];
    const monitored = client();
    monitored.getHandlerList().add(
      'build',
      'long-user-agent',
      (next) => (command, request) => {
        if (request) request.headers['user-agent'] = 'u'.repeat(600);
        return next(command, request);
      },
      { after: 'user-agent' },
    );
    await assert.rejects(monitored.listIndicesAsync({}), ServiceException);
    const [attempt, call] = await received(2);
    assert.equal((attempt.UserAgent as string).length, 256);
    assert.equal((attempt.AwsException as string).length, 128);
    assert.equal((attempt.AwsExceptionMessage as string).length, 512);
    assert.equal((call.FinalAwsException as string).length, 128);
    assert.equal((call.FinalAwsExceptionMessage as string).length, 512);
    assert.equal(call.MaxRetriesExceeded, 0, 'a 400 is not retried: retries did not run out');
  });

  it('reports transport failures as SDK exceptions, and leaves out credentials it does not have', async () => {
    const refused = await startTestServer(() => ({ body: {} }));
    const endpoint = refused.endpoint;
    await refused.close();
    await assert.rejects(client({ endpoint, credentials: { key: 'AKIDNOTOKEN', secret: 's' }, retries: 0 }).listIndicesAsync({}), ConnectionError);
    const [attempt, call] = await received(2);
    assert.equal(attempt.SdkException, 'ConnectionError');
    assert.match(attempt.SdkExceptionMessage as string, /Connection failed/);
    assert.equal(attempt.AccessKey, 'AKIDNOTOKEN');
    assert.equal(attempt.SessionToken, undefined);
    assert.equal(attempt.HttpStatusCode, undefined);
    assert.equal(call.FinalSdkException, 'ConnectionError');
    assert.equal(call.FinalHttpStatusCode, undefined);
    datagrams = [];
    await client({ credentials: false }).listIndicesAsync({});
    const [anonymous] = await received(2);
    assert.equal(anonymous.AccessKey, undefined);
  });

  it('never fails or slows a call: an unreachable or unresolvable agent changes nothing', async () => {
    for (const host of ['nonexistent-agent.invalid', '127.0.0.1']) {
      const started = Date.now();
      const result = await client({ csm: { enabled: true, host, port: 9 } }).listIndicesAsync({});
      assert.equal(result.$metadata.statusCode, 200);
      assert.ok(Date.now() - started < 3000, `${host}: the call waited for the agent`);
    }
  });

  it('sends nothing when disabled, and takes a CsmConfiguration or a function', async () => {
    await client({ csm: false }).listIndicesAsync({});
    await client({ csm: { enabled: false, port: agentPort } }).listIndicesAsync({});
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(datagrams.length, 0);
    const configuration = new CsmConfiguration({ enabled: true, port: agentPort, client_id: 'from-object' });
    assert.equal(client({ csm: configuration }).getConfig('csm'), configuration);
    await client({ csm: configuration }).listIndicesAsync({});
    await client({ csm: () => ({ enabled: true, port: agentPort, client_id: 'from-function' }) }).listIndicesAsync({});
    const ids = (await received(4)).map((event) => event.ClientId);
    assert.deepEqual(ids, ['from-object', 'from-object', 'from-function', 'from-function']);
  });

  it('is configured from AWS_CSM_* when the option is not given', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { AWS_CSM_ENABLED: 'true', AWS_CSM_PORT: String(agentPort), AWS_CSM_CLIENT_ID: 'from-env', AWS_CSM_HOST: '127.0.0.1' });
    try {
      await client({ csm: undefined }).listIndicesAsync({});
    } finally {
      for (const key of ['AWS_CSM_ENABLED', 'AWS_CSM_PORT', 'AWS_CSM_CLIENT_ID', 'AWS_CSM_HOST']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
    const events = await received(2);
    assert.deepEqual(
      events.map((event) => event.ClientId),
      ['from-env', 'from-env'],
    );
  });

  it('rejects malformed csm options, naming the option', () => {
    for (const csm of ['on', { enabled: 'yes' }, { port: 70000 }, { host: '' }, { client_id: 5 }, { agent: 'x' }, () => Promise.resolve(true)]) {
      assert.throws(
        () => client({ csm }),
        (error: unknown) => error instanceof InvalidArgumentException && error.option === 'csm',
        String(JSON.stringify(csm)),
      );
    }
  });
});
