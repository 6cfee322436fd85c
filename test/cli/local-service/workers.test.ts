import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, nimbus, requireBuild } from '../helpers/cli.js';
import { MobileHttpClient } from '../../integration/local-mobile/http-client.js';
import { freshCall, freshGet, freshOk, freshPage, waitFor } from '../helpers/fresh-call.js';
import { startLocalServer, type StartedLocalService } from '../helpers/local-start.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('nimbus local start --workers: one data dir served by several processes', function () {
  this.timeout(120_000);
  let dir: string;
  let server: StartedLocalService;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-workers-'));
    mkdirSync(join(dir, 'home'));
    env = cliEnv(join(dir, 'home'), { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' });
    server = await startLocalServer(['--port', '0', '--data-dir', join(dir, 'data'), '--workers', '2', '--create-delay', '0'], env);
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The pids that answer `count` health checks, each on its own connection. */
  const answeringPids = async (count: number) => {
    const pids = new Set<number>();
    for (let i = 0; i < count; i++) pids.add((await freshGet(`${server.endpoint}/_nimbus/health`)).body.pid as number);
    return pids;
  };

  it('answers from two processes, and a document one acknowledged is found at once by the other', async () => {
    assert.equal((await answeringPids(6)).size, 2);
    const created = await nimbus(['search', 'index', 'create', '--name', 'shared', '--role-arn', ROLE, '--endpoint-url', server.endpoint], { env });
    assert.equal(created.code, 0, created.stderr);
    const IndexId = JSON.parse(created.stdout).Id as string;
    await waitFor(async () => (await freshOk(server.endpoint, 'DescribeIndex', { Id: IndexId })).Status === 'ACTIVE');
    for (let i = 0; i < 12; i++) {
      const put = await freshOk(server.endpoint, 'BatchPutDocument', {
        IndexId,
        Documents: [{ Id: `doc-${i}`, Title: `note ${i}`, Blob: Buffer.from(`walrus${i} lives here`).toString('base64'), ContentType: 'PLAIN_TEXT' }],
      });
      assert.deepEqual(put.FailedDocuments, []);
      // a new connection: the cluster hands it to the other worker than the write's
      const found = await freshOk(server.endpoint, 'Query', { IndexId, QueryText: `walrus${i}` });
      assert.deepEqual(
        found.ResultItems.map((item: { DocumentId: string }) => item.DocumentId),
        [`doc-${i}`],
        `document ${i}`,
      );
    }
  });

  it('puts faults set through one worker in force on every worker, and counts them over all', async () => {
    const set = await nimbus(['local', 'faults', 'ListIndices.throttle=1', '--endpoint-url', server.endpoint], { env });
    assert.equal(set.code, 0, set.stderr);
    for (let i = 0; i < 6; i++) assert.equal((await freshCall(server.endpoint, 'ListIndices', {})).status, 400, `request ${i}`);
    const shown = await nimbus(['local', 'faults', '--endpoint-url', server.endpoint], { env });
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(JSON.parse(shown.stdout).injected.throttled, 6);
    const cleared = await nimbus(['local', 'faults', '--clear', '--endpoint-url', server.endpoint], { env });
    assert.equal(JSON.parse(cleared.stdout).faults, null);
    for (let i = 0; i < 4; i++) assert.equal((await freshCall(server.endpoint, 'ListIndices', {})).status, 200);
  });

  it('serves Prometheus metrics added up over the workers', async () => {
    const before = await freshGet(`${server.endpoint}/_nimbus/metrics`);
    const count = (text: string) => Number(/^nimbus_requests_total\{operation="ListIndices",status="200"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    for (let i = 0; i < 8; i++) await freshOk(server.endpoint, 'ListIndices', {});
    const after = await freshGet(`${server.endpoint}/_nimbus/metrics`);
    assert.equal(count(after.text) - count(before.text), 8);
    assert.match(after.text, /^nimbus_workers 2$/m);
    assert.match(after.text, /^nimbus_request_duration_seconds_count\{operation="ListIndices"\} \d+$/m);
    assert.match(after.text, /^nimbus_documents\{index="[0-9a-f-]{36}"\} 12$/m);
    assert.match(after.text, /^nimbus_embedding_backlog 0$/m);
    assert.match(after.text, /^nimbus_replica_lag_seconds 0$/m);
  });

  it("admits an access key's mobile request rate once over all the workers, not once per worker", async () => {
    const client = new MobileHttpClient(server.endpoint, { key: 'test', secret: 'test' });
    const started = Date.now();
    const statuses: number[] = [];
    // 500 requests, 50 at a time, each on its own connection: both workers serve them
    for (let round = 0; round < 10; round++) {
      statuses.push(...(await Promise.all(Array.from({ length: 50 }, async () => (await client.send('GET', '/projects')).status))));
    }
    const seconds = (Date.now() - started) / 1000;
    const admitted = statuses.filter((status) => status === 200).length;
    assert.equal(admitted + statuses.filter((status) => status === 429).length, 500, 'every answer is 200 or 429');
    // one bucket: a burst of 200, refilled at 50 a second (two buckets would admit twice that)
    assert.ok(admitted <= 200 + Math.ceil(50 * seconds), `${admitted} admitted in ${seconds} s`);
    assert.ok(admitted >= 200, `${admitted} admitted`);
  });

  it("knows a search page's session on every worker, and counts an address's failed sign-ins over all of them", async () => {
    const { Id: IndexId } = await freshOk(server.endpoint, 'CreateIndex', { Name: 'pages', RoleArn: ROLE });
    await waitFor(async () => (await freshOk(server.endpoint, 'DescribeIndex', { Id: IndexId })).Status === 'ACTIVE');
    const { Id } = await freshOk(server.endpoint, 'CreateExperience', { IndexId, Name: 'portal', RoleArn: ROLE });
    const home = await waitFor(async () => {
      const described = await freshOk(server.endpoint, 'DescribeExperience', { IndexId, Id });
      return described.Status === 'ACTIVE' && (described.Endpoints[0].Endpoint as string);
    });
    const cookies = new Map<string, string>();
    const signIn = async (secretAccessKey: string) => {
      const form = await freshPage(home, cookies);
      for (const [name, value] of form.cookies) cookies.set(name, value);
      const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)![1]!;
      const answer = await freshPage(`${home}/sign-in`, cookies, { csrf, accessKeyId: 'test', secretAccessKey });
      for (const [name, value] of answer.cookies) cookies.set(name, value);
      return answer;
    };
    assert.equal((await signIn('test')).status, 303);
    for (let i = 0; i < 6; i++) assert.match((await freshPage(home, cookies)).text, /Sign out/, `page ${i}, on a new connection`);

    cookies.delete('nimbus_session');
    for (let i = 0; i < 10; i++) assert.equal((await signIn(`guess-${i}`)).status, 401, `failure ${i + 1}`);
    for (let i = 0; i < 2; i++) assert.equal((await signIn('test')).status, 429, `attempt ${i + 1} after 10 failures, whichever worker takes it`);
  });

  it('runs a sync job once, and another worker finishes it when the one that held the background lease is killed', async () => {
    const bucket = join(dir, 'data', 's3', 'many');
    mkdirSync(bucket, { recursive: true });
    for (let i = 0; i < 3000; i++) writeFileSync(join(bucket, `doc-${String(i).padStart(4, '0')}.txt`), `file number ${i} about narwhals`);
    const index = await freshOk(server.endpoint, 'CreateIndex', { Name: 'synced', RoleArn: ROLE });
    await waitFor(async () => (await freshOk(server.endpoint, 'DescribeIndex', { Id: index.Id })).Status === 'ACTIVE');
    const source = await freshOk(server.endpoint, 'CreateDataSource', {
      IndexId: index.Id,
      Name: 'many',
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: 'many' } },
    });
    await waitFor(async () => (await freshOk(server.endpoint, 'DescribeDataSource', { IndexId: index.Id, Id: source.Id })).Status === 'ACTIVE');
    const leaderBefore = (await freshGet(`${server.endpoint}/_nimbus/health`)).body.background;
    const { ExecutionId } = await freshOk(server.endpoint, 'StartDataSourceSyncJob', { IndexId: index.Id, Id: source.Id });
    const job = async () =>
      (await freshOk(server.endpoint, 'ListDataSourceSyncJobs', { IndexId: index.Id, Id: source.Id })).History.find(
        (item: { ExecutionId: string }) => item.ExecutionId === ExecutionId,
      );
    await waitFor(async () => (await job())?.Metrics?.DocumentsAdded > 0);
    const pid = Number(/:(\d+):/.exec(leaderBefore.holder as string)?.[1]);
    assert.equal((await job()).Status, 'SYNCING', 'the job still runs when its worker is killed');
    process.kill(pid, 'SIGKILL');
    const done = await waitFor(async () => {
      const current = await job();
      return current.Status !== 'SYNCING' ? current : undefined;
    }, 60_000);
    assert.equal(done.Status, 'SUCCEEDED', JSON.stringify(done));
    assert.equal(done.Metrics.DocumentsAdded, '3000');
    const described = await freshOk(server.endpoint, 'DescribeIndex', { Id: index.Id });
    assert.equal(described.IndexStatistics.TextDocumentStatistics.IndexedTextDocumentsCount, 3000);
    const leaderAfter = (await freshGet(`${server.endpoint}/_nimbus/health`)).body.background;
    assert.notEqual(leaderAfter.holder, leaderBefore.holder);
    assert.ok(leaderAfter.token > leaderBefore.token, `token ${leaderBefore.token} → ${leaderAfter.token}`);
    assert.match(server.stderr(), new RegExp(`worker ${pid} exited \\(SIGKILL\\); starting another`));
    assert.equal((await answeringPids(6)).size, 2, 'a new worker took the place of the killed one');
  });
});
