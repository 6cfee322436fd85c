import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import diagnosticsChannel from 'node:diagnostics_channel';
import { fileURLToPath } from 'node:url';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { ServiceException } from '../../../src/lib/errors/service-exception.js';
import { STEPS } from '../../../src/lib/client/handler-list.js';
import { startTestServer, type TestServer } from '../../support/echo-server.js';

const session = { key: 'ASIATRACEKEY1234567', secret: 'trace/Secret+Key/abcdefghijklmnopqrstuv', token: 'TraceSessionToken//FwoGZXIvYXdzEXAMPLE+token==' };
const KMS_KEY = 'kms-key-that-is-sensitive-0001';
const INDEX_ID = 'a'.repeat(36);

describe('debug: the step trace', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer((request) => {
      const target = String(request.headers['x-amz-target']);
      if (target.endsWith('DescribeIndex')) return { status: 400, body: { __type: 'ResourceNotFoundException', message: 'no such index' } };
      if (target.endsWith('CreateIndex')) return { body: { Id: INDEX_ID } };
      return { body: {} };
    });
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const traced = async (debug: Record<string, unknown> = {}): Promise<string> => {
    const messages: string[] = [];
    const client = new SearchClient({
      region: 'us-east-1',
      version: 'latest',
      credentials: session,
      endpoint: server.endpoint,
      retries: 0,
      debug: { logfn: (message: string) => messages.push(message), ...debug },
    });
    await client.createIndexAsync({ Name: 'docs', RoleArn: 'arn:aws:iam::000000000000:role/r', ServerSideEncryptionConfiguration: { KmsKeyId: KMS_KEY } });
    return messages.join('\n');
  };

  const signatureOf = (index: number): string => /Signature=([0-9a-f]{64})/.exec(String(server.requests[index].headers.authorization))![1];

  it('traces every step of a call made with session credentials, with no secret, key id, signature or token', async () => {
    const trace = await traced();
    const signature = signatureOf(0);
    for (const step of STEPS) {
      assert.match(trace, new RegExp(`-> entering step ${step}\\b`), `entering ${step}`);
      assert.match(trace, new RegExp(`<- leaving step ${step} after \\d+\\.\\d ms: status 200`), `leaving ${step}`);
    }
    for (const secret of [session.key, session.secret, session.token, signature, KMS_KEY]) {
      assert.ok(!trace.includes(secret), `the trace leaks ${secret}`);
    }
    assert.match(
      trace,
      /request\.headers\.authorization was set to AWS4-HMAC-SHA256 Credential=\[access key\]\/\d{8}\/us-east-1\/kendra\/aws4_request, SignedHeaders=[^,]+, Signature=\[signature\]/,
    );
    assert.match(trace, /request\.headers\.x-amz-security-token was set to \[session token\]/);
    assert.match(trace, /command\.args\.ServerSideEncryptionConfiguration was set to \{"KmsKeyId":"\[sensitive\]"\}/);
    assert.match(trace, /command\.args\.ClientToken was set to "[0-9a-f-]{36}"/, "the idempotency step's change shows when entering the next step");
    assert.match(trace, /request\.body was set to \{"Name":"docs"/);
    assert.match(trace, /result = \{"Id":"a{36}"\}/);
    assert.match(trace, /http: headers sent to 127\.0\.0\.1:\d+:\n {4}POST \/ HTTP\/1\.1/);
    assert.match(trace, /http: headers received: 200 OK\n(?: {4}.*\n)* {4}x-amzn-requestid: req-1/);
    assert.match(trace, /authorization: AWS4-HMAC-SHA256 Credential=\[access key\]\/.*Signature=\[signature\]/, 'the raw header block is scrubbed too');
    assert.match(trace, /\[nimbus #\d+ CreateIndex \+\d+\.\d ms\]/);
  });

  it('prints auth data when scrub_auth is false', async () => {
    const trace = await traced({ scrub_auth: false });
    for (const value of [session.key, session.token, signatureOf(0), KMS_KEY]) assert.ok(trace.includes(value), `expected ${value} in the unscrubbed trace`);
    assert.ok(!trace.includes(session.secret), 'the secret key never travels, so it never shows');
  });

  it('leaves out the HTTP trace with http: false', async () => {
    const withHttp = await traced();
    const without = await traced({ http: false });
    assert.match(withHttp, /\] http: /);
    assert.doesNotMatch(without, /\] http: /);
    for (const step of STEPS) assert.match(without, new RegExp(`entering step ${step}\\b`));
  });

  it('logs bodies only up to stream_size bytes, and none with 0', async () => {
    const none = await traced({ stream_size: 0 });
    assert.match(none, /request\.body was set to <\d+ bytes>/);
    assert.doesNotMatch(none, /"Name":"docs"/);
    assert.doesNotMatch(none, /result = \{/);
    const small = await traced({ stream_size: 20 });
    assert.match(small, /request\.body was set to <\d+ bytes, more than stream_size 20: not logged>/);
    assert.match(small, /result = <\d+ bytes, more than stream_size 20: not logged>/);
    assert.doesNotMatch(small, /"Name":"docs"/);
  });

  it("traces a failed call, and only that call's own HTTP requests", async () => {
    const messages: string[] = [];
    const traced = new SearchClient({
      region: 'us-east-1',
      version: 'latest',
      credentials: session,
      endpoint: server.endpoint,
      retries: 0,
      debug: { logfn: (message: string) => messages.push(message) },
    });
    const quiet = new SearchClient({ region: 'us-east-1', version: 'latest', credentials: session, endpoint: server.endpoint, retries: 0 });
    const [failure] = await Promise.allSettled([
      traced.describeIndexAsync({ Id: INDEX_ID }),
      quiet.listFaqsAsync({ IndexId: INDEX_ID }),
      quiet.listThesauriAsync({ IndexId: INDEX_ID }),
    ]);
    assert.ok(failure.status === 'rejected' && failure.reason instanceof ServiceException);
    const trace = messages.join('\n');
    assert.match(trace, /<- leaving step send after \d+\.\d ms with ServiceException ResourceNotFoundException \(HTTP 400\): no such index/);
    assert.match(trace, /<- leaving step init after \d+\.\d ms with ServiceException/);
    assert.match(trace, /x-amz-target: AWSKendraFrontendService\.DescribeIndex/);
    assert.doesNotMatch(trace, /ListFaqs|ListThesauri/);
    assert.equal(diagnosticsChannel.hasSubscribers('undici:request:create'), false, 'undici channels are unsubscribed when no traced call is in flight');
  });

  it('never fails a call over something it cannot print', async () => {
    const messages: string[] = [];
    const client = new SearchClient({
      region: 'us-east-1',
      version: 'latest',
      credentials: session,
      endpoint: server.endpoint,
      retries: 0,
      debug: { logfn: (message: string) => messages.push(message) },
    });
    client.getHandlerList().add('init', 'circular', (next) => (command, request) => {
      const loop: Record<string, unknown> = {};
      loop.self = loop;
      command.context.loop = loop;
      return next(command, request);
    });
    assert.equal((await client.listIndicesAsync({})).$metadata.statusCode, 200);
    assert.match(messages.join('\n'), /command\.context\.loop was set to \[unprintable\]/);
  });

  it('writes to stderr with debug: true', async function () {
    this.timeout(30_000);
    const index = fileURLToPath(new URL('../../../src/lib/index.ts', import.meta.url));
    const script = `
      const { SearchClient } = await import(${JSON.stringify(index)});
      const client = new SearchClient({ region: 'us-east-1', version: 'latest', endpoint: ${JSON.stringify(server.endpoint)}, credentials: ${JSON.stringify(session)}, retries: 0, debug: true });
      await client.listIndicesAsync({});
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(code, 0, stderr);
    assert.equal(stdout, '');
    for (const step of STEPS) assert.match(stderr, new RegExp(`\\[nimbus #\\d+ ListIndices .*-> entering step ${step}\\b`));
    assert.ok(!stderr.includes(session.key) && !stderr.includes(session.token));
  });
});
