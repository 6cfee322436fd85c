import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { activeIndex, clientDoc, searchClient, serviceError, startTestService, type TestService } from './support.js';

/** The id of a set that does not exist. */
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('local search service: featured results sets', function () {
  let dataDir: string;
  let service: TestService;
  let client: SearchClient;
  let index: string;
  const connect = (started: TestService) => searchClient(started.service.endpoint);

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'nimbus-featured-'));
    service = await startTestService({ dataDir });
    client = connect(service);
    index = await activeIndex(service.service.endpoint);
    await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [
        clientDoc('handbook', 'Employee handbook', 'The handbook covers holidays, expenses and the dress code.', {
          _category: 'hr',
          _source_uri: 'https://intranet.example/handbook',
        }),
        clientDoc('holidays', 'Holiday calendar', 'Public holidays for the year ahead.'),
        clientDoc('canteen', 'Canteen menu', 'Soup of the day and holiday specials.'),
      ],
    });
  });
  after(async () => {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let setId: string;

  it('creates a set and features its documents above the results of a query that is one of its query texts', async () => {
    const created = await client.createFeaturedResultsSetAsync({
      IndexId: index,
      FeaturedResultsSetName: 'HR basics',
      Description: 'What new starters look for',
      QueryTexts: ['holiday policy', 'Dress Code'],
      FeaturedDocuments: [{ Id: 'handbook' }, { Id: 'not-indexed' }, { Id: 'holidays' }],
      Tags: [{ Key: 'owner', Value: 'hr' }],
    });
    const set = created.FeaturedResultsSet!;
    setId = set.FeaturedResultsSetId!;
    assert.equal(set.FeaturedResultsSetName, 'HR basics');
    assert.equal(set.Status, 'ACTIVE');
    assert.deepEqual(set.QueryTexts, ['holiday policy', 'Dress Code']);
    assert.deepEqual(set.FeaturedDocuments, [{ Id: 'handbook' }, { Id: 'not-indexed' }, { Id: 'holidays' }]);
    assert.equal(typeof set.CreationTimestamp, 'number');
    assert.equal(set.LastUpdatedTimestamp, set.CreationTimestamp);

    const answer = await client.queryAsync({ IndexId: index, QueryText: '  HOLIDAY   policy ' });
    const featured = answer.FeaturedResultsItems!;
    assert.deepEqual(
      featured.map((item) => item.DocumentId),
      ['handbook', 'holidays'],
      'documents not in the index are left out',
    );
    const [handbook] = featured;
    assert.equal(handbook!.Type, 'DOCUMENT');
    assert.equal(handbook!.DocumentTitle!.Text, 'Employee handbook');
    assert.match(handbook!.DocumentExcerpt!.Text!, /handbook covers holidays/);
    assert.equal(handbook!.DocumentURI, 'https://intranet.example/handbook');
    assert.deepEqual(
      handbook!.DocumentAttributes!.find((attribute) => attribute.Key === '_category'),
      { Key: '_category', Value: { StringValue: 'hr' } },
    );
    assert.ok(handbook!.Id!.startsWith(answer.QueryId!));
    assert.ok(handbook!.FeedbackToken);
    await client.submitFeedbackAsync({ IndexId: index, QueryId: answer.QueryId!, ClickFeedbackItems: [{ ResultId: handbook!.Id!, ClickTime: new Date() }] });

    assert.equal((await client.queryAsync({ IndexId: index, QueryText: 'holiday' })).FeaturedResultsItems, undefined, 'the whole query must match');
    assert.equal(
      (await client.queryAsync({ IndexId: index, QueryText: 'holiday policy', PageNumber: 2 })).FeaturedResultsItems,
      undefined,
      'only the first page',
    );
    assert.equal((await client.queryAsync({ IndexId: index, QueryText: 'dress code' })).FeaturedResultsItems!.length, 2);
  });

  it('describes a set with the featured documents found and missing, and lists sets in pages', async () => {
    const described = await client.describeFeaturedResultsSetAsync({ IndexId: index, FeaturedResultsSetId: setId });
    assert.deepEqual(described.FeaturedDocumentsWithMetadata, [
      { Id: 'handbook', Title: 'Employee handbook', URI: 'https://intranet.example/handbook' },
      { Id: 'holidays', Title: 'Holiday calendar' },
    ]);
    assert.deepEqual(described.FeaturedDocumentsMissing, [{ Id: 'not-indexed' }]);
    assert.equal(described.Description, 'What new starters look for');

    const second = (
      await client.createFeaturedResultsSetAsync({
        IndexId: index,
        FeaturedResultsSetName: 'Canteen',
        Status: 'INACTIVE',
        QueryTexts: ['lunch'],
        FeaturedDocuments: [{ Id: 'canteen' }],
      })
    ).FeaturedResultsSet!;
    const first = await client.listFeaturedResultsSetsAsync({ IndexId: index, MaxResults: 1 });
    assert.deepEqual(
      first.FeaturedResultsSetSummaryItems!.map((item) => item.FeaturedResultsSetName),
      ['HR basics'],
    );
    const rest = await client.listFeaturedResultsSetsAsync({ IndexId: index, NextToken: first.NextToken! });
    assert.deepEqual(
      rest.FeaturedResultsSetSummaryItems!.map((item) => [item.FeaturedResultsSetId, item.Status]),
      [[second.FeaturedResultsSetId, 'INACTIVE']],
    );
    assert.equal(rest.NextToken, undefined);
    assert.equal((await client.queryAsync({ IndexId: index, QueryText: 'lunch' })).FeaturedResultsItems, undefined, 'an INACTIVE set features nothing');

    const missing = await serviceError(client.describeFeaturedResultsSetAsync({ IndexId: index, FeaturedResultsSetId: MISSING }));
    assert.equal(missing.code, 'ResourceNotFoundException');
  });

  it('refuses a query text another set already uses, naming the conflicting set', async () => {
    const conflict = await serviceError(
      client.createFeaturedResultsSetAsync({
        IndexId: index,
        FeaturedResultsSetName: 'Copy',
        QueryTexts: ['new query', 'DRESS code'],
        FeaturedDocuments: [{ Id: 'canteen' }],
      }),
    );
    assert.equal(conflict.code, 'FeaturedResultsConflictException');
    assert.deepEqual(conflict.fields['ConflictingItems'], [{ QueryText: 'DRESS code', SetName: 'HR basics', SetId: setId }]);
    const listed = await client.listFeaturedResultsSetsAsync({ IndexId: index });
    const canteen = listed.FeaturedResultsSetSummaryItems!.find((item) => item.FeaturedResultsSetName === 'Canteen')!;
    const inactiveConflict = await serviceError(
      client.updateFeaturedResultsSetAsync({ IndexId: index, FeaturedResultsSetId: setId, QueryTexts: ['holiday policy', 'lunch'] }),
    );
    assert.equal(inactiveConflict.code, 'FeaturedResultsConflictException', 'query texts are unique across sets whatever their status');
    assert.deepEqual(inactiveConflict.fields['ConflictingItems'], [{ QueryText: 'lunch', SetName: 'Canteen', SetId: canteen.FeaturedResultsSetId }]);

    const tooMany = await serviceError(
      client.createFeaturedResultsSetAsync({
        IndexId: index,
        FeaturedResultsSetName: 'Many',
        FeaturedDocuments: [{ Id: 'a' }, { Id: 'b' }, { Id: 'c' }, { Id: 'd' }, { Id: 'e' }],
      }),
    );
    assert.equal(tooMany.code, 'ValidationException');
    assert.match(tooMany.message, /at most 4 documents/);
  });

  it('updates a set, which applies at once, and keeps sets and their tags across a restart', async () => {
    const updated = await client.updateFeaturedResultsSetAsync({
      IndexId: index,
      FeaturedResultsSetId: setId,
      QueryTexts: ['what to wear'],
      FeaturedDocuments: [{ Id: 'canteen' }],
    });
    assert.deepEqual(updated.FeaturedResultsSet!.QueryTexts, ['what to wear']);
    assert.equal(updated.FeaturedResultsSet!.FeaturedResultsSetName, 'HR basics');
    assert.ok(updated.FeaturedResultsSet!.LastUpdatedTimestamp! >= updated.FeaturedResultsSet!.CreationTimestamp!);
    assert.equal((await client.queryAsync({ IndexId: index, QueryText: 'dress code' })).FeaturedResultsItems, undefined);

    await service.service.close();
    service = await startTestService({ dataDir });
    client = connect(service);
    assert.deepEqual(
      (await client.queryAsync({ IndexId: index, QueryText: 'What to wear' })).FeaturedResultsItems!.map((item) => item.DocumentId),
      ['canteen'],
    );
    const arn = `arn:aws:kendra:us-east-1:000000000000:index/${index}/featured-results-set/${setId}`;
    assert.deepEqual((await client.listTagsForResourceAsync({ ResourceARN: arn })).Tags, [{ Key: 'owner', Value: 'hr' }]);
    await client.tagResourceAsync({ ResourceARN: arn, Tags: [{ Key: 'stage', Value: 'test' }] });
    assert.equal((await client.listTagsForResourceAsync({ ResourceARN: arn })).Tags!.length, 2);
  });

  it('features only the documents the querying user may see', async () => {
    await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [
        { ...clientDoc('salaries', 'Salary bands', 'Salary bands by grade.'), AccessControlList: [{ Name: 'hr-team', Type: 'GROUP', Access: 'ALLOW' }] },
      ],
    });
    await client.createFeaturedResultsSetAsync({
      IndexId: index,
      FeaturedResultsSetName: 'Pay',
      QueryTexts: ['pay'],
      FeaturedDocuments: [{ Id: 'salaries' }, { Id: 'holidays' }],
    });
    const featured = async (Groups?: string[]) =>
      (await client.queryAsync({ IndexId: index, QueryText: 'pay', ...(Groups ? { UserContext: { UserId: 'ann', Groups } } : {}) })).FeaturedResultsItems!.map(
        (item) => item.DocumentId,
      );
    assert.deepEqual(await featured(['sales']), ['holidays']);
    assert.deepEqual(await featured(['hr-team']), ['salaries', 'holidays']);
  });

  it('deletes sets in a batch, reporting the ids it could not delete', async () => {
    const result = await client.batchDeleteFeaturedResultsSetAsync({ IndexId: index, FeaturedResultsSetIds: [setId, MISSING] });
    assert.deepEqual(result.Errors, [
      { Id: MISSING, ErrorCode: 'InvalidRequest', ErrorMessage: `Featured results set ${MISSING} does not exist in index ${index}.` },
    ]);
    assert.equal(
      (await serviceError(client.describeFeaturedResultsSetAsync({ IndexId: index, FeaturedResultsSetId: setId }))).code,
      'ResourceNotFoundException',
    );
    assert.equal((await client.queryAsync({ IndexId: index, QueryText: 'what to wear' })).FeaturedResultsItems, undefined);
    const arn = `arn:aws:kendra:us-east-1:000000000000:index/${index}/featured-results-set/${setId}`;
    assert.equal((await serviceError(client.listTagsForResourceAsync({ ResourceARN: arn }))).code, 'ResourceUnavailableException');
    const reused = await client.createFeaturedResultsSetAsync({ IndexId: index, FeaturedResultsSetName: 'Reuse', QueryTexts: ['what to wear'] });
    assert.equal(reused.FeaturedResultsSet!.Status, 'ACTIVE', 'the query text of a deleted set is free again');
    const noIndex = await serviceError(client.batchDeleteFeaturedResultsSetAsync({ IndexId: 'f'.repeat(36), FeaturedResultsSetIds: [MISSING] }));
    assert.equal(noIndex.code, 'ResourceNotFoundException');
  });
});
