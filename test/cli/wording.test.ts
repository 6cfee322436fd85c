import assert from 'node:assert/strict';
import { json, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('nimbus messages: a finished deletion and sync job errors', function () {
  this.timeout(60_000);
  let t: TestService;
  let index: string;

  before(async () => {
    requireBuild();
    t = await startTestService();
    index = json(await t.run(['search', 'index', 'create', '--name', 'words', '--role-arn', ROLE, '--wait'])).Id;
  });
  after(() => t?.close());

  it('ends block-list delete --wait by saying the block list is deleted, not with an error code', async () => {
    t.putS3Object('lists', 'blocked.txt', 'spoiler\n');
    const id = json(
      await t.run([
        'search',
        'suggestion',
        'block-list',
        'create',
        '--index-id',
        index,
        '--name',
        'blocked',
        '--source-s3-path',
        'Bucket=lists,Key=blocked.txt',
        '--role-arn',
        ROLE,
        '--wait',
      ]),
    ).Id;
    const deleted = await t.run(['search', 'suggestion', 'block-list', 'delete', '--index-id', index, '--id', id, '--wait']);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.match(deleted.stderr, /Waiting for the block list to be deleted: deleted\n$/);
    assert.doesNotMatch(deleted.stderr, /ResourceNotFoundException/);
  });

  it('ends each reason of a sync job error with one full stop ("file is truncated.", never "truncated..")', async () => {
    t.putS3Object('broken-docs', 'damaged.docx', Buffer.from('PK\u0003\u0004 truncated'));
    t.putS3Object('broken-docs', 'fine.txt', 'readable');
    const source = json(
      await t.run([
        'search',
        'data-source',
        'create',
        '--index-id',
        index,
        '--name',
        'broken',
        '--type',
        'S3',
        '--role-arn',
        ROLE,
        '--configuration',
        '{"S3Configuration":{"BucketName":"broken-docs"}}',
        '--wait',
      ]),
    ).Id;
    json(await t.run(['search', 'data-source', 'sync', 'start', '--index-id', index, '--id', source, '--wait']));
    const message = json(await t.run(['search', 'data-source', 'sync', 'list', '--index-id', index, '--id', source, '--query', 'History[0].ErrorMessage']));
    assert.match(message, /^1 document could not be indexed: s3:\/\/broken-docs\/damaged\.docx: .*file is truncated\.$/);
    assert.doesNotMatch(message, /\.\./);
  });
});
