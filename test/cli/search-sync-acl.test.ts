import assert from 'node:assert/strict';
import { json, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

// Kendra, "Access control for Amazon S3 data sources": https://docs.aws.amazon.com/kendra/latest/dg/s3-acl.html
// (the access control file, in the s3://bucket/key form of AccessControlListConfiguration.KeyPath)

const ROLE = 'arn:aws:iam::000000000000:role/search';

/**
 * An S3 data source whose access control file a person mistyped: the sync fails, naming the
 * file, and the documents it should protect are not indexed for anyone.
 */
describe('nimbus search data-source sync with an access control file', function () {
  this.timeout(120_000);
  let t: TestService;
  let indexId: string;
  const search = (...args: string[]) => t.run(['search', ...args, '--index-id', indexId]);
  const dataSource = async (name: string, keyPath: string) =>
    json(
      await search(
        'data-source',
        'create',
        '--name',
        name,
        '--type',
        'S3',
        '--role-arn',
        ROLE,
        '--configuration',
        JSON.stringify({ S3Configuration: { BucketName: 'board', InclusionPrefixes: ['minutes/'], AccessControlListConfiguration: { KeyPath: keyPath } } }),
        '--wait',
      ),
    ).Id as string;

  before(async () => {
    requireBuild();
    t = await startTestService();
    t.putS3Object('board', 'minutes/merger.txt', 'The merger minutes of the board.');
    t.putS3Object(
      'board',
      'acl.json',
      JSON.stringify([{ keyPrefix: 's3://board/minutes/', aclEntries: [{ Name: 'directors', Type: 'GROUP', Access: 'ALLOW' }] }]),
    );
    indexId = json(await t.run(['search', 'index', 'create', '--name', 'board', '--role-arn', ROLE, '--wait'])).Id;
  });
  after(() => t?.close());

  it('fails the sync job with an ErrorMessage naming a KeyPath that names no file, and indexes nothing', async () => {
    const id = await dataSource('mistyped', 's3://board/acl.jsn');
    const started = await search('data-source', 'sync', 'start', '--id', id, '--wait');
    assert.notEqual(started.code, 0, 'waiting for a failed job fails');
    assert.match(started.stderr, /ErrorMessage: Could not read the access control file s3:\/\/board\/acl\.jsn .*does not exist/);
    const jobs = json(await search('data-source', 'sync', 'list', '--id', id));
    assert.equal(jobs.History[0].Status, 'FAILED');
    assert.equal(jobs.History[0].ErrorCode, 'InvalidRequest');
    assert.match(jobs.History[0].ErrorMessage, /Could not read the access control file s3:\/\/board\/acl\.jsn/);
    const query = json(await search('query', '--query-text', 'merger'));
    assert.deepEqual(query.ResultItems, [], 'nothing was indexed in place of the protected document');
  });

  it('protects the documents when the KeyPath is in the s3://bucket/key form', async () => {
    const id = await dataSource('documented', 's3://board/acl.json');
    const started = await search('data-source', 'sync', 'start', '--id', id, '--wait');
    assert.equal(started.code, 0, started.stderr);
    assert.equal(json(await search('data-source', 'sync', 'list', '--id', id)).History[0].Status, 'SUCCEEDED');
    const seen = async (group: string) =>
      json(await search('query', '--query-text', 'merger', '--user-context', `UserId=ann,Groups=${group}`)).ResultItems.map(
        (item: { DocumentId: string }) => item.DocumentId,
      );
    assert.deepEqual(await seen('staff'), []);
    assert.deepEqual(await seen('directors'), ['s3://board/minutes/merger.txt']);
  });
});
