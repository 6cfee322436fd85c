import { strict as assert } from 'node:assert';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { activeIndex, ok, startTestService, textDoc, until } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

/** Runs the local service in a child process over `dataDir`; resolves with its endpoint. */
async function childService(dataDir: string): Promise<{ child: ChildProcess; endpoint: string }> {
  const child = fork(fileURLToPath(new URL('./child-service.ts', import.meta.url)), [dataDir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve(String(message)));
    child.once('exit', (code) => reject(new Error(`the child service exited with ${code}`)));
  });
  return { child, endpoint };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const ids = async (endpoint: string, IndexId: string, QueryText: string) =>
  (await ok(endpoint, 'Query', { IndexId, QueryText, PageSize: 100 })).ResultItems.map((item: any) => item.DocumentId).sort();

describe('local search service: durability and several processes', function () {
  this.timeout(30_000);
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'nimbus-durable-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps indices, documents, FAQs, thesauri and tags across a restart', async () => {
    const first = await startTestService({ dataDir });
    const endpoint = first.service.endpoint;
    const index = await activeIndex(endpoint, { Tags: [{ Key: 'kept', Value: 'yes' }] });
    await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('keel', 'Keel', 'The keel keeps the boat upright.')] });
    mkdirSync(join(first.s3Dir, 'restart-kb'), { recursive: true });
    writeFileSync(join(first.s3Dir, 'restart-kb', 'faq.csv'), 'What keeps a boat upright?,The keel.\n');
    writeFileSync(join(first.s3Dir, 'restart-kb', 'syn.txt'), 'boat, vessel\n');
    const faq = (await ok(endpoint, 'CreateFaq', { IndexId: index, Name: 'faq', RoleArn: ROLE, S3Path: { Bucket: 'restart-kb', Key: 'faq.csv' } })).Id;
    await ok(endpoint, 'CreateThesaurus', { IndexId: index, Name: 'syn', RoleArn: ROLE, SourceS3Path: { Bucket: 'restart-kb', Key: 'syn.txt' } });
    await until(async () => (await ok(endpoint, 'DescribeFaq', { IndexId: index, Id: faq })).Status === 'ACTIVE');
    await first.service.close();

    const second = await startTestService({ dataDir });
    try {
      const again = second.service.endpoint;
      assert.equal((await ok(again, 'DescribeIndex', { Id: index })).IndexStatistics.TextDocumentStatistics.IndexedTextDocumentsCount, 1);
      const answer = await ok(again, 'Query', { IndexId: index, QueryText: 'what keeps a vessel upright' });
      assert.deepEqual(
        answer.ResultItems.map((item: any) => item.Type),
        ['ANSWER', 'QUESTION_ANSWER', 'DOCUMENT'],
        'a question that a document answers gets an ANSWER too',
      );
      assert.deepEqual((await ok(again, 'ListTagsForResource', { ResourceARN: `arn:aws:kendra:us-east-1:000000000000:index/${index}` })).Tags, [
        { Key: 'kept', Value: 'yes' },
      ]);
    } finally {
      await second.service.close();
    }
  });

  it('never loses an acknowledged write when the process is killed with SIGKILL', async () => {
    const { child, endpoint } = await childService(dataDir);
    const index = await activeIndex(endpoint);
    for (let batch = 0; batch < 5; batch++) {
      const documents = Array.from({ length: 10 }, (_, n) => textDoc(`d${batch * 10 + n}`, 't', 'acknowledged durable write'));
      await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: documents });
    }
    await killed(child);
    const after = await startTestService({ dataDir });
    try {
      assert.equal((await ids(after.service.endpoint, index, 'acknowledged')).length, 50);
    } finally {
      await after.service.close();
    }
  });

  it('sees the writes of another process sharing the data dir, deletions included', async () => {
    const { child, endpoint: other } = await childService(dataDir);
    const local = await startTestService({ dataDir });
    try {
      const index = await activeIndex(other);
      await ok(other, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('a', 'a', 'shared harbour'), textDoc('b', 'b', 'shared harbour')] });
      assert.deepEqual(await ids(local.service.endpoint, index, 'harbour'), ['a', 'b']);
      await ok(other, 'BatchDeleteDocument', { IndexId: index, DocumentIdList: ['a'] });
      await ok(other, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('b', 'b', 'moved to the marina')] });
      assert.deepEqual(await ids(local.service.endpoint, index, 'harbour'), []);
      assert.deepEqual(await ids(local.service.endpoint, index, 'marina'), ['b']);
    } finally {
      await local.service.close();
      await killed(child);
    }
  });

  it('finishes a sync job in another process after the process running it was killed', async () => {
    const s3Dir = join(dataDir, 's3');
    mkdirSync(join(s3Dir, 'big-bucket'), { recursive: true });
    for (let n = 0; n < 1500; n++) writeFileSync(join(s3Dir, 'big-bucket', `note-${String(n).padStart(4, '0')}.txt`), `note number ${n} about lighthouses`);
    const { child, endpoint } = await childService(dataDir);
    const index = await activeIndex(endpoint);
    const source = (
      await ok(endpoint, 'CreateDataSource', {
        IndexId: index,
        Name: 'big',
        Type: 'S3',
        RoleArn: ROLE,
        Configuration: { S3Configuration: { BucketName: 'big-bucket' } },
      })
    ).Id;
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id: source })).Status === 'ACTIVE');
    const { ExecutionId } = await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: index, Id: source });
    await until(
      async () => Number((await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id: source })).History[0].Metrics.DocumentsScanned) > 0,
      10_000,
    );
    await killed(child);

    const after = await startTestService({ dataDir });
    try {
      const job = await until(async () => {
        const [latest] = (await ok(after.service.endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id: source })).History;
        return latest.Status !== 'SYNCING' ? latest : undefined;
      }, 20_000);
      assert.equal(job.ExecutionId, ExecutionId);
      assert.equal(job.Status, 'SUCCEEDED');
      assert.deepEqual(job.Metrics, { DocumentsAdded: '1500', DocumentsModified: '0', DocumentsDeleted: '0', DocumentsFailed: '0', DocumentsScanned: '1500' });
      assert.equal((await ok(after.service.endpoint, 'DescribeIndex', { Id: index })).IndexStatistics.TextDocumentStatistics.IndexedTextDocumentsCount, 1500);
    } finally {
      await after.service.close();
    }
  });
});
