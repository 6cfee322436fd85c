import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceException } from '../../../src/lib/errors/service-exception.js';
import type { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { activeIndex, clientDoc, searchClient, serviceError, startTestService, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('local search service: query suggestions', function () {
  let dataDir: string;
  let service: TestService;
  let client: SearchClient;
  let index: string;

  const put = (key: string, contents: string) => {
    const path = join(service.s3Dir, 'lists', key);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, contents);
  };
  const connect = (started: TestService) => searchClient(started.service.endpoint);
  const search = (QueryText: string, UserId?: string) => client.queryAsync({ IndexId: index, QueryText, ...(UserId ? { UserContext: { UserId } } : {}) });
  const suggest = async (QueryText: string, extra: Record<string, unknown> = {}) =>
    (await client.getQuerySuggestionsAsync({ IndexId: index, QueryText, ...extra })).Suggestions!.map((entry) => entry.Value!.Text!.Text);
  const settled = () =>
    until(async () => {
      const config = await client.describeQuerySuggestionsConfigAsync({ IndexId: index });
      return config.Status === 'ACTIVE' ? config : undefined;
    });
  const configure = async (input: Record<string, unknown>) => {
    await client.updateQuerySuggestionsConfigAsync({ IndexId: index, ...input });
    return settled();
  };

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'nimbus-suggest-'));
    service = await startTestService({ dataDir });
    client = connect(service);
    index = await activeIndex(service.service.endpoint);
    await client.updateIndexAsync({
      Id: index,
      DocumentMetadataConfigurationUpdates: [
        { Name: 'team', Type: 'STRING_VALUE' },
        { Name: 'tags', Type: 'STRING_LIST_VALUE' },
      ],
    });
    await until(async () => (await client.describeIndexAsync({ Id: index })).Status === 'ACTIVE');
    await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [
        clientDoc('leave', 'Annual leave policy', 'Annual leave is twenty-five days a year.', { team: 'People operations', tags: ['holiday', 'policy'] }),
        clientDoc('expenses', 'Travel expenses', 'Travel expenses are approved by your manager.', { team: 'Finance', tags: ['travel'] }),
        clientDoc('parking', 'Parking permits', 'Parking permits are issued by facilities.', { team: 'Facilities' }),
      ],
    });
  });
  after(async () => {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('describes the documented default settings of an index that never changed them', async () => {
    const config = await client.describeQuerySuggestionsConfigAsync({ IndexId: index });
    assert.equal(config.Mode, 'ENABLED');
    assert.equal(config.Status, 'ACTIVE');
    assert.equal(config.QueryLogLookBackWindowInDays, 180);
    assert.equal(config.IncludeQueriesWithoutUserInformation, true);
    assert.equal(config.MinimumNumberOfQueryingUsers, 3);
    assert.equal(config.MinimumQueryCount, 5);
    assert.equal(config.TotalSuggestionsCount, 0);
    assert.equal(config.LastClearTime, undefined);
    assert.deepEqual(config.AttributeSuggestionsConfig, { SuggestableConfigList: [], AttributeSuggestionsMode: 'ACTIVE' });
    const missing = await serviceError(client.describeQuerySuggestionsConfigAsync({ IndexId: 'f'.repeat(36) }));
    assert.equal(missing.code, 'ResourceNotFoundException');
  });

  it('suggests logged queries that start with the typed text once they were searched MinimumQueryCount times', async () => {
    for (let n = 0; n < 5; n += 1) await search('Annual   leave policy', `user-${n % 2}`);
    for (let n = 0; n < 4; n += 1) await search('annual leave carry over', 'user-0');
    for (let n = 0; n < 6; n += 1) await search('anniversary xylophone');
    assert.deepEqual(await suggest('ANN'), ['annual leave policy'], 'four searches are one too few; a query without results never counts');

    const result = await client.getQuerySuggestionsAsync({ IndexId: index, QueryText: 'annual l' });
    assert.equal(result.Suggestions!.length, 1);
    assert.deepEqual(result.Suggestions![0]!.Value!.Text, { Text: 'annual leave policy', Highlights: [{ BeginOffset: 0, EndOffset: 8 }] });
    assert.match(result.QuerySuggestionsId!, /^[0-9a-f-]{36}$/);
    assert.deepEqual(await suggest('leave'), [], 'only prefixes match');
    assert.deepEqual(await suggest('a'), [], 'one typed character is too few');
    assert.deepEqual(await suggest(`annual ${'x'.repeat(60)}`), [], 'over 60 typed characters is too many');

    const config = await configure({ MinimumQueryCount: 4 });
    assert.equal(config.MinimumQueryCount, 4);
    assert.equal(config.TotalSuggestionsCount, 2);
    assert.ok(config.LastSuggestionsBuildTime instanceof Date);
    assert.deepEqual(await suggest('annual'), ['annual leave policy', 'annual leave carry over'], 'most searched first');
    assert.deepEqual(await suggest('annual', { MaxSuggestionsCount: 1 }), ['annual leave policy']);
  });

  it('counts users when only queries with user information count, and turns suggestions off in LEARN_ONLY mode', async () => {
    let config = await configure({ IncludeQueriesWithoutUserInformation: false, MinimumNumberOfQueryingUsers: 2 });
    assert.equal(config.IncludeQueriesWithoutUserInformation, false);
    assert.deepEqual(await suggest('annual'), ['annual leave policy'], '"carry over" was searched by one user only');
    config = await configure({ Mode: 'LEARN_ONLY' });
    assert.equal(config.Mode, 'LEARN_ONLY');
    assert.deepEqual(await suggest('annual'), []);
    config = await configure({ Mode: 'ENABLED', IncludeQueriesWithoutUserInformation: true });
    assert.deepEqual(await suggest('annual'), ['annual leave policy', 'annual leave carry over']);
  });

  it('refuses settings it cannot hold', async () => {
    const noDays = await serviceError(client.updateQuerySuggestionsConfigAsync({ IndexId: index, QueryLogLookBackWindowInDays: 0 }));
    assert.equal(noDays.code, 'ValidationException');
    const badField = await serviceError(
      client.updateQuerySuggestionsConfigAsync({
        IndexId: index,
        AttributeSuggestionsConfig: { SuggestableConfigList: [{ AttributeName: '_view_count', Suggestable: true }] },
      }),
    );
    assert.equal(badField.code, 'ValidationException');
    assert.match(badField.message, /_view_count/);
  });

  it('stores a block list read from the S3 folder and leaves out suggestions containing its phrases', async () => {
    put('block.txt', 'Carry Over\n\nforbidden\n');
    const { Id } = await client.createQuerySuggestionsBlockListAsync({
      IndexId: index,
      Name: 'block-list',
      Description: 'words we never suggest',
      RoleArn: ROLE,
      SourceS3Path: { Bucket: 'lists', Key: 'block.txt' },
      Tags: [{ Key: 'team', Value: 'search' }],
    });
    const described = await until(async () => {
      const answer = await client.describeQuerySuggestionsBlockListAsync({ IndexId: index, Id: Id! });
      return answer.Status === 'ACTIVE' ? answer : undefined;
    });
    assert.equal(described.Name, 'block-list');
    assert.equal(described.Description, 'words we never suggest');
    assert.equal(described.ItemCount, 2);
    assert.equal(described.FileSizeBytes, Buffer.byteLength('Carry Over\n\nforbidden\n'));
    assert.deepEqual(described.SourceS3Path, { Bucket: 'lists', Key: 'block.txt' });
    assert.equal(described.RoleArn, ROLE);
    assert.deepEqual(await suggest('annual'), ['annual leave policy']);
    assert.equal((await client.describeQuerySuggestionsConfigAsync({ IndexId: index })).TotalSuggestionsCount, 1);

    const arn = `arn:aws:kendra:us-east-1:000000000000:index/${index}/query-suggestions-block-list/${Id}`;
    assert.deepEqual((await client.listTagsForResourceAsync({ ResourceARN: arn })).Tags, [{ Key: 'team', Value: 'search' }]);
    await client.tagResourceAsync({ ResourceARN: arn, Tags: [{ Key: 'stage', Value: 'test' }] });
    assert.equal((await client.listTagsForResourceAsync({ ResourceARN: arn })).Tags!.length, 2);

    const second = await serviceError(
      client.createQuerySuggestionsBlockListAsync({ IndexId: index, Name: 'another', RoleArn: ROLE, SourceS3Path: { Bucket: 'lists', Key: 'block.txt' } }),
    );
    assert.equal(second.code, 'ServiceQuotaExceededException');
    const listed = await client.listQuerySuggestionsBlockListsAsync({ IndexId: index, MaxResults: 1 });
    assert.deepEqual(
      listed.BlockListSummaryItems!.map((item) => [item.Id, item.Name, item.Status, item.ItemCount]),
      [[Id, 'block-list', 'ACTIVE', 2]],
    );
    assert.equal(listed.NextToken, undefined);
  });

  it('updates a block list from a new file, and keeps its phrases when the new file cannot be read', async () => {
    const [{ Id }] = (await client.listQuerySuggestionsBlockListsAsync({ IndexId: index })).BlockListSummaryItems! as Array<{ Id: string }>;
    put('block-2.txt', 'policy\n');
    await client.updateQuerySuggestionsBlockListAsync({ IndexId: index, Id, Name: 'renamed', SourceS3Path: { Bucket: 'lists', Key: 'block-2.txt' } });
    const active = await until(async () => {
      const answer = await client.describeQuerySuggestionsBlockListAsync({ IndexId: index, Id });
      return answer.Status === 'ACTIVE' ? answer : undefined;
    });
    assert.equal(active.Name, 'renamed');
    assert.equal(active.ItemCount, 1);
    assert.deepEqual(await suggest('annual'), ['annual leave carry over']);

    await client.updateQuerySuggestionsBlockListAsync({ IndexId: index, Id, SourceS3Path: { Bucket: 'lists', Key: 'missing.txt' } });
    const failed = await until(async () => {
      const answer = await client.describeQuerySuggestionsBlockListAsync({ IndexId: index, Id });
      return answer.Status !== 'UPDATING' ? answer : undefined;
    });
    assert.equal(failed.Status, 'ACTIVE_BUT_UPDATE_FAILED');
    assert.match(failed.ErrorMessage!, /s3:\/\/lists\/missing\.txt/);
    assert.equal(failed.ItemCount, 1);
    assert.deepEqual(await suggest('annual'), ['annual leave carry over'], 'the phrases read before still block');

    await client.deleteQuerySuggestionsBlockListAsync({ IndexId: index, Id });
    await until(() =>
      client.describeQuerySuggestionsBlockListAsync({ IndexId: index, Id }).then(
        () => false,
        (error: ServiceException) => error.code === 'ResourceNotFoundException',
      ),
    );
    assert.deepEqual(await suggest('annual'), ['annual leave policy', 'annual leave carry over']);
    assert.equal((await serviceError(client.deleteQuerySuggestionsBlockListAsync({ IndexId: index, Id }))).code, 'ResourceNotFoundException');
  });

  it('fails a block list whose file cannot be read, with the reason', async () => {
    const { Id } = await client.createQuerySuggestionsBlockListAsync({
      IndexId: index,
      Name: 'broken',
      RoleArn: ROLE,
      SourceS3Path: { Bucket: 'lists', Key: 'nope.txt' },
    });
    const failed = await until(async () => {
      const answer = await client.describeQuerySuggestionsBlockListAsync({ IndexId: index, Id: Id! });
      return answer.Status !== 'CREATING' ? answer : undefined;
    });
    assert.equal(failed.Status, 'FAILED');
    assert.match(failed.ErrorMessage!, /nope\.txt/);
    await client.deleteQuerySuggestionsBlockListAsync({ IndexId: index, Id: Id! });
  });

  it('suggests values of suggestable document fields with their source documents', async () => {
    const none = await client.getQuerySuggestionsAsync({ IndexId: index, QueryText: 'tra', SuggestionTypes: ['DOCUMENT_ATTRIBUTES'] });
    assert.deepEqual(none.Suggestions, [], 'no field is suggestable by default');
    const config = await configure({
      AttributeSuggestionsConfig: {
        SuggestableConfigList: [
          { AttributeName: '_document_title', Suggestable: true },
          { AttributeName: 'tags', Suggestable: true },
        ],
      },
    });
    assert.deepEqual(config.AttributeSuggestionsConfig!.SuggestableConfigList, [
      { AttributeName: '_document_title', Suggestable: true },
      { AttributeName: 'tags', Suggestable: true },
    ]);
    const travel = await client.getQuerySuggestionsAsync({
      IndexId: index,
      QueryText: 'Tra',
      SuggestionTypes: ['DOCUMENT_ATTRIBUTES'],
      AttributeSuggestionsConfig: { AdditionalResponseAttributes: ['team'] },
    });
    assert.deepEqual(
      travel.Suggestions!.map((entry) => entry.Value!.Text),
      [
        { Text: 'travel', Highlights: [{ BeginOffset: 0, EndOffset: 3 }] },
        { Text: 'Travel expenses', Highlights: [{ BeginOffset: 0, EndOffset: 3 }] },
      ],
    );
    assert.deepEqual(travel.Suggestions![1]!.SourceDocuments, [
      { DocumentId: 'expenses', SuggestionAttributes: ['_document_title'], AdditionalAttributes: [{ Key: 'team', Value: { StringValue: 'Finance' } }] },
    ]);
    const permits = await client.getQuerySuggestionsAsync({ IndexId: index, QueryText: 'permits', SuggestionTypes: ['DOCUMENT_ATTRIBUTES'] });
    assert.deepEqual(
      permits.Suggestions!.map((entry) => entry.Value!.Text),
      [{ Text: 'Parking permits', Highlights: [{ BeginOffset: 8, EndOffset: 15 }] }],
    );
    const filtered = await client.getQuerySuggestionsAsync({
      IndexId: index,
      QueryText: 'pol',
      SuggestionTypes: ['DOCUMENT_ATTRIBUTES'],
      AttributeSuggestionsConfig: { SuggestionAttributes: ['tags'], AttributeFilter: { EqualsTo: { Key: 'team', Value: { StringValue: 'Finance' } } } },
    });
    assert.deepEqual(filtered.Suggestions, []);
    const notSuggestable = await serviceError(
      client.getQuerySuggestionsAsync({
        IndexId: index,
        QueryText: 'fin',
        SuggestionTypes: ['DOCUMENT_ATTRIBUTES'],
        AttributeSuggestionsConfig: { SuggestionAttributes: ['team'] },
      }),
    );
    assert.equal(notSuggestable.code, 'ValidationException');
    const shortButWrong = await serviceError(
      client.getQuerySuggestionsAsync({
        IndexId: index,
        QueryText: 'f',
        SuggestionTypes: ['DOCUMENT_ATTRIBUTES'],
        AttributeSuggestionsConfig: { SuggestionAttributes: ['team'] },
      }),
    );
    assert.equal(shortButWrong.code, 'ValidationException', 'the request is checked even when the typed text is too short for suggestions');
    await configure({ AttributeSuggestionsConfig: { AttributeSuggestionsMode: 'INACTIVE' } });
    assert.deepEqual((await client.getQuerySuggestionsAsync({ IndexId: index, QueryText: 'tra', SuggestionTypes: ['DOCUMENT_ATTRIBUTES'] })).Suggestions, []);
    await configure({ AttributeSuggestionsConfig: { AttributeSuggestionsMode: 'ACTIVE' } });
  });

  it('keeps the settings, block lists and query log across a restart, and forgets suggestions when cleared', async () => {
    put('restart.txt', 'zebra\n');
    const { Id } = await client.createQuerySuggestionsBlockListAsync({
      IndexId: index,
      Name: 'kept',
      RoleArn: ROLE,
      SourceS3Path: { Bucket: 'lists', Key: 'restart.txt' },
    });
    await service.service.close();
    service = await startTestService({ dataDir });
    client = connect(service);
    const config = await client.describeQuerySuggestionsConfigAsync({ IndexId: index });
    assert.equal(config.MinimumQueryCount, 4);
    assert.equal(config.TotalSuggestionsCount, 2);
    assert.equal((await client.describeQuerySuggestionsBlockListAsync({ IndexId: index, Id: Id! })).Name, 'kept');
    assert.deepEqual(await suggest('annual'), ['annual leave policy', 'annual leave carry over']);
    assert.equal(
      (await client.getQuerySuggestionsAsync({ IndexId: index, QueryText: 'trav', SuggestionTypes: ['DOCUMENT_ATTRIBUTES'] })).Suggestions!.length,
      2,
    );

    await client.clearQuerySuggestionsAsync({ IndexId: index });
    const cleared = await client.describeQuerySuggestionsConfigAsync({ IndexId: index });
    assert.ok(cleared.LastClearTime instanceof Date);
    assert.equal(cleared.TotalSuggestionsCount, 0);
    assert.deepEqual(await suggest('annual'), []);
    for (let n = 0; n < 4; n += 1) await search('annual leave policy');
    assert.deepEqual(await suggest('annual'), ['annual leave policy'], 'queries after the clear count again');
    assert.equal((await serviceError(client.clearQuerySuggestionsAsync({ IndexId: 'f'.repeat(36) }))).code, 'ResourceNotFoundException');
  });
});

