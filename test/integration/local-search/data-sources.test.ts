import { strict as assert } from 'node:assert';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeIndex, call, ok, startTestService, textDoc, until, wireValue, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('local search service: data sources and sync jobs', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const write = (key: string, contents: string) => {
    const path = join(service.s3Dir, 'handbook', key);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, contents);
  };
  const jobs = async (Id: string, extra: Record<string, unknown> = {}) =>
    (await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id, ...extra })).History;
  const finished = (Id: string, ExecutionId: string) =>
    until(async () => {
      const job = (await jobs(Id)).find((item: any) => item.ExecutionId === ExecutionId);
      return job && !['SYNCING', 'STOPPING'].includes(job.Status) ? job : undefined;
    });
  const active = (Id: string) => until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id })).Status === 'ACTIVE');
  const sync = async (Id: string) => finished(Id, (await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: index, Id })).ExecutionId);
  const metrics = (job: any) => job.Metrics;
  const ids = async (text: string) => (await ok(endpoint, 'Query', { IndexId: index, QueryText: text })).ResultItems.map((item: any) => item.DocumentId);

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'UpdateIndex', {
      Id: index,
      DocumentMetadataConfigurationUpdates: [{ Name: 'team', Type: 'STRING_VALUE', Search: { Facetable: true } }],
    });
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id: index })).Status === 'ACTIVE');
  });
  after(async () => service.stop());

  it('syncs an S3 data source from the S3 dir, with prefixes, patterns, metadata sidecars and metrics by diff', async () => {
    write('policies/leave.md', '# Leave\n\nAnnual leave is twenty days.');
    write('policies/travel.html', '<p>Book trains for trips under four hours.</p>');
    write(
      'policies/travel.html.metadata.json',
      JSON.stringify({ DocumentId: 'travel-policy', Title: 'Travel policy', Attributes: { _category: 'policy', team: 'hr' } }),
    );
    write('policies/drafts/wip.txt', 'unfinished zeppelin notes');
    write('other/readme.txt', 'zeppelin readme outside the prefixes');
    const { Id } = await ok(endpoint, 'CreateDataSource', {
      IndexId: index,
      Name: 'handbook',
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: 'handbook', InclusionPrefixes: ['policies/', 'images/'], ExclusionPatterns: ['**/drafts/**'] } },
    });
    assert.equal((await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id })).Status, 'CREATING');
    await active(Id);
    const first = await sync(Id);
    assert.equal(first.Status, 'SUCCEEDED');
    assert.deepEqual(metrics(first), { DocumentsAdded: '2', DocumentsModified: '0', DocumentsDeleted: '0', DocumentsFailed: '0', DocumentsScanned: '2' });
    assert.ok(first.EndTime >= first.StartTime);
    const travel = (await ok(endpoint, 'Query', { IndexId: index, QueryText: 'trains', RequestedDocumentAttributes: ['_category', 'team', '_data_source_id'] }))
      .ResultItems[0];
    assert.equal(travel.DocumentId, 'travel-policy');
    assert.equal(travel.DocumentTitle.Text, 'Travel policy');
    assert.deepEqual(travel.DocumentAttributes, [
      { Key: '_category', Value: { StringValue: 'policy' } },
      { Key: 'team', Value: { StringValue: 'hr' } },
      { Key: '_data_source_id', Value: { StringValue: Id } },
    ]);
    assert.deepEqual(await ids('zeppelin'), []);
    assert.deepEqual(await ids('annual leave'), ['s3://handbook/policies/leave.md']);

    write('policies/leave.md', '# Leave\n\nAnnual leave is twenty-five days.');
    rmSync(join(service.s3Dir, 'handbook', 'policies', 'travel.html'));
    write('policies/parking.txt', 'Parking permits are free.');
    write('images/logo.pdf', '%PDF-1.4 binary');
    const second = await sync(Id);
    assert.equal(second.Status, 'INCOMPLETE');
    assert.deepEqual(metrics(second), { DocumentsAdded: '1', DocumentsModified: '1', DocumentsDeleted: '1', DocumentsFailed: '1', DocumentsScanned: '3' });
    assert.deepEqual(await ids('trains'), []);
    assert.deepEqual(await ids('parking'), ['s3://handbook/policies/parking.txt']);

    rmSync(join(service.s3Dir, 'handbook', 'images', 'logo.pdf'));
    const third = await sync(Id);
    assert.equal(third.Status, 'SUCCEEDED');
    assert.deepEqual(metrics(third), { DocumentsAdded: '0', DocumentsModified: '0', DocumentsDeleted: '0', DocumentsFailed: '0', DocumentsScanned: '2' });

    const history = await jobs(Id);
    assert.deepEqual(
      history.map((job: any) => job.Status),
      ['SUCCEEDED', 'INCOMPLETE', 'SUCCEEDED'],
    );
    assert.deepEqual(
      (await jobs(Id, { StatusFilter: 'INCOMPLETE' })).map((job: any) => job.ExecutionId),
      [second.ExecutionId],
    );
    const window = { StartTime: second.StartTime - 0.001, EndTime: second.StartTime + 0.001 };
    assert.deepEqual(
      (await jobs(Id, { StartTimeFilter: window })).map((job: any) => job.ExecutionId),
      [second.ExecutionId],
    );
    const paged = await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id, MaxResults: 2 });
    assert.equal(paged.History.length, 2);
    const rest = await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id, MaxResults: 2, NextToken: paged.NextToken });
    assert.deepEqual(
      rest.History.map((job: any) => job.ExecutionId),
      [first.ExecutionId],
    );

    await ok(endpoint, 'DeleteDataSource', { IndexId: index, Id });
    assert.equal((await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id })).Status, 'DELETING');
    assert.deepEqual(await ids('parking'), [], 'the documents of a deleted data source go with it');
  });

  it('refuses a second sync while one runs, and stops a running one (STOPPING, then ABORTED)', async () => {
    write('policies/leave.md', 'Annual leave.');
    const { Id } = await ok(endpoint, 'CreateDataSource', {
      IndexId: index,
      Name: 'stoppable',
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: 'handbook' } },
    });
    await active(Id);
    const { ExecutionId } = await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: index, Id });
    const busy = await call(endpoint, 'StartDataSourceSyncJob', { IndexId: index, Id });
    assert.equal(busy.body.__type, 'ResourceInUseException');
    await ok(endpoint, 'StopDataSourceSyncJob', { IndexId: index, Id });
    const job = await finished(Id, ExecutionId);
    assert.equal(job.Status, 'ABORTED');
    const idle = await call(endpoint, 'StopDataSourceSyncJob', { IndexId: index, Id });
    assert.equal(idle.body.__type, 'ValidationException');
  });

  it('counts the documents a CUSTOM data source puts and deletes during its sync job', async () => {
    const { Id } = await ok(endpoint, 'CreateDataSource', { IndexId: index, Name: 'crawler', Type: 'CUSTOM' });
    await active(Id);
    await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('old-page', 'Old', 'obsolete page', { _data_source_id: Id })] });
    const { ExecutionId } = await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: index, Id });
    const attrs = { _data_source_id: Id, _data_source_sync_job_execution_id: ExecutionId };
    const put = await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [textDoc('page-1', 'One', 'custom crawler page', attrs), textDoc('old-page', 'Old', 'refreshed page', attrs)],
    });
    assert.deepEqual(put.FailedDocuments, []);
    await ok(endpoint, 'BatchDeleteDocument', {
      IndexId: index,
      DocumentIdList: ['old-page'],
      DataSourceSyncJobMetricTarget: { DataSourceId: Id, DataSourceSyncJobId: ExecutionId },
    });
    const stray = await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        {
          ...textDoc('stray', 'x', 'y'),
          Attributes: [
            { Key: '_data_source_id', Value: wireValue(Id) },
            { Key: '_data_source_sync_job_execution_id', Value: wireValue('no-such-job') },
          ],
        },
      ],
    });
    assert.match(stray.FailedDocuments[0].ErrorMessage, /does not exist/);
    assert.equal((await jobs(Id))[0].Status, 'SYNCING');
    await ok(endpoint, 'StopDataSourceSyncJob', { IndexId: index, Id });
    const job = await finished(Id, ExecutionId);
    assert.equal(job.Status, 'SUCCEEDED');
    assert.deepEqual(metrics(job), { DocumentsAdded: '1', DocumentsModified: '1', DocumentsDeleted: '1', DocumentsFailed: '0', DocumentsScanned: '2' });
  });

  it('keeps every type of data source, and fails the sync of those it cannot crawl with an honest message', async () => {
    const { Id } = await ok(endpoint, 'CreateDataSource', {
      IndexId: index,
      Name: 'wiki',
      Type: 'CONFLUENCE',
      RoleArn: ROLE,
      Description: 'the team wiki',
      Schedule: 'cron(0 3 ? * MON *)',
      Configuration: {
        ConfluenceConfiguration: {
          ServerUrl: 'https://wiki.example.com',
          SecretArn: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:wiki',
          Version: 'CLOUD',
        },
      },
      Tags: [{ Key: 'owner', Value: 'docs' }],
    });
    await active(Id);
    const described = await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id });
    assert.equal(described.Schedule, 'cron(0 3 ? * MON *)');
    assert.equal(described.Configuration.ConfluenceConfiguration.ServerUrl, 'https://wiki.example.com');
    const job = await sync(Id);
    assert.equal(job.Status, 'FAILED');
    assert.equal(job.ErrorCode, 'InvalidRequest');
    assert.match(job.ErrorMessage, /cannot crawl CONFLUENCE data sources \(they need an account with that service\)/);
    await ok(endpoint, 'UpdateDataSource', { IndexId: index, Id, Description: 'moved', Name: 'wiki-2' });
    assert.equal((await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id })).Status, 'UPDATING');
    await active(Id);
    const updated = await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id });
    assert.deepEqual([updated.Name, updated.Description], ['wiki-2', 'moved']);
    const names = (await ok(endpoint, 'ListDataSources', { IndexId: index })).SummaryItems.map((item: any) => item.Name);
    assert.ok(names.includes('wiki-2'));
  });

  it('validates configurations against the type, names and schedules', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ Name: 'a', Type: 'S3', RoleArn: ROLE }, 'ValidationException'],
      [{ Name: 'b', Type: 'S3', RoleArn: ROLE, Configuration: { SharePointConfiguration: {} } }, 'ValidationException'],
      [{ Name: 'c', Type: 'CUSTOM', RoleArn: ROLE }, 'ValidationException'],
      [{ Name: 'd', Type: 'S3', Configuration: { S3Configuration: { BucketName: 'handbook' } } }, 'ValidationException'],
      [{ Name: 'e', Type: 'S3', RoleArn: ROLE, Schedule: 'every day', Configuration: { S3Configuration: { BucketName: 'handbook' } } }, 'ValidationException'],
      [{ Name: 'crawler', Type: 'CUSTOM' }, 'ResourceAlreadyExistException'],
    ];
    for (const [input, code] of cases) {
      const answer = await call(endpoint, 'CreateDataSource', { IndexId: index, ...input });
      assert.equal(answer.body.__type, code, JSON.stringify(input));
    }
  });
});

describe('local search service: scheduled syncs', function () {
  let offset = 0;
  let service: TestService;

  before(async () => {
    service = await startTestService({ now: () => new Date(Date.now() + offset) });
  });
  after(async () => service.stop());

  it('starts a sync job when a data source schedule comes due', async () => {
    const endpoint = service.service.endpoint;
    mkdirSync(join(service.s3Dir, 'nightly'), { recursive: true });
    writeFileSync(join(service.s3Dir, 'nightly', 'report.txt'), 'nightly report');
    const index = await activeIndex(endpoint);
    const { Id } = await ok(endpoint, 'CreateDataSource', {
      IndexId: index,
      Name: 'nightly',
      Type: 'S3',
      RoleArn: ROLE,
      Schedule: 'cron(* * * * ? *)',
      Configuration: { S3Configuration: { BucketName: 'nightly' } },
    });
    assert.deepEqual((await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id })).History, []);
    offset += 61_000;
    const history = await until(async () => {
      const list = (await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id })).History;
      return list.length > 0 && list[0].Status === 'SUCCEEDED' ? list : undefined;
    });
    assert.equal(history[0].Metrics.DocumentsAdded, '1');
  });
});
