import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { awsCliJson } from '../aws-cli.js';
import { findAwsClis } from './cli-finder.js';

const ROLE = 'arn:aws:iam::000000000000:role/kendra';
const cli = findAwsClis().find((found) => found.major === 1);

describe('the AWS CLI v1 drives query suggestions, featured results and analytics on the local search service', function () {
  this.timeout(120_000);
  let dir: string;
  let service: LocalService;

  before(async function () {
    assert.ok(cli, 'no AWS CLI v1 found: install it with pip install awscli');
    dir = mkdtempSync(join(tmpdir(), 'nimbus-aws-cli-suggest-'));
    service = await startLocalService({ port: 0, dataDir: join(dir, 'data'), createDelay: 0 });
    mkdirSync(join(dir, 'data', 's3', 'cli-lists'), { recursive: true });
    writeFileSync(join(dir, 'data', 's3', 'cli-lists', 'block.txt'), 'secret project\n');
    writeFileSync(
      join(dir, 'documents.json'),
      JSON.stringify([
        { Id: 'onboarding', Title: 'Onboarding guide', Blob: 'Welcome aboard: laptops, badges and payroll.', ContentType: 'PLAIN_TEXT' },
        { Id: 'payroll', Title: 'Payroll calendar', Blob: 'Payroll runs on the last Friday.', ContentType: 'PLAIN_TEXT' },
      ]),
    );
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `aws kendra <args>` against the local service and parses its JSON output. */
  const aws = (...args: string[]): Promise<any> => awsCliJson(cli!.path, ['kendra', ...args, '--endpoint-url', service.endpoint, '--region', 'us-east-1'], dir);

  it('gets query suggestions learnt from the query log, minus the block list', async () => {
    const { Id: index } = await aws('create-index', '--name', 'suggest', '--role-arn', ROLE);
    await aws('batch-put-document', '--index-id', index, '--documents', `file://${join(dir, 'documents.json')}`);
    await aws('update-query-suggestions-config', '--index-id', index, '--minimum-query-count', '2');
    const { Id: list } = await aws(
      'create-query-suggestions-block-list',
      '--index-id',
      index,
      '--name',
      'blocked',
      '--role-arn',
      ROLE,
      '--source-s3-path',
      'Bucket=cli-lists,Key=block.txt',
    );
    for (const text of ['payroll calendar', 'payroll calendar', 'payroll secret project', 'payroll secret project']) {
      await aws('query', '--index-id', index, '--query-text', text);
    }
    const suggested = await aws('get-query-suggestions', '--index-id', index, '--query-text', 'Pay');
    assert.deepEqual(
      suggested.Suggestions.map((entry: any) => entry.Value.Text),
      [{ Text: 'payroll calendar', Highlights: [{ BeginOffset: 0, EndOffset: 3 }] }],
    );
    const config = await aws('describe-query-suggestions-config', '--index-id', index);
    assert.equal(config.MinimumQueryCount, 2);
    assert.equal(config.TotalSuggestionsCount, 1);
    assert.equal((await aws('describe-query-suggestions-block-list', '--index-id', index, '--id', list)).ItemCount, 1);

    const { FeaturedResultsSet: set } = await aws(
      'create-featured-results-set',
      '--index-id',
      index,
      '--featured-results-set-name',
      'starters',
      '--query-texts',
      'new starter',
      '--featured-documents',
      'Id=onboarding',
    );
    assert.equal(set.Status, 'ACTIVE');
    const featured = await aws('query', '--index-id', index, '--query-text', 'new starter');
    assert.deepEqual(
      featured.FeaturedResultsItems.map((item: any) => [item.DocumentId, item.DocumentTitle.Text]),
      [['onboarding', 'Onboarding guide']],
    );
    const { Errors } = await aws('batch-delete-featured-results-set', '--index-id', index, '--featured-results-set-ids', set.FeaturedResultsSetId);
    assert.deepEqual(Errors, []);

    const snapshot = await aws('get-snapshots', '--index-id', index, '--interval', 'THIS_MONTH', '--metric-type', 'QUERIES_BY_COUNT');
    assert.deepEqual(snapshot.SnapshotsDataHeader, ['query_content', 'count']);
    assert.ok(Array.isArray(snapshot.SnapshotsData));
    assert.equal(typeof snapshot.SnapShotTimeFilter.StartTime, 'number');
  });
});
