import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeIndex, call, ok, startTestService, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('local search service: one failing background job fails alone', function () {
  let service: TestService;
  let endpoint: string;
  const write = (bucket: string, key: string, contents: string) => {
    const path = join(service.s3Dir, bucket, key);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, contents);
  };
  const s3Source = async (IndexId: string, bucket: string, extra: Record<string, unknown> = {}) => {
    const { Id } = await ok(endpoint, 'CreateDataSource', {
      IndexId,
      Name: bucket,
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: bucket, ...extra } },
    });
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId, Id })).Status === 'ACTIVE');
    return Id as string;
  };
  const finished = (IndexId: string, Id: string, ExecutionId: string) =>
    until(async () => {
      const job = (await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId, Id })).History.find((item: any) => item.ExecutionId === ExecutionId);
      return job && !['SYNCING', 'STOPPING'].includes(job.Status) ? job : undefined;
    });

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
  });
  after(async () => service.stop());

  it('fails the job with a truncated ACL file, and still runs other jobs and purges', async () => {
    const broken = await activeIndex(endpoint, { Name: 'broken' });
    const healthy = await activeIndex(endpoint, { Name: 'healthy' });
    const doomed = await activeIndex(endpoint, { Name: 'doomed' });
    write('bad', 'notes/a.txt', 'the first note');
    write('bad', 'acl.json', '[{"keyPrefix": "s3://bad/notes/", "aclEntries": [{"Name": "x", "Ty');
    write('good', 'notes/b.txt', 'the second note about walruses');
    const badSource = await s3Source(broken, 'bad', { AccessControlListConfiguration: { KeyPath: 'acl.json' } });
    const goodSource = await s3Source(healthy, 'good');

    const badRun = (await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: broken, Id: badSource })).ExecutionId;
    const goodRun = (await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: healthy, Id: goodSource })).ExecutionId;
    await ok(endpoint, 'DeleteIndex', { Id: doomed });

    const failed = await finished(broken, badSource, badRun);
    assert.equal(failed.Status, 'FAILED');
    assert.equal(failed.ErrorCode, 'InvalidRequest');
    assert.match(failed.ErrorMessage, /access control file s3:\/\/bad\/acl\.json is not valid JSON/);
    const succeeded = await finished(healthy, goodSource, goodRun);
    assert.equal(succeeded.Status, 'SUCCEEDED');
    const hits = await ok(endpoint, 'Query', { IndexId: healthy, QueryText: 'walruses' });
    assert.deepEqual(
      hits.ResultItems.map((item: any) => item.DocumentId),
      ['s3://good/notes/b.txt'],
    );
    await until(async () => (await call(endpoint, 'DescribeIndex', { Id: doomed })).status === 400);
    assert.equal((await call(endpoint, 'DescribeIndex', { Id: doomed })).body.__type, 'ResourceNotFoundException');

    // the same bad file on the next run fails that run again, at once, and nothing else
    const again = (await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: broken, Id: badSource })).ExecutionId;
    assert.equal((await finished(broken, badSource, again)).Status, 'FAILED');
  });
});
