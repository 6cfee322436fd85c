import { strict as assert } from 'node:assert';
import { activeIndex, call, ok, startTestService, textDoc, until, type TestService } from './support.js';

const DAY_MS = 24 * 3600 * 1000;

// Relevance: Duration "only applies to DATE fields" and defaults to 3 months; Freshness only
// applies to DATE fields, on one of them; RankOrder only applies to LONG fields:
// https://docs.aws.amazon.com/kendra/latest/APIReference/API_Relevance.html
// Search: Displayable true, Facetable false, Searchable true for strings and false for numbers
// and dates, Sortable false by default:
// https://docs.aws.amazon.com/kendra/latest/APIReference/API_Search.html
describe('local search service: the defaults and limits of relevance tuning and search settings', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const update = (fields: unknown[]) => call(endpoint, 'UpdateIndex', { Id: index, DocumentMetadataConfigurationUpdates: fields });
  const idle = () => until(async () => (await ok(endpoint, 'DescribeIndex', { Id: index })).Status === 'ACTIVE');
  const order = async (QueryText: string) => (await ok(endpoint, 'Query', { IndexId: index, QueryText })).ResultItems.map((item: any) => item.DocumentId);

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    const answer = await update([
      { Name: 'reviewed', Type: 'DATE_VALUE', Relevance: { Freshness: true, Importance: 10 } },
      { Name: 'stars', Type: 'LONG_VALUE' },
      { Name: 'team', Type: 'STRING_VALUE' },
      { Name: 'labels', Type: 'STRING_LIST_VALUE' },
    ]);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    await idle();
    // the same text: only freshness tells them apart; equal scores keep the order of storing
    const now = Date.now();
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('older', 'Harbour report', 'harbour tides', { reviewed: new Date(now - 200 * DAY_MS) }),
        textDoc('newer', 'Harbour report', 'harbour tides', { reviewed: new Date(now - 100 * DAY_MS) }),
        textDoc('older-fresh', 'Lighthouse report', 'lighthouse lamps', { reviewed: new Date(now - 80 * DAY_MS) }),
        textDoc('newer-fresh', 'Lighthouse report', 'lighthouse lamps', { reviewed: new Date(now - 10 * DAY_MS) }),
      ],
    });
  });
  after(async () => service.stop());

  it('boosts fresh dates over 3 months when Duration is not given', async () => {
    assert.deepEqual(await order('harbour'), ['older', 'newer'], 'dates over 3 months old get no freshness boost (one year would boost the newer)');
    assert.deepEqual(await order('lighthouse'), ['newer-fresh', 'older-fresh'], 'within 3 months, the fresher ranks higher');
  });

  it('boosts over the Duration given instead', async () => {
    assert.equal((await update([{ Name: 'reviewed', Type: 'DATE_VALUE', Relevance: { Freshness: true, Importance: 10, Duration: '31536000s' } }])).status, 200);
    await idle();
    assert.deepEqual(await order('harbour'), ['newer', 'older']);
  });

  it('refuses Duration on other fields than dates, RankOrder on other fields than longs, and Freshness on two date fields', async () => {
    const refused = async (fields: unknown[], message: RegExp) => {
      const answer = await update(fields);
      assert.equal(answer.body.__type, 'ValidationException');
      assert.match(answer.body.Message, message);
    };
    await refused([{ Name: 'stars', Type: 'LONG_VALUE', Relevance: { Duration: '86400s' } }], /Duration applies to date fields/);
    await refused([{ Name: 'reviewed', Type: 'DATE_VALUE', Relevance: { RankOrder: 'ASCENDING' } }], /RankOrder applies to long fields/);
    await refused([{ Name: 'published', Type: 'DATE_VALUE', Relevance: { Freshness: true } }], /Freshness can be set on one date field only/);
    assert.equal((await update([{ Name: 'stars', Type: 'LONG_VALUE', Relevance: { RankOrder: 'DESCENDING' } }])).status, 200);
    await idle();
  });

  it('gives new fields the documented search settings for their type', async () => {
    const fields = (await ok(endpoint, 'DescribeIndex', { Id: index })).DocumentMetadataConfigurations;
    const search = (name: string) => fields.find((field: any) => field.Name === name).Search;
    const strings = { Facetable: false, Searchable: true, Displayable: true, Sortable: false };
    const others = { Facetable: false, Searchable: false, Displayable: true, Sortable: false };
    assert.deepEqual(search('team'), strings);
    assert.deepEqual(search('labels'), strings);
    assert.deepEqual(search('stars'), others);
    assert.deepEqual(search('reviewed'), others);
  });
});
