import { strict as assert } from 'node:assert';
import { activeIndex, call, ok, startTestService, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('local search service: indices and tags', function () {
  let service: TestService;
  let endpoint: string;

  before(async () => {
    service = await startTestService({ accountId: '123456789012' });
    endpoint = service.service.endpoint;
  });
  after(async () => service.stop());

  it('creates an index CREATING, ACTIVE after the create delay, with reserved fields and statistics', async () => {
    const { Id } = await ok(endpoint, 'CreateIndex', { Name: 'lifecycle', RoleArn: ROLE, Description: 'first', Edition: 'DEVELOPER_EDITION' });
    assert.match(Id, /^[0-9a-f-]{36}$/);
    const creating = await ok(endpoint, 'DescribeIndex', { Id });
    assert.equal(creating.Status, 'CREATING');
    assert.equal(creating.Edition, 'DEVELOPER_EDITION');
    assert.equal(creating.CapacityUnits, undefined);
    assert.equal(creating.UserContextPolicy, 'ATTRIBUTE_FILTER');
    assert.ok(creating.DocumentMetadataConfigurations.some((field: any) => field.Name === '_view_count' && field.Type === 'LONG_VALUE'));
    assert.deepEqual(creating.IndexStatistics, {
      FaqStatistics: { IndexedQuestionAnswersCount: 0 },
      TextDocumentStatistics: { IndexedTextDocumentsCount: 0, IndexedTextBytes: 0 },
    });
    assert.equal(typeof creating.CreatedAt, 'number');
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id })).Status === 'ACTIVE');

    await ok(endpoint, 'UpdateIndex', {
      Id,
      Description: 'second',
      DocumentMetadataConfigurationUpdates: [{ Name: 'team', Type: 'STRING_VALUE', Search: { Facetable: true } }],
    });
    const updating = await ok(endpoint, 'DescribeIndex', { Id });
    assert.equal(updating.Status, 'UPDATING');
    assert.equal(updating.Description, 'second');
    assert.deepEqual(
      updating.DocumentMetadataConfigurations.find((field: any) => field.Name === 'team'),
      {
        Name: 'team',
        Type: 'STRING_VALUE',
        Search: { Facetable: true, Searchable: true, Displayable: true, Sortable: false },
      },
    );
    assert.equal((await call(endpoint, 'UpdateIndex', { Id, Description: 'third' })).body.__type, 'ConflictException');
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id })).Status === 'ACTIVE');
    const retype = await call(endpoint, 'UpdateIndex', { Id, DocumentMetadataConfigurationUpdates: [{ Name: 'team', Type: 'LONG_VALUE' }] });
    assert.equal(retype.body.__type, 'ValidationException');
    const capacity = await call(endpoint, 'UpdateIndex', { Id, CapacityUnits: { StorageCapacityUnits: 1, QueryCapacityUnits: 0 } });
    assert.equal(capacity.body.__type, 'ValidationException');

    await ok(endpoint, 'DeleteIndex', { Id });
    assert.equal((await ok(endpoint, 'DescribeIndex', { Id })).Status, 'DELETING');
    assert.equal((await call(endpoint, 'Query', { IndexId: Id, QueryText: 'x' })).body.__type, 'ConflictException');
    await until(async () => (await call(endpoint, 'DescribeIndex', { Id })).body.__type === 'ResourceNotFoundException');
    const listed = (await ok(endpoint, 'ListIndices', {})).IndexConfigurationSummaryItems.map((item: any) => item.Id);
    assert.ok(!listed.includes(Id));
  });

  it('honours ClientToken: the same request returns the same index, other parameters conflict', async () => {
    const input = { Name: 'idem', RoleArn: ROLE, ClientToken: 'token-1' };
    const first = await ok(endpoint, 'CreateIndex', input);
    const second = await ok(endpoint, 'CreateIndex', input);
    assert.equal(second.Id, first.Id);
    const other = await call(endpoint, 'CreateIndex', { ...input, Name: 'other' });
    assert.equal(other.body.__type, 'ConflictException');
  });

  it('lists indices page by page with an opaque NextToken, per region', async () => {
    for (let n = 0; n < 3; n++) await ok(endpoint, 'CreateIndex', { Name: `page-${n}`, RoleArn: ROLE }, { region: 'eu-west-1' });
    const first = await ok(endpoint, 'ListIndices', { MaxResults: 2 }, { region: 'eu-west-1' });
    assert.equal(first.IndexConfigurationSummaryItems.length, 2);
    assert.ok(first.NextToken);
    const second = await ok(endpoint, 'ListIndices', { MaxResults: 2, NextToken: first.NextToken }, { region: 'eu-west-1' });
    assert.deepEqual(
      [...first.IndexConfigurationSummaryItems, ...second.IndexConfigurationSummaryItems].map((item: any) => item.Name),
      ['page-0', 'page-1', 'page-2'],
    );
    assert.equal(second.NextToken, undefined);
    const bad = await call(endpoint, 'ListIndices', { NextToken: 'garbage' }, { region: 'eu-west-1' });
    assert.equal(bad.body.__type, 'ValidationException');
    const elsewhere = await ok(endpoint, 'ListIndices', {}, { region: 'us-west-2' });
    assert.deepEqual(elsewhere.IndexConfigurationSummaryItems, []);
  });

  it('tags indices, data sources, FAQs and thesauri by ARN, up to 200 tags', async () => {
    const id = await activeIndex(endpoint, { Tags: [{ Key: 'team', Value: 'search' }] });
    const arn = `arn:aws:kendra:us-east-1:123456789012:index/${id}`;
    assert.deepEqual((await ok(endpoint, 'ListTagsForResource', { ResourceARN: arn })).Tags, [{ Key: 'team', Value: 'search' }]);
    await ok(endpoint, 'TagResource', {
      ResourceARN: arn,
      Tags: [
        { Key: 'env', Value: 'dev' },
        { Key: 'team', Value: 'docs' },
      ],
    });
    assert.deepEqual((await ok(endpoint, 'ListTagsForResource', { ResourceARN: arn })).Tags, [
      { Key: 'env', Value: 'dev' },
      { Key: 'team', Value: 'docs' },
    ]);
    await ok(endpoint, 'UntagResource', { ResourceARN: arn, TagKeys: ['env', 'absent'] });
    assert.deepEqual((await ok(endpoint, 'ListTagsForResource', { ResourceARN: arn })).Tags, [{ Key: 'team', Value: 'docs' }]);

    const source = (await ok(endpoint, 'CreateDataSource', { IndexId: id, Name: 'custom', Type: 'CUSTOM', Tags: [{ Key: 'kind', Value: 'custom' }] })).Id;
    const sourceArn = `${arn}/data-source/${source}`;
    assert.deepEqual((await ok(endpoint, 'ListTagsForResource', { ResourceARN: sourceArn })).Tags, [{ Key: 'kind', Value: 'custom' }]);

    const tooMany = Array.from({ length: 200 }, (_, n) => ({ Key: `k${n}`, Value: 'v' }));
    const refused = await call(endpoint, 'TagResource', { ResourceARN: arn, Tags: tooMany });
    assert.equal(refused.body.__type, 'ValidationException');
    assert.match(refused.body.Message, /at most 200 tags/);
    await ok(endpoint, 'TagResource', { ResourceARN: arn, Tags: tooMany.slice(0, 199) });

    for (const missing of [
      `arn:aws:kendra:us-east-1:123456789012:index/${'0'.repeat(36)}`,
      `${arn}/faq/${'0'.repeat(36)}`,
      'arn:aws:s3:::bucket',
      arn.replace('123456789012', '000000000000'),
    ]) {
      const answer = await call(endpoint, 'ListTagsForResource', { ResourceARN: missing });
      assert.equal(answer.body.__type, 'ResourceUnavailableException', missing);
    }
    const otherRegion = await call(endpoint, 'ListTagsForResource', { ResourceARN: arn }, { region: 'eu-west-1' });
    assert.equal(otherRegion.body.__type, 'ResourceUnavailableException');
  });
});
