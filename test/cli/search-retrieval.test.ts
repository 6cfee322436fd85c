import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { json, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

/**
 * The commands that read an index in other ways than `search query`: passages, document status,
 * query suggestions and their block lists, and featured results, each through
 * the built binary against a local service.
 */
describe('nimbus search retrieve, document status, suggestion and featured-results', function () {
  this.timeout(120_000);
  let t: TestService;
  let indexId: string;
  const search = (...args: string[]) => t.run(['search', ...args, '--index-id', indexId]);

  before(async () => {
    requireBuild();
    t = await startTestService();
    indexId = json(await t.run(['search', 'index', 'create', '--name', 'handbook', '--role-arn', ROLE, '--wait'])).Id;
    const documents = join(t.dir, 'documents.json');
    writeFileSync(
      documents,
      JSON.stringify([
        {
          Id: 'password',
          Title: 'Passwords',
          Blob: Buffer.from('Reset a password from the sign-in page. The reset link expires after an hour.').toString('base64'),
          ContentType: 'PLAIN_TEXT',
        },
        {
          Id: 'vacation',
          Title: 'Vacation policy',
          Blob: Buffer.from('Employees get twenty days of vacation a year.').toString('base64'),
          ContentType: 'PLAIN_TEXT',
        },
        { Id: 'release-notes', Title: 'Release notes', Blob: Buffer.from('Version two adds dark mode.').toString('base64'), ContentType: 'PLAIN_TEXT' },
      ]),
    );
    assert.deepEqual(json(await search('document', 'put', '--documents', `file://${documents}`)).FailedDocuments, []);
  });
  after(() => t?.close());

  it('retrieve prints passages of the matching documents, and pages with --page-size', async () => {
    const result = json(await search('retrieve', '--query-text', 'reset password'));
    assert.equal(typeof result.QueryId, 'string');
    assert.equal(result.ResultItems[0].DocumentId, 'password');
    assert.equal(result.ResultItems[0].DocumentTitle, 'Passwords');
    assert.match(result.ResultItems[0].Content, /Reset a password/);
    const text = await search('retrieve', '--query-text', 'vacation', '--page-size', '1', '--query', 'ResultItems[].Content', '--output', 'text');
    assert.equal(text.code, 0, text.stderr);
    assert.equal(text.stdout, 'Employees get twenty days of vacation a year.\n');
  });

  it('document status reports indexed and unknown documents', async () => {
    const result = json(await search('document', 'status', '--document-info-list', '[{"DocumentId":"password"},{"DocumentId":"missing"}]'));
    assert.deepEqual(
      result.DocumentStatusList.map((entry: { DocumentId: string; DocumentStatus: string }) => [entry.DocumentId, entry.DocumentStatus]),
      [
        ['password', 'INDEXED'],
        ['missing', 'NOT_FOUND'],
      ],
    );
    assert.deepEqual(result.Errors, []);
    const bad = await search(
      'document',
      'status',
      '--document-info-list',
      '[{"DocumentId":"password","Attributes":[{"Key":"_color","Value":{"StringValue":"red"}}]}]',
    );
    assert.equal(bad.code, 0, bad.stderr);
    assert.match(JSON.parse(bad.stdout).Errors[0].ErrorMessage, /_color does not identify a document version/);
  });

  it('suggestion config update, get and clear: suggestions learned from queries, then forgotten', async () => {
    const updated = await search('suggestion', 'config', 'update', '--minimum-query-count', '1', '--minimum-number-of-querying-users', '1', '--wait');
    assert.equal(updated.code, 0, updated.stderr);
    const config = json(await search('suggestion', 'config', 'describe'));
    assert.equal(config.Status, 'ACTIVE');
    assert.equal(config.MinimumQueryCount, 1);
    assert.equal(config.MinimumNumberOfQueryingUsers, 1);
    json(await search('query', '--query-text', 'password reset'));
    const texts = async () => json(await search('suggestion', 'get', '--query-text', 'pass')).Suggestions.map((entry: any) => entry.Value.Text.Text);
    assert.deepEqual(await texts(), ['password reset']);
    assert.equal((await search('suggestion', 'clear')).code, 0);
    assert.deepEqual(await texts(), []);
  });

  it('suggestion block-list create, describe, list, update and delete', async () => {
    t.putS3Object('lists', 'blocked.txt', 'secret project\nlayoffs\n');
    t.putS3Object('lists', 'blocked-v2.txt', 'secret project\n');
    const created = json(
      await search('suggestion', 'block-list', 'create', '--name', 'blocked', '--source-s3-path', 'Bucket=lists,Key=blocked.txt', '--role-arn', ROLE, '--wait'),
    );
    const described = json(await search('suggestion', 'block-list', 'describe', '--id', created.Id));
    assert.equal(described.Name, 'blocked');
    assert.equal(described.Status, 'ACTIVE');
    assert.equal(described.ItemCount, 2);
    const listed = json(await search('suggestion', 'block-list', 'list'));
    assert.deepEqual(
      listed.BlockListSummaryItems.map((item: { Id: string }) => item.Id),
      [created.Id],
    );
    const updated = await search('suggestion', 'block-list', 'update', '--id', created.Id, '--source-s3-path', 'Bucket=lists,Key=blocked-v2.txt', '--wait');
    assert.equal(updated.code, 0, updated.stderr);
    assert.equal(json(await search('suggestion', 'block-list', 'describe', '--id', created.Id)).ItemCount, 1);
    const deleted = await search('suggestion', 'block-list', 'delete', '--id', created.Id, '--wait');
    assert.equal(deleted.code, 0, deleted.stderr);
    const gone = await search('suggestion', 'block-list', 'describe', '--id', created.Id);
    assert.equal(gone.code, 254);
    assert.match(gone.stderr, /ResourceNotFoundException/);
  });

  it('featured-results create, describe, update, list (paged like every list) and delete', async () => {
    const created = json(
      await search(
        'featured-results',
        'create',
        '--featured-results-set-name',
        'releases',
        '--query-texts',
        'what is new',
        '--featured-documents',
        'Id=release-notes',
        '--status',
        'ACTIVE',
      ),
    );
    const setId: string = created.FeaturedResultsSet.FeaturedResultsSetId;
    const featured = json(await search('query', '--query-text', 'What is  NEW'));
    assert.deepEqual(
      featured.FeaturedResultsItems.map((item: { DocumentId: string }) => item.DocumentId),
      ['release-notes'],
    );
    const described = json(await search('featured-results', 'describe', '--featured-results-set-id', setId));
    assert.deepEqual(described.QueryTexts, ['what is new']);
    assert.equal(described.Status, 'ACTIVE');
    json(await search('featured-results', 'update', '--featured-results-set-id', setId, '--status', 'INACTIVE'));
    assert.equal(json(await search('featured-results', 'describe', '--featured-results-set-id', setId)).Status, 'INACTIVE');

    const others = [];
    for (const name of ['second', 'third'])
      others.push(json(await search('featured-results', 'create', '--featured-results-set-name', name)).FeaturedResultsSet.FeaturedResultsSetId);
    const names = (result: any) => result.FeaturedResultsSetSummaryItems.map((item: { FeaturedResultsSetName: string }) => item.FeaturedResultsSetName).sort();
    const all = json(await search('featured-results', 'list'));
    assert.deepEqual(names(all), ['releases', 'second', 'third']);
    assert.deepEqual(json(await search('featured-results', 'list', '--page-size', '1')), all, 'pages of one merged into the same result');
    const first = json(await search('featured-results', 'list', '--max-items', '2', '--page-size', '1'));
    assert.equal(first.FeaturedResultsSetSummaryItems.length, 2);
    assert.equal(typeof first.NextToken, 'string');
    const rest = json(await search('featured-results', 'list', '--starting-token', first.NextToken, '--page-size', '1'));
    assert.deepEqual([...names(first), ...names(rest)].sort(), names(all));

    const deleted = json(await search('featured-results', 'delete', '--featured-results-set-ids', setId, ...others));
    assert.deepEqual(deleted.Errors, []);
    assert.deepEqual(json(await search('featured-results', 'list')).FeaturedResultsSetSummaryItems, []);
  });
});
