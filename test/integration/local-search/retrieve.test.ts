import { strict as assert } from 'node:assert';
import type { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { corpusIndex } from './corpus.js';
import { activeIndex, ok, searchClient, startTestService, textDoc, until, type TestService } from './support.js';

/** `count` filler words that match no query of these tests. */
function filler(count: number, seed: string): string {
  return Array.from({ length: count }, (_, i) => `${seed}${i % 37}`).join(' ');
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('local search service: Retrieve', function () {
  let service: TestService;
  let client: SearchClient;
  let corpus: string;
  let long: string;

  before(async () => {
    service = await startTestService();
    const endpoint = service.service.endpoint;
    client = searchClient(endpoint);
    corpus = await corpusIndex(endpoint);
    long = await activeIndex(endpoint, { Name: 'long' });
    await ok(endpoint, 'UpdateIndex', {
      Id: long,
      DocumentMetadataConfigurationUpdates: [
        { Name: 'tier', Type: 'STRING_VALUE', Relevance: { Importance: 10, ValueImportanceMap: { gold: 10, silver: 1 } } },
      ],
    });
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id: long })).Status === 'ACTIVE');
    const body = [`${filler(250, 'alpha')}.`, `The zeppelin hangar opened in spring. Zeppelin crews trained there for a year.`, `${filler(400, 'beta')}.`].join(
      ' ',
    );
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: long,
      Documents: [
        textDoc('manual', 'Airship manual', body, { _source_uri: 'https://example.com/manual', tier: 'silver' }),
        textDoc('note', 'Short note', 'A zeppelin flew over the harbour.', { tier: 'gold' }),
        textDoc('lh-silver', 'Lighthouse log', 'The lighthouse keeper writes the log.', { tier: 'silver' }),
        textDoc('lh-gold', 'Lighthouse log', 'The lighthouse keeper writes the log.', { tier: 'gold' }),
        {
          ...textDoc('secret', 'Crew notes', 'The zeppelin crew roster.'),
          AccessControlList: [{ Name: 'crew', Type: 'GROUP', Access: 'ALLOW' }],
        },
      ],
    });
  });
  after(async () => service.stop());

  it('returns passages of at most 200 words from the matching part of a document', async () => {
    const answer = await client.retrieveAsync({ IndexId: long, QueryText: 'zeppelin hangar' });
    assert.match(answer.QueryId!, /^[0-9a-f-]{36}$/);
    const item = answer.ResultItems!.find((entry) => entry.DocumentId === 'manual')!;
    assert.ok(item, 'the long document has a passage');
    assert.ok(item.Content!.includes('The zeppelin hangar opened in spring.'));
    assert.ok(wordCount(item.Content!) <= 200, `a passage of ${wordCount(item.Content!)} words`);
    assert.ok(!item.Content!.includes('beta399'), 'not the whole document');
    assert.equal(item.DocumentTitle, 'Airship manual');
    assert.equal(item.DocumentURI, 'https://example.com/manual');
    assert.ok(item.Id!.startsWith(answer.QueryId!));
    assert.deepEqual(
      item.DocumentAttributes!.find((attribute) => attribute.Key === 'tier'),
      { Key: 'tier', Value: { StringValue: 'silver' } },
    );
    assert.equal(answer.ResultItems![0]!.ScoreAttributes!.ScoreConfidence, 'VERY_HIGH');
    assert.ok(answer.ResultItems!.every((entry) => ['VERY_HIGH', 'HIGH', 'MEDIUM', 'LOW'].includes(entry.ScoreAttributes!.ScoreConfidence!)));
    assert.equal(new Set(answer.ResultItems!.map((entry) => entry.Id)).size, answer.ResultItems!.length, 'ids are unique');
  });

  it('ranks documents as Query does and applies relevance overrides', async () => {
    const documents = async (input: Record<string, unknown>) =>
      (await client.retrieveAsync({ IndexId: long, ...input } as never)).ResultItems!.map((item) => item.DocumentId);
    const queried = async (input: Record<string, unknown>) =>
      (await client.queryAsync({ IndexId: long, ...input } as never)).ResultItems!.map((item) => item.DocumentId);
    assert.equal((await client.retrieveAsync({ IndexId: corpus, QueryText: 'solar eclipse' })).ResultItems![0]!.DocumentId, 'eclipse-guide');
    assert.deepEqual(await documents({ QueryText: 'zeppelin' }), await queried({ QueryText: 'zeppelin' }));
    assert.deepEqual(await documents({ QueryText: 'lighthouse' }), ['lh-gold', 'lh-silver'], 'the gold tier weighs more');
    const override = [{ Name: 'tier', Relevance: { ValueImportanceMap: { gold: 1, silver: 10 } } }];
    assert.deepEqual(await documents({ QueryText: 'lighthouse', DocumentRelevanceOverrideConfigurations: override }), ['lh-silver', 'lh-gold']);
  });

  it('applies the relevance feedback given to a Query of the same text', async () => {
    const documents = async () => (await client.retrieveAsync({ IndexId: long, QueryText: 'keeper' })).ResultItems!.map((item) => item.DocumentId);
    assert.deepEqual(await documents(), ['lh-gold', 'lh-silver']);
    const queried = await client.queryAsync({ IndexId: long, QueryText: 'keeper' });
    const gold = queried.ResultItems!.find((item) => item.DocumentId === 'lh-gold')!;
    await client.submitFeedbackAsync({
      IndexId: long,
      QueryId: queried.QueryId!,
      RelevanceFeedbackItems: [{ ResultId: gold.Id!, RelevanceValue: 'NOT_RELEVANT' }],
    });
    assert.deepEqual(await documents(), ['lh-silver', 'lh-gold']);
  });

  it('honours AttributeFilter and RequestedDocumentAttributes', async () => {
    const filtered = await client.retrieveAsync({
      IndexId: corpus,
      QueryText: 'solar',
      AttributeFilter: { EqualsTo: { Key: 'department', Value: { StringValue: 'engineering' } } },
      RequestedDocumentAttributes: ['pages', '_document_title'],
    });
    assert.deepEqual(
      filtered.ResultItems!.map((item) => item.DocumentId),
      ['solar-panels'],
    );
    assert.deepEqual(filtered.ResultItems![0]!.DocumentAttributes, [
      { Key: 'pages', Value: { LongValue: 30 } },
      { Key: '_document_title', Value: { StringValue: 'Panels on the roof' } },
    ]);
  });

  it('shows documents with an access control list only to the users it allows', async () => {
    const ids = async (input: Record<string, unknown>) =>
      (await client.retrieveAsync({ IndexId: long, QueryText: 'zeppelin', ...input })).ResultItems!.map((item) => item.DocumentId).sort();
    assert.deepEqual(await ids({ UserContext: { UserId: 'outsider' } }), ['manual', 'note']);
    assert.deepEqual(await ids({ UserContext: { UserId: 'ada', Groups: ['crew'] } }), ['manual', 'note', 'secret']);
    assert.deepEqual(await ids({ UserContext: { UserId: 'bob', Groups: ['visitors'] } }), ['manual', 'note']);
  });

  it('pages through at most 100 passages', async () => {
    const all = await client.retrieveAsync({ IndexId: corpus, QueryText: 'sun moon eclipse solar', PageSize: 100 });
    const ids = all.ResultItems!.map((item) => item.Id);
    assert.ok(ids.length >= 3);
    const second = await client.retrieveAsync({ IndexId: corpus, QueryText: 'sun moon eclipse solar', PageSize: 2, PageNumber: 2 });
    assert.deepEqual(
      second.ResultItems!.map((item) => item.Content),
      all.ResultItems!.slice(2, 4).map((item) => item.Content),
    );
    const past = await client.retrieveAsync({ IndexId: corpus, QueryText: 'sun', PageSize: 10, PageNumber: 11 });
    assert.deepEqual(past.ResultItems, []);
    const big = await client.retrieveAsync({ IndexId: corpus, QueryText: 'sun', PageSize: 500 });
    assert.ok(big.ResultItems!.length <= 100);
  });

  it('answers no items when nothing matches', async () => {
    const answer = await client.retrieveAsync({ IndexId: corpus, QueryText: 'xylophone' });
    assert.deepEqual(answer.ResultItems, []);
  });

  it('answers the errors of the model', async () => {
    const code = (expected: string) => (error: any) => {
      assert.equal(error.code, expected);
      return true;
    };
    await assert.rejects(client.retrieveAsync({ IndexId: corpus, QueryText: 'x'.repeat(1001) }), code('ValidationException'));
    await assert.rejects(client.retrieveAsync({ IndexId: corpus, QueryText: '   ' }), code('ValidationException'));
    await assert.rejects(client.retrieveAsync({ IndexId: corpus, QueryText: 'sun', PageSize: 0 }), code('ValidationException'));
    await assert.rejects(client.retrieveAsync({ IndexId: corpus, QueryText: 'sun', RequestedDocumentAttributes: ['nope'] }), code('ValidationException'));
    await assert.rejects(client.retrieveAsync({ IndexId: '00000000-0000-0000-0000-000000000000', QueryText: 'sun' }), code('ResourceNotFoundException'));
  });
});
