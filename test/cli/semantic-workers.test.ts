import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, requireBuild } from './helpers/cli.js';
import { freshGet, freshOk, waitFor } from './helpers/fresh-call.js';
import { startLocalServer, type StartedLocalService } from './helpers/local-start.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

/** Whether process `pid` has onnxruntime's native library mapped. */
function mapsOnnxRuntime(pid: number): boolean {
  return readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libonnxruntime');
}

/** The parent of process `pid`. */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

describe('nimbus local start --workers 2 with the built-in model: one copy of the model per machine', function () {
  this.timeout(180_000);
  let dir: string;
  let server: StartedLocalService | undefined;
  before(function () {
    if (process.platform !== 'linux') {
      // which process maps onnxruntime is read from /proc/<pid>/maps, which only Linux has
      console.log('    (skipped: the check reads /proc/<pid>/maps, which only Linux has)');
      this.skip();
    }
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-semantic-workers-'));
    mkdirSync(join(dir, 'home'));
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a paraphrased question from both workers, while only the primary has onnxruntime loaded', async () => {
    const env = cliEnv(join(dir, 'home'), { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' });
    delete env.NIMBUS_EMBEDDINGS;
    server = await startLocalServer(['--port', '0', '--data-dir', join(dir, 'data'), '--workers', '2', '--create-delay', '0', '--embeddings', 'builtin'], env);
    const { endpoint } = server;
    const { Id: IndexId } = await freshOk(endpoint, 'CreateIndex', { Name: 'handbook', RoleArn: ROLE });
    await waitFor(async () => (await freshOk(endpoint, 'DescribeIndex', { Id: IndexId })).Status === 'ACTIVE');
    const doc = (Id: string, Title: string, text: string) => ({ Id, Title, Blob: Buffer.from(text).toString('base64'), ContentType: 'PLAIN_TEXT' });
    const put = await freshOk(endpoint, 'BatchPutDocument', {
      IndexId,
      Documents: [doc('vacation', 'Leave', 'Employees accrue 20 vacation days per year.'), doc('release', 'Release notes', 'Version two adds dark mode.')],
    });
    assert.deepEqual(put.FailedDocuments, []);
    await waitFor(async () => (await freshGet(`${endpoint}/_nimbus/health`)).body.counts.search.passagesToEmbed === 0, 120_000);

    // each call on its own connection: the cluster hands them to both workers in turn
    const answered = new Set<number>();
    for (let i = 0; i < 6; i++) {
      answered.add((await freshGet(`${endpoint}/_nimbus/health`)).body.pid as number);
      const query = await freshOk(endpoint, 'Query', { IndexId, QueryText: 'how much time off am I allowed annually', QueryResultTypeFilter: 'DOCUMENT' });
      assert.equal(query.ResultItems[0]?.DocumentId, 'vacation', `query ${i}`);
      const retrieve = await freshOk(endpoint, 'Retrieve', { IndexId, QueryText: 'time off allowance' });
      assert.equal(retrieve.ResultItems[0]?.DocumentId, 'vacation', `retrieve ${i}`);
    }
    const workers = [...answered];
    assert.equal(workers.length, 2, 'both workers answered');
    const primary = parentOf(workers[0]!);
    assert.equal(parentOf(workers[1]!), primary);
    assert.deepEqual(
      workers.map((pid) => mapsOnnxRuntime(pid)),
      [false, false],
      'no worker loads the model',
    );
    assert.equal(mapsOnnxRuntime(primary), true, 'the primary hosts it');
  });
});