describe('local search service: query suggestion resources while they are busy', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;
  let offsetMs = 0;
  /** Moves the service's clock past the 60 seconds a change keeps a resource busy. */
  const later = () => {
    offsetMs += 61_000;
  };

  before(async () => {
    service = await startTestService({ createDelay: 60, now: () => new Date(Date.now() + offsetMs) });
    client = searchClient(service.service.endpoint);
    index = (await client.createIndexAsync({ Name: 'busy', RoleArn: ROLE })).Id!;
    later();
    mkdirSync(join(service.s3Dir, 'lists'), { recursive: true });
    writeFileSync(join(service.s3Dir, 'lists', 'block.txt'), 'one\ntwo\n');
  });
  after(() => service.stop());

  it('answers UPDATING settings and refuses a second update until the first is done', async () => {
    await client.updateQuerySuggestionsConfigAsync({ IndexId: index, MinimumQueryCount: 3 });
    assert.equal((await client.describeQuerySuggestionsConfigAsync({ IndexId: index })).Status, 'UPDATING');
    const busy = await serviceError(client.updateQuerySuggestionsConfigAsync({ IndexId: index, MinimumQueryCount: 2 }));
    assert.equal(busy.code, 'ConflictException');
    later();
    assert.equal((await client.describeQuerySuggestionsConfigAsync({ IndexId: index })).Status, 'ACTIVE');
    await client.updateQuerySuggestionsConfigAsync({ IndexId: index, MinimumQueryCount: 2 });
    later();
    assert.equal((await client.describeQuerySuggestionsConfigAsync({ IndexId: index })).MinimumQueryCount, 2);
  });

  it('keeps a block list CREATING, then UPDATING, refusing updates meanwhile, and DELETING before it is gone', async () => {
    const { Id } = await client.createQuerySuggestionsBlockListAsync({
      IndexId: index,
      Name: 'busy',
      RoleArn: ROLE,
      SourceS3Path: { Bucket: 'lists', Key: 'block.txt' },
    });
    const status = async () => (await client.describeQuerySuggestionsBlockListAsync({ IndexId: index, Id: Id! })).Status;
    assert.equal(await status(), 'CREATING');
    assert.equal((await serviceError(client.updateQuerySuggestionsBlockListAsync({ IndexId: index, Id: Id!, Name: 'renamed' }))).code, 'ConflictException');
    later();
    assert.equal(await status(), 'ACTIVE');
    await client.updateQuerySuggestionsBlockListAsync({ IndexId: index, Id: Id!, Name: 'renamed' });
    assert.equal(await status(), 'UPDATING');
    later();
    await client.deleteQuerySuggestionsBlockListAsync({ IndexId: index, Id: Id! });
    assert.equal(await status(), 'DELETING');
    later();
    assert.equal((await serviceError(status())).code, 'ResourceNotFoundException');
    assert.deepEqual((await client.listQuerySuggestionsBlockListsAsync({ IndexId: index })).BlockListSummaryItems, []);
  });
});
