import { strict as assert } from 'node:assert';
import { activeIndex, call, ok, startTestService, textDoc, until, type TestService } from './support.js';

describe('local search service: feedback', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const query = (input: Record<string, unknown>) => ok(endpoint, 'Query', { IndexId: index, ...input });

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('kayak-basics', 'Kayak basics', 'Kayak paddling strokes for a kayak beginner on a calm kayak lake.'),
        textDoc('kayak-rolls', 'Rolling', 'How to roll a kayak after a capsize.'),
        textDoc('canoe', 'Canoe trips', 'Canoe camping with a kayak friend.'),
      ],
    });
  });
  after(async () => service.stop());

  it('checks the query and result ids', async () => {
    const answer = await query({ QueryText: 'kayak' });
    const unknownQuery = await call(endpoint, 'SubmitFeedback', { IndexId: index, QueryId: 'f'.repeat(36), ClickFeedbackItems: [] });
    assert.equal(unknownQuery.body.__type, 'ResourceNotFoundException');
    const unknownResult = await call(endpoint, 'SubmitFeedback', {
      IndexId: index,
      QueryId: answer.QueryId,
      RelevanceFeedbackItems: [{ ResultId: `${answer.QueryId}-nope`, RelevanceValue: 'RELEVANT' }],
    });
    assert.equal(unknownResult.body.__type, 'ValidationException');
  });

  it('counts clicks into _view_count', async () => {
    const answer = await query({ QueryText: 'capsize' });
    const result = answer.ResultItems[0];
    await ok(endpoint, 'SubmitFeedback', {
      IndexId: index,
      QueryId: answer.QueryId,
      ClickFeedbackItems: [
        { ResultId: result.Id, ClickTime: Date.now() / 1000 },
        { ResultId: result.Id, ClickTime: Date.now() / 1000 },
      ],
    });
    const again = await query({ QueryText: 'capsize', RequestedDocumentAttributes: ['_view_count'] });
    assert.deepEqual(again.ResultItems[0].DocumentAttributes, [{ Key: '_view_count', Value: { LongValue: 2 } }]);
  });

  it('lets relevance feedback change the ranking for that query', async () => {
    const before = await query({ QueryText: 'kayak' });
    const order = before.ResultItems.map((item: any) => item.DocumentId);
    assert.equal(order[0], 'kayak-basics');
    const last = before.ResultItems[order.length - 1];
    const first = before.ResultItems[0];
    await ok(endpoint, 'SubmitFeedback', {
      IndexId: index,
      QueryId: before.QueryId,
      RelevanceFeedbackItems: [
        { ResultId: last.Id, RelevanceValue: 'RELEVANT' },
        { ResultId: last.Id, RelevanceValue: 'RELEVANT' },
        { ResultId: first.Id, RelevanceValue: 'NOT_RELEVANT' },
      ],
    });
    const after = await query({ QueryText: 'Kayak ' });
    assert.equal(after.ResultItems[0].DocumentId, last.DocumentId);
    const demoted = after.ResultItems.map((item: any) => item.DocumentId).indexOf('kayak-basics');
    assert.ok(demoted > 0, 'the NOT_RELEVANT document is no longer first');
    const other = await query({ QueryText: 'kayak lake' });
    assert.equal(other.ResultItems[0].DocumentId, 'kayak-basics', 'feedback belongs to its query');
  });

  it('ranks by the relevance settings of fields, and by per-query overrides', async () => {
    const tuned = await activeIndex(endpoint, { Name: 'tuned' });
    await ok(endpoint, 'UpdateIndex', {
      Id: tuned,
      DocumentMetadataConfigurationUpdates: [
        { Name: 'tier', Type: 'STRING_VALUE', Relevance: { Importance: 10, ValueImportanceMap: { gold: 10, silver: 1 } } },
        { Name: 'stars', Type: 'LONG_VALUE', Relevance: { Importance: 10, RankOrder: 'ASCENDING' } },
      ],
    });
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id: tuned })).Status === 'ACTIVE');
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: tuned,
      Documents: [
        textDoc('a-silver', 'Harbour guide', 'harbour guide', { tier: 'silver', stars: 1 }),
        textDoc('b-gold', 'Harbour guide', 'harbour guide', { tier: 'gold', stars: 1 }),
        textDoc('starry', 'Lighthouse guide', 'lighthouse guide', { stars: 5 }),
        textDoc('dim', 'Lighthouse guide', 'lighthouse guide', { stars: 2 }),
      ],
    });
    const order = async (input: Record<string, unknown>) =>
      (await ok(endpoint, 'Query', { IndexId: tuned, ...input })).ResultItems.map((item: any) => item.DocumentId);
    assert.deepEqual(await order({ QueryText: 'harbour' }), ['b-gold', 'a-silver']);
    assert.deepEqual(await order({ QueryText: 'lighthouse' }), ['starry', 'dim']);
    const override = [{ Name: 'tier', Relevance: { ValueImportanceMap: { gold: 1, silver: 10 } } }];
    assert.deepEqual(await order({ QueryText: 'harbour', DocumentRelevanceOverrideConfigurations: override }), ['a-silver', 'b-gold']);
  });
});
