import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activeIndex, ok, startTestService, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';
const SECRET = 'classified plutonium recipe';

describe('local search service: the S3 dir cannot be left', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  let outside: string;

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    outside = mkdtempSync(join(tmpdir(), 'nimbus-outside-'));
    writeFileSync(join(outside, 'secret.txt'), SECRET);
    writeFileSync(join(outside, 'faq.csv'), `What is secret?,${SECRET}\n`);
    writeFileSync(join(service.dataDir, 'secret.txt'), SECRET);
    mkdirSync(join(service.s3Dir, 'safe-bucket', 'dir'), { recursive: true });
    writeFileSync(join(service.s3Dir, 'safe-bucket', 'dir', 'fine.txt'), 'a fine public note');
    writeFileSync(join(service.s3Dir, 'secret.txt'), SECRET);
    symlinkSync(join(outside, 'secret.txt'), join(service.s3Dir, 'safe-bucket', 'link.txt'));
    symlinkSync(join(outside, 'faq.csv'), join(service.s3Dir, 'safe-bucket', 'faq.csv'));
    symlinkSync(outside, join(service.s3Dir, 'safe-bucket', 'linked-dir'));
    symlinkSync(outside, join(service.s3Dir, 'linked-bucket'));
  });
  after(async () => {
    await service.stop();
    rmSync(outside, { recursive: true, force: true });
  });

  it('refuses S3Path documents with .. segments, absolute keys or symbolic links', async () => {
    const paths = [
      { Bucket: 'safe-bucket', Key: '../secret.txt' },
      { Bucket: 'safe-bucket', Key: 'dir/../../secret.txt' },
      { Bucket: 'safe-bucket', Key: '../../secret.txt' },
      { Bucket: 'safe-bucket', Key: '/etc/passwd' },
      { Bucket: 'safe-bucket', Key: `/${join(outside, 'secret.txt')}` },
      { Bucket: 'safe-bucket', Key: 'link.txt' },
      { Bucket: 'safe-bucket', Key: 'linked-dir/secret.txt' },
      { Bucket: 'linked-bucket', Key: 'secret.txt' },
    ];
    const answer = await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: paths.map((S3Path, n) => ({ Id: `attempt-${n}`, S3Path })) });
    assert.deepEqual(
      answer.FailedDocuments.map((failed: any) => failed.Id),
      paths.map((_, n) => `attempt-${n}`),
    );
    for (const failed of answer.FailedDocuments) assert.ok(!failed.ErrorMessage.includes(SECRET));
    assert.match(answer.FailedDocuments[0].ErrorMessage, /'\.\.' segment/);
    assert.match(answer.FailedDocuments[3].ErrorMessage, /absolute/);
    assert.match(answer.FailedDocuments[5].ErrorMessage, /symbolic link/);
    const fine = await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [{ Id: 'fine', S3Path: { Bucket: 'safe-bucket', Key: 'dir/fine.txt' } }],
    });
    assert.deepEqual(fine.FailedDocuments, []);
    assert.equal((await ok(endpoint, 'Query', { IndexId: index, QueryText: 'plutonium' })).TotalNumberOfResults, 0);
  });

  it('fails FAQs and thesauri whose file is outside the S3 dir', async () => {
    const faq = (await ok(endpoint, 'CreateFaq', { IndexId: index, Name: 'linked', RoleArn: ROLE, S3Path: { Bucket: 'safe-bucket', Key: 'faq.csv' } })).Id;
    const traversal = (
      await ok(endpoint, 'CreateThesaurus', { IndexId: index, Name: 'up', RoleArn: ROLE, SourceS3Path: { Bucket: 'safe-bucket', Key: '../secret.txt' } })
    ).Id;
    const described = await until(async () => {
      const answer = await ok(endpoint, 'DescribeFaq', { IndexId: index, Id: faq });
      return answer.Status !== 'CREATING' ? answer : undefined;
    });
    assert.equal(described.Status, 'FAILED');
    assert.match(described.ErrorMessage, /symbolic link/);
    const thesaurus = await until(async () => {
      const answer = await ok(endpoint, 'DescribeThesaurus', { IndexId: index, Id: traversal });
      return answer.Status !== 'CREATING' ? answer : undefined;
    });
    assert.equal(thesaurus.Status, 'FAILED');
    assert.equal((await ok(endpoint, 'Query', { IndexId: index, QueryText: 'what is secret' })).TotalNumberOfResults, 0);
  });

  it('skips symbolic links when an S3 data source crawls its bucket', async () => {
    const source = (
      await ok(endpoint, 'CreateDataSource', {
        IndexId: index,
        Name: 'crawl',
        Type: 'S3',
        RoleArn: ROLE,
        Configuration: { S3Configuration: { BucketName: 'safe-bucket', DocumentsMetadataConfiguration: { S3Prefix: '../' } } },
      })
    ).Id;
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id: source })).Status === 'ACTIVE');
    await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: index, Id: source });
    const job = await until(async () => {
      const [latest] = (await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id: source })).History;
      return latest.Status !== 'SYNCING' ? latest : undefined;
    });
    assert.equal(job.Metrics.DocumentsScanned, '1', 'only dir/fine.txt is an object of the bucket');
    assert.equal(job.Metrics.DocumentsFailed, '1', 'its metadata path leaves the bucket');
    assert.equal((await ok(endpoint, 'Query', { IndexId: index, QueryText: 'plutonium' })).TotalNumberOfResults, 0);
    const crawlLinkedBucket = (
      await ok(endpoint, 'CreateDataSource', {
        IndexId: index,
        Name: 'linked',
        Type: 'S3',
        RoleArn: ROLE,
        Configuration: { S3Configuration: { BucketName: 'linked-bucket' } },
      })
    ).Id;
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id: crawlLinkedBucket })).Status === 'ACTIVE');
    await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: index, Id: crawlLinkedBucket });
    const failed = await until(async () => {
      const [latest] = (await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id: crawlLinkedBucket })).History;
      return latest.Status !== 'SYNCING' ? latest : undefined;
    });
    assert.equal(failed.Status, 'FAILED');
    assert.match(failed.ErrorMessage, /linked-bucket does not exist/);
  });
});
