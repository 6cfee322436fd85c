import { strict as assert } from 'node:assert';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { activeIndex, ok, startTestService, textDoc, until, type TestService } from './support.js';

describe('local search service: collapsing results', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;
  const collapsed = (CollapseConfiguration: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    client.queryAsync({ IndexId: index, QueryText: 'widget', CollapseConfiguration: CollapseConfiguration as any, ...extra });
  const groups = (answer: any) =>
    answer.ResultItems.map((item: any) => [item.CollapsedResultDetail.DocumentAttribute.Value.StringValue ?? null, item.DocumentId]).sort((a: any, b: any) =>
      String(a[1]).localeCompare(String(b[1])),
    );

  before(async () => {
    service = await startTestService();
    const endpoint = service.service.endpoint;
    client = new SearchClient({ region: 'us-east-1', version: 'latest', credentials: { key: 'test', secret: 'test' }, endpoint });
    index = await activeIndex(endpoint);
    await ok(endpoint, 'UpdateIndex', {
      Id: index,
      DocumentMetadataConfigurationUpdates: [
        { Name: 'product', Type: 'STRING_VALUE', Search: { Sortable: true } },
        { Name: 'release', Type: 'LONG_VALUE', Search: { Sortable: true } },
        { Name: 'team', Type: 'STRING_VALUE' },
      ],
    });
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id: index })).Status === 'ACTIVE');
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('alpha-1', 'Alpha widget manual', 'widget widget install', { product: 'alpha', release: 1 }),
        textDoc('alpha-2', 'Alpha guide', 'the widget install guide', { product: 'alpha', release: 2 }),
        textDoc('alpha-3', 'Alpha notes', 'a widget note', { product: 'alpha', release: 3 }),
        textDoc('beta-1', 'Beta widget', 'widget notes for beta', { product: 'beta', release: 1 }),
        textDoc('loose-1', 'Widget tips', 'widget tips', { team: 'x' }),
        textDoc('loose-2', 'Widget faq', 'widget questions', { team: 'y' }),
      ],
    });
  });
  after(() => service.stop());

  it('keeps one result per value, the most relevant, and puts documents without the value in one group', async () => {
    const answer = await collapsed({ DocumentAttributeKey: 'product' });
    assert.equal(answer.TotalNumberOfResults, 3, 'groups are counted');
    const byValue = Object.fromEntries(answer.ResultItems!.map((item) => [item.CollapsedResultDetail!.DocumentAttribute!.Value!.StringValue ?? 'none', item]));
    assert.deepEqual(Object.keys(byValue).sort(), ['alpha', 'beta', 'none']);
    assert.equal(byValue.alpha!.DocumentId, 'alpha-1', 'the most relevant alpha document');
    assert.deepEqual(byValue.none!.CollapsedResultDetail!.DocumentAttribute, { Key: 'product', Value: {} });
    assert.equal(byValue.alpha!.CollapsedResultDetail!.ExpandedResults, undefined, 'nothing is expanded unless asked');
  });

  it('picks each group’s primary by SortingConfigurations', async () => {
    const answer = await collapsed({ DocumentAttributeKey: 'product', SortingConfigurations: [{ DocumentAttributeKey: 'release', SortOrder: 'DESC' }] });
    assert.ok(groups(answer).some(([value, id]: [string, string]) => value === 'alpha' && id === 'alpha-3'));
  });

  it('leaves out or separates documents without the value, as MissingAttributeKeyStrategy says', async () => {
    const ignored = await collapsed({ DocumentAttributeKey: 'product', MissingAttributeKeyStrategy: 'IGNORE' });
    assert.deepEqual(
      groups(ignored)
        .map(([value]: [string]) => value)
        .sort(),
      ['alpha', 'beta'],
    );
    const expanded = await collapsed({ DocumentAttributeKey: 'product', MissingAttributeKeyStrategy: 'EXPAND' });
    assert.equal(expanded.TotalNumberOfResults, 4);
    assert.deepEqual(
      groups(expanded)
        .filter(([value]: [string]) => value === null)
        .map(([, id]: [string, string]) => id),
      ['loose-1', 'loose-2'],
    );
  });

  it('lists the other documents of a group with Expand, within ExpandConfiguration', async () => {
    const all = await collapsed({
      DocumentAttributeKey: 'product',
      Expand: true,
      SortingConfigurations: [{ DocumentAttributeKey: 'release', SortOrder: 'ASC' }],
    });
    const alpha = all.ResultItems!.find((item) => item.DocumentId === 'alpha-1')!;
    const expandedIds = alpha.CollapsedResultDetail!.ExpandedResults!.map((item) => item.DocumentId);
    assert.deepEqual(expandedIds, ['alpha-2', 'alpha-3']);
    const first = alpha.CollapsedResultDetail!.ExpandedResults![0]!;
    assert.deepEqual(Object.keys(first).sort(), ['DocumentAttributes', 'DocumentExcerpt', 'DocumentId', 'DocumentTitle', 'Id']);
    assert.ok(first.Id!.startsWith(all.QueryId!));
    const beta = all.ResultItems!.find((item) => item.DocumentId === 'beta-1')!;
    assert.deepEqual(beta.CollapsedResultDetail!.ExpandedResults, []);

    const limited = await collapsed({
      DocumentAttributeKey: 'product',
      Expand: true,
      SortingConfigurations: [{ DocumentAttributeKey: 'release', SortOrder: 'ASC' }],
      ExpandConfiguration: { MaxResultItemsToExpand: 1, MaxExpandedResultsPerItem: 1 },
    });
    const lists = limited.ResultItems!.map((item) => item.CollapsedResultDetail!.ExpandedResults!.length);
    const others: Record<string, number> = { alpha: 2, beta: 0, none: 1 };
    const firstValue = limited.ResultItems![0]!.CollapsedResultDetail!.DocumentAttribute!.Value!.StringValue ?? 'none';
    assert.equal(lists[0], Math.min(1, others[firstValue]!), 'the first group lists at most one other document');
    assert.ok(
      lists.slice(1).every((length) => length === 0),
      'only the first group is expanded',
    );
  });

  it('takes relevance feedback on an expanded result', async () => {
    const answer = await collapsed({ DocumentAttributeKey: 'product', Expand: true });
    const expanded = answer.ResultItems!.flatMap((item) => item.CollapsedResultDetail!.ExpandedResults!)[0]!;
    const vote = (ResultId: string) =>
      client.submitFeedbackAsync({ IndexId: index, QueryId: answer.QueryId!, RelevanceFeedbackItems: [{ ResultId, RelevanceValue: 'RELEVANT' }] });
    await assert.doesNotReject(vote(expanded.Id!));
    await assert.rejects(
      vote(`${answer.QueryId}-00000000-0000-0000-0000-000000000000`),
      (error: any) => error.code === 'ResourceNotFoundException' || error.code === 'ValidationException',
    );
  });

  it('pages through groups', async () => {
    const first = await collapsed({ DocumentAttributeKey: 'product' }, { PageSize: 2 });
    const second = await collapsed({ DocumentAttributeKey: 'product' }, { PageSize: 2, PageNumber: 2 });
    assert.equal(first.ResultItems!.length, 2);
    assert.equal(second.ResultItems!.length, 1);
  });

  it('refuses to collapse by a field that is not sortable, or a bad ExpandConfiguration', async () => {
    const code = (promise: Promise<unknown>) =>
      promise.then(
        () => 'none',
        (error: any) => error.code,
      );
    assert.equal(await code(collapsed({ DocumentAttributeKey: 'team' })), 'ValidationException');
    assert.equal(await code(collapsed({ DocumentAttributeKey: 'nothing' })), 'ValidationException');
    assert.equal(
      await code(collapsed({ DocumentAttributeKey: 'product', Expand: true, ExpandConfiguration: { MaxExpandedResultsPerItem: 0 } })),
      'ValidationException',
    );
  });
});
