import { strict as assert } from 'node:assert';
import { corpusIndex } from './corpus.js';
import { call, ok, startTestService, textDoc, type TestService } from './support.js';

const ids = (answer: any) => answer.ResultItems.map((item: any) => item.DocumentId);

describe('local search service: queries', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const query = (input: Record<string, unknown>) => ok(endpoint, 'Query', { IndexId: index, ...input });

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await corpusIndex(endpoint);
  });
  after(async () => service.stop());

  it('ranks by BM25 over title and body, the title weighing more', async () => {
    const answer = await query({ QueryText: 'solar eclipse' });
    assert.deepEqual(ids(answer), ['eclipse-guide', 'lunar-eclipse', 'solar-panels']);
    assert.equal(answer.TotalNumberOfResults, 3);
    assert.match(answer.QueryId, /^[0-9a-f-]{36}$/);
    assert.equal(answer.ResultItems[0].ScoreAttributes.ScoreConfidence, 'VERY_HIGH');
    const words = await query({ QueryText: 'sun' });
    assert.deepEqual(ids(words).sort(), ['comets', 'eclipse-guide'], 'sunlight is another word');
    const title = await query({ QueryText: 'panels' });
    assert.deepEqual(ids(title), ['solar-panels']);
  });

  it('stems words and ignores stop words', async () => {
    assert.deepEqual(ids(await query({ QueryText: 'the rover driving' })), ['mars']);
    assert.deepEqual(ids(await query({ QueryText: 'telescopes' })), ['telescope']);
  });

  it('searches the text of searchable custom fields', async () => {
    assert.deepEqual(ids(await query({ QueryText: 'perseverance' })), ['mars']);
  });

  it('matches quoted phrases exactly, excludes with - and NOT, and expands prefixes', async () => {
    assert.deepEqual(ids(await query({ QueryText: '"lunar eclipse"' })), ['lunar-eclipse']);
    assert.deepEqual(ids(await query({ QueryText: '"eclipse lunar"' })), []);
    assert.deepEqual(ids(await query({ QueryText: 'eclipse -lunar' })), ['eclipse-guide']);
    assert.deepEqual(ids(await query({ QueryText: 'eclipse NOT lunar' })), ['eclipse-guide']);
    assert.deepEqual(ids(await query({ QueryText: 'telesc*' })), ['telescope']);
    assert.deepEqual(ids(await query({ QueryText: 'moon AND shadow' })), ['lunar-eclipse']);
  });

  it('highlights the matched words in titles and excerpts', async () => {
    const answer = await query({ QueryText: 'telescope' });
    const item = answer.ResultItems[0];
    assert.equal(item.Type, 'DOCUMENT');
    assert.equal(item.DocumentTitle.Text, 'Choosing a telescope');
    const words = (text: { Text: string; Highlights: any[] }) => text.Highlights.map((h) => text.Text.slice(h.BeginOffset, h.EndOffset).toLowerCase());
    assert.deepEqual(words(item.DocumentTitle), ['telescope']);
    assert.deepEqual(words(item.DocumentExcerpt), ['telescope', 'telescope']);
    assert.ok(item.DocumentExcerpt.Highlights.every((h: any) => h.Type === 'STANDARD' && h.TopAnswer === false));
    assert.match(item.FeedbackToken, /\./);
    assert.ok(item.Id.startsWith(answer.QueryId));
  });

  it('applies every AttributeFilter operator', async () => {
    const filtered = async (filter: Record<string, unknown>, text?: string) =>
      ids(await query({ ...(text ? { QueryText: text } : {}), AttributeFilter: filter, PageSize: 100 })).sort();
    const attr = (Key: string, Value: Record<string, unknown>) => ({ Key, Value });
    assert.deepEqual(await filtered({ EqualsTo: attr('department', { StringValue: 'engineering' }) }), ['solar-panels']);
    assert.deepEqual(await filtered({ EqualsTo: attr('pages', { LongValue: 5 }) }), ['lunar-eclipse']);
    assert.deepEqual(await filtered({ EqualsTo: attr('published', { DateValue: Date.parse('2021-02-18T00:00:00Z') / 1000 }) }), ['mars']);
    assert.deepEqual(await filtered({ EqualsTo: attr('topics', { StringListValue: ['moon'] }) }), ['lunar-eclipse']);
    assert.deepEqual(await filtered({ ContainsAll: attr('topics', { StringListValue: ['sun', 'moon'] }) }), ['eclipse-guide']);
    assert.deepEqual(await filtered({ ContainsAny: attr('topics', { StringListValue: ['optics', 'planets'] }) }), ['mars', 'telescope']);
    assert.deepEqual(await filtered({ GreaterThan: attr('pages', { LongValue: 12 }) }), ['mars', 'solar-panels']);
    assert.deepEqual(await filtered({ GreaterThanOrEquals: attr('pages', { LongValue: 12 }) }), ['eclipse-guide', 'mars', 'solar-panels']);
    assert.deepEqual(await filtered({ LessThan: attr('pages', { LongValue: 8 }) }), ['lunar-eclipse']);
    assert.deepEqual(await filtered({ LessThanOrEquals: attr('pages', { LongValue: 8 }) }), ['lunar-eclipse', 'telescope']);
    assert.deepEqual(await filtered({ GreaterThan: attr('published', { DateValue: '2023-01-01T00:00:00Z' }) }), ['eclipse-guide', 'lunar-eclipse']);
    assert.deepEqual(await filtered({ LessThan: attr('published', { DateValue: Date.parse('2021-01-01T00:00:00Z') / 1000 }) }), ['comets']);
    assert.deepEqual(
      await filtered({
        AndAllFilters: [{ EqualsTo: attr('department', { StringValue: 'science' }) }, { ContainsAny: attr('topics', { StringListValue: ['sun'] }) }],
      }),
      ['comets', 'eclipse-guide'],
    );
    assert.deepEqual(
      await filtered({ OrAllFilters: [{ EqualsTo: attr('department', { StringValue: 'equipment' }) }, { EqualsTo: attr('pages', { LongValue: 30 }) }] }),
      ['solar-panels', 'telescope'],
    );
    assert.deepEqual(await filtered({ NotFilter: { EqualsTo: attr('department', { StringValue: 'science' }) } }), ['solar-panels', 'telescope']);
    assert.deepEqual(await filtered({ EqualsTo: attr('department', { StringValue: 'science' }) }, 'eclipse'), ['eclipse-guide', 'lunar-eclipse']);
    assert.deepEqual(await filtered({ EqualsTo: attr('_document_id', { StringValue: 'mars' }) }), ['mars']);
  });

  it('refuses filters on unknown fields, of the wrong type, or with two operators', async () => {
    for (const filter of [
      { EqualsTo: { Key: 'color', Value: { StringValue: 'red' } } },
      { GreaterThan: { Key: 'department', Value: { StringValue: 'a' } } },
      { EqualsTo: { Key: 'pages', Value: { StringValue: '5' } } },
      { ContainsAny: { Key: 'topics', Value: { StringValue: 'sun' } } },
      { EqualsTo: { Key: 'pages', Value: { LongValue: 5 } }, LessThan: { Key: 'pages', Value: { LongValue: 5 } } },
    ]) {
      const answer = await call(endpoint, 'Query', { IndexId: index, AttributeFilter: filter });
      assert.equal(answer.status, 400, JSON.stringify(filter));
      assert.equal(answer.body.__type, 'ValidationException');
    }
  });

  it('counts facets over all matches, not only the page, with nesting and limits', async () => {
    const answer = await query({
      QueryText: 'sun moon solar eclipse comets telescope rovers',
      PageSize: 1,
      Facets: [
        { DocumentAttributeKey: 'department', Facets: [{ DocumentAttributeKey: 'topics', MaxResults: 1 }] },
        { DocumentAttributeKey: 'topics', MaxResults: 2 },
      ],
    });
    assert.equal(answer.ResultItems.length, 1);
    assert.equal(answer.TotalNumberOfResults, 6);
    const [department, topics] = answer.FacetResults;
    assert.equal(department.DocumentAttributeKey, 'department');
    assert.equal(department.DocumentAttributeValueType, 'STRING_VALUE');
    assert.deepEqual(
      department.DocumentAttributeValueCountPairs.map((pair: any) => [pair.DocumentAttributeValue.StringValue, pair.Count]),
      [
        ['science', 4],
        ['engineering', 1],
        ['equipment', 1],
      ],
    );
    const nested = department.DocumentAttributeValueCountPairs[0].FacetResults[0];
    assert.deepEqual(
      nested.DocumentAttributeValueCountPairs.map((pair: any) => [pair.DocumentAttributeValue.StringValue, pair.Count]),
      [['moon', 2]],
    );
    assert.equal(topics.DocumentAttributeValueType, 'STRING_LIST_VALUE');
    assert.deepEqual(
      topics.DocumentAttributeValueCountPairs.map((pair: any) => [pair.DocumentAttributeValue.StringValue, pair.Count]),
      [
        ['sun', 3],
        ['moon', 2],
      ],
    );
    const filtered = await query({
      AttributeFilter: { EqualsTo: { Key: 'department', Value: { StringValue: 'science' } } },
      Facets: [{ DocumentAttributeKey: 'pages' }],
    });
    assert.deepEqual(
      filtered.FacetResults[0].DocumentAttributeValueCountPairs.map((pair: any) => [pair.DocumentAttributeValue.LongValue, pair.Count]),
      [
        [5, 1],
        [12, 1],
        [20, 1],
      ],
    );
    const refused = await call(endpoint, 'Query', { IndexId: index, QueryText: 'sun', Facets: [{ DocumentAttributeKey: 'summary' }] });
    assert.equal(refused.body.__type, 'ValidationException');
    assert.match(refused.body.Message, /not facetable/);
  });

  it('pages through results with PageNumber and PageSize', async () => {
    const text = 'sun moon solar eclipse comets telescope rovers';
    const pages = [];
    for (const PageNumber of [1, 2, 3, 4]) pages.push(await query({ QueryText: text, PageSize: 2, PageNumber }));
    assert.deepEqual(
      pages.map((page) => page.ResultItems.length),
      [2, 2, 2, 0],
    );
    assert.ok(pages.every((page) => page.TotalNumberOfResults === 6));
    const all = pages.flatMap(ids);
    assert.equal(new Set(all).size, 6);
    assert.deepEqual(all, ids(await query({ QueryText: text, PageSize: 100 })));
    const capped = await query({ QueryText: text, PageSize: 500 });
    assert.equal(capped.ResultItems.length, 6);
    assert.equal((await call(endpoint, 'Query', { IndexId: index, QueryText: text, PageNumber: 0 })).body.__type, 'ValidationException');
  });

  it('sorts by a sortable field, documents without the field last', async () => {
    const byPages = await query({ SortingConfiguration: { DocumentAttributeKey: 'pages', SortOrder: 'DESC' }, PageSize: 100 });
    assert.deepEqual(ids(byPages), ['solar-panels', 'mars', 'eclipse-guide', 'telescope', 'lunar-eclipse', 'comets']);
    const ascending = await query({ QueryText: 'solar comets', SortingConfiguration: { DocumentAttributeKey: 'pages', SortOrder: 'ASC' } });
    assert.deepEqual(ids(ascending), ['lunar-eclipse', 'eclipse-guide', 'solar-panels', 'comets']);
    const refused = await call(endpoint, 'Query', { IndexId: index, SortingConfiguration: { DocumentAttributeKey: 'topics', SortOrder: 'ASC' } });
    assert.equal(refused.body.__type, 'ValidationException');
  });

  it('returns the requested attributes, and only displayable ones by default', async () => {
    const answer = await query({ QueryText: 'rovers', RequestedDocumentAttributes: ['pages', '_view_count'] });
    assert.deepEqual(answer.ResultItems[0].DocumentAttributes, [
      { Key: 'pages', Value: { LongValue: 20 } },
      { Key: '_view_count', Value: { LongValue: 0 } },
    ]);
    const plain = await query({ QueryText: 'rovers' });
    const keys = plain.ResultItems[0].DocumentAttributes.map((attribute: any) => attribute.Key);
    assert.ok(keys.includes('department') && keys.includes('published'));
    assert.ok(!keys.includes('_data_source_id'));
  });

  it('filters result types', async () => {
    assert.equal((await query({ QueryText: 'sun', QueryResultTypeFilter: 'QUESTION_ANSWER' })).ResultItems.length, 0);
    assert.equal((await query({ QueryText: 'sun', QueryResultTypeFilter: 'DOCUMENT' })).ResultItems.length, 2);
  });

  it('shows documents with an access control list only to the users and groups it allows', async () => {
    const acl = (entries: Array<[string, string, string]>) => entries.map(([Name, Type, Access]) => ({ Name, Type, Access }));
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        {
          ...textDoc('crew-only', 'Crew roster', 'nebula mission roster'),
          AccessControlList: acl([
            ['crew', 'GROUP', 'ALLOW'],
            ['mallory', 'USER', 'DENY'],
          ]),
        },
        { ...textDoc('ada-only', 'Flight plan', 'nebula flight plan'), AccessControlList: acl([['ada', 'USER', 'ALLOW']]) },
        textDoc('public', 'Press release', 'nebula press release'),
      ],
    });
    const visible = async (UserContext?: Record<string, unknown>) => ids(await query({ QueryText: 'nebula', ...(UserContext ? { UserContext } : {}) })).sort();
    assert.deepEqual(await visible({ UserId: 'outsider' }), ['public']);
    assert.deepEqual(await visible({ UserId: 'ada' }), ['ada-only', 'public']);
    assert.deepEqual(await visible({ UserId: 'bob', Groups: ['crew'] }), ['crew-only', 'public']);
    assert.deepEqual(await visible({ UserId: 'mallory', Groups: ['crew'] }), ['public']);
    const token = await call(endpoint, 'Query', { IndexId: index, QueryText: 'nebula', UserContext: { Token: 'eyJhbGciOi' } });
    assert.equal(token.body.__type, 'ValidationException');
  });
});
