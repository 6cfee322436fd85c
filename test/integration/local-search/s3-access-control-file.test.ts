import { strict as assert } from 'node:assert';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeIndex, call, ok, startTestService, until, type TestService } from './support.js';

// Kendra, "Access control for Amazon S3 data sources": https://docs.aws.amazon.com/kendra/latest/dg/s3-acl.html
// (a JSON list of {keyPrefix: "s3://BUCKETNAME/prefix", aclEntries: [{Name, Type, Access}]}), and
// AccessControlListConfiguration: https://docs.aws.amazon.com/kendra/latest/APIReference/API_AccessControlListConfiguration.html

const ROLE = 'arn:aws:iam::000000000000:role/search';
const RULES = [{ keyPrefix: 's3://vault/secret/', aclEntries: [{ Name: 'board', Type: 'GROUP', Access: 'ALLOW' }] }];

describe('local search service: the access control file of an S3 data source', function () {
  let service: TestService;
  let endpoint: string;
  const write = (bucket: string, key: string, contents: unknown) => {
    const path = join(service.s3Dir, bucket, key);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, typeof contents === 'string' ? contents : JSON.stringify(contents));
  };
  /** A fresh index with an S3 data source on the documents of the bucket `vault` and the given configuration, synced once. */
  const syncOnce = async (extra: Record<string, unknown>) => {
    const IndexId = await activeIndex(endpoint);
    const { Id } = await ok(endpoint, 'CreateDataSource', {
      IndexId,
      Name: `vault-${Math.random().toString(36).slice(2)}`,
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: 'vault', InclusionPrefixes: ['secret/', 'open/'], ...extra } },
    });
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId, Id })).Status === 'ACTIVE');
    return { IndexId, Id, job: await sync(IndexId, Id) };
  };
  const sync = async (IndexId: string, Id: string) => {
    const { ExecutionId } = await ok(endpoint, 'StartDataSourceSyncJob', { IndexId, Id });
    return until(async () => {
      const job = (await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId, Id })).History.find((item: any) => item.ExecutionId === ExecutionId);
      return job && !['SYNCING', 'STOPPING'].includes(job.Status) ? job : undefined;
    });
  };
  /** The documents a query for "plans" finds for a user in `Groups`. */
  const seenBy = async (IndexId: string, Groups: string[]) =>
    ((await ok(endpoint, 'Query', { IndexId, QueryText: 'plans', UserContext: { UserId: 'someone', Groups } })).ResultItems as Array<{ DocumentId: string }>)
      .map((item) => item.DocumentId)
      .sort();

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    write('vault', 'secret/merger.txt', 'The merger plans of the board.');
    write('vault', 'open/picnic.txt', 'The picnic plans of the staff.');
    write('vault', 'acl/rules.json', RULES);
    write('policies', 'vault-acl.json', RULES);
  });
  after(async () => service.stop());

  it('applies a KeyPath in the s3://bucket/key form, in the same bucket or another one', async () => {
    for (const KeyPath of ['s3://vault/acl/rules.json', 's3://policies/vault-acl.json', 'acl/rules.json']) {
      const { IndexId, job } = await syncOnce({ AccessControlListConfiguration: { KeyPath } });
      assert.equal(job.Status, 'SUCCEEDED', `${KeyPath}: ${job.ErrorMessage}`);
      assert.deepEqual(await seenBy(IndexId, ['staff']), ['s3://vault/open/picnic.txt'], `${KeyPath} protects the secret prefix`);
      assert.deepEqual(await seenBy(IndexId, ['board']), ['s3://vault/open/picnic.txt', 's3://vault/secret/merger.txt']);
    }
  });

  it('fails the sync, naming the file, when the KeyPath names no object, and indexes nothing', async () => {
    for (const [KeyPath, named] of [
      ['acl/rules.jsn', 's3://vault/acl/rules.jsn'],
      ['s3://vault/acl/missing.json', 's3://vault/acl/missing.json'],
      ['s3://no-such-bucket/rules.json', 's3://no-such-bucket/rules.json'],
      ['s3://vault/acl', 's3://vault/acl'],
    ] as const) {
      const { IndexId, job } = await syncOnce({ AccessControlListConfiguration: { KeyPath } });
      assert.equal(job.Status, 'FAILED', KeyPath);
      assert.equal(job.ErrorCode, 'InvalidRequest');
      assert.ok(job.ErrorMessage.includes(named), `${KeyPath}: ${job.ErrorMessage}`);
      assert.deepEqual(job.Metrics.DocumentsAdded, '0');
      assert.deepEqual((await ok(endpoint, 'Query', { IndexId, QueryText: 'plans' })).ResultItems, [], `${KeyPath}: nothing is indexed`);
    }
  });

  it('fails the sync for a malformed access control file', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['broken.json', '[{"keyPrefix": "s3://vault/secret/", "aclEntries": [', /s3:\/\/vault\/acl\/broken\.json is not valid JSON/],
      ['object.json', { keyPrefix: 's3://vault/secret/' }, /must be a JSON list/],
      ['relative.json', [{ keyPrefix: 'secret/', aclEntries: [] }], /keyPrefix "secret\/"; it must be s3:\/\/bucket\/prefix/],
      [
        'lower.json',
        [{ keyPrefix: 's3://vault/secret/', aclEntries: [{ Name: 'board', Type: 'GROUP', Access: 'allow' }] }],
        /Access "allow"; it is ALLOW or DENY/,
      ],
      ['entries.json', [{ keyPrefix: 's3://vault/secret/', aclEntries: { Name: 'board' } }], /aclEntries of s3:\/\/vault\/secret\/ is not a list/],
    ];
    for (const [name, contents, message] of cases) {
      write('vault', `acl/${name}`, contents);
      const { IndexId, job } = await syncOnce({ AccessControlListConfiguration: { KeyPath: `acl/${name}` } });
      assert.equal(job.Status, 'FAILED', name);
      assert.match(job.ErrorMessage, message);
      assert.deepEqual((await ok(endpoint, 'Query', { IndexId, QueryText: 'plans' })).ResultItems, [], `${name}: nothing is indexed`);
    }
  });

  it('keeps documents protected when their access control file later disappears', async () => {
    write('vault', 'acl/moving.json', RULES);
    const { IndexId, Id, job } = await syncOnce({ AccessControlListConfiguration: { KeyPath: 's3://vault/acl/moving.json' } });
    assert.equal(job.Status, 'SUCCEEDED');
    rmSync(join(service.s3Dir, 'vault', 'acl', 'moving.json'));
    const again = await sync(IndexId, Id);
    assert.equal(again.Status, 'FAILED');
    assert.match(again.ErrorMessage, /s3:\/\/vault\/acl\/moving\.json/);
    assert.deepEqual(await seenBy(IndexId, ['staff']), ['s3://vault/open/picnic.txt'], 'the secret document keeps its access control');
  });

  it('fails the sync when a metadata file names an access control configuration the index lacks', async () => {
    // Kendra, "Creating an access control configuration for a data source": https://docs.aws.amazon.com/kendra/latest/dg/datasource-access-control.html
    write('records', 'minutes.txt', 'The plans in the minutes.');
    write('records', 'minutes.txt.metadata.json', { AccessControlConfigurationId: 'no-such-configuration' });
    const IndexId = await activeIndex(endpoint);
    const { Id } = await ok(endpoint, 'CreateDataSource', {
      IndexId,
      Name: 'records',
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: 'records' } },
    });
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId, Id })).Status === 'ACTIVE');
    const failed = await sync(IndexId, Id);
    assert.equal(failed.Status, 'FAILED');
    assert.match(
      failed.ErrorMessage,
      /s3:\/\/records\/minutes\.txt\.metadata\.json names the access control configuration no-such-configuration, which does not exist/,
    );
    assert.deepEqual((await ok(endpoint, 'Query', { IndexId, QueryText: 'plans' })).ResultItems, []);

    const { Id: configuration } = await ok(endpoint, 'CreateAccessControlConfiguration', {
      IndexId,
      Name: 'clerks',
      AccessControlList: [{ Name: 'clerks', Type: 'GROUP', Access: 'ALLOW' }],
    });
    write('records', 'minutes.txt.metadata.json', { AccessControlConfigurationId: configuration });
    assert.equal((await sync(IndexId, Id)).Status, 'SUCCEEDED');
    assert.deepEqual(await seenBy(IndexId, ['staff']), []);
    assert.deepEqual(await seenBy(IndexId, ['clerks']), ['s3://records/minutes.txt']);

    write('records', 'minutes.txt.metadata.json', { AccessControlList: [{ Name: 'clerks', Type: 'TEAM', Access: 'ALLOW' }] });
    const malformed = await sync(IndexId, Id);
    assert.equal(malformed.Status, 'FAILED');
    assert.match(malformed.ErrorMessage, /AccessControlList of the metadata file s3:\/\/records\/minutes\.txt\.metadata\.json\[0\] \(clerks\) has Type "TEAM"/);
    assert.deepEqual(await seenBy(IndexId, ['staff']), [], 'the document keeps the access it had');
  });

  it('refuses a KeyPath that names a bucket without a key', async () => {
    const IndexId = await activeIndex(endpoint);
    const answer = await call(endpoint, 'CreateDataSource', {
      IndexId,
      Name: 'bucket-only',
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: 'vault', AccessControlListConfiguration: { KeyPath: 's3://vault/' } } },
    });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.__type, 'ValidationException');
    assert.match(answer.body.Message, /KeyPath s3:\/\/vault\/ names no file/);
  });
});
