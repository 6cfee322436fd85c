import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeIndex, call, ok, startTestService, textDoc, until, type TestService } from './support.js';

// Kendra's advanced query syntax: Boolean operators, parentheses read in order of precedence,
// ranges on dates and numbers (inclusive, exclusive or unbounded), field conditions, trailing
// wildcards; the Retrieve API does not support it:
// https://docs.aws.amazon.com/kendra/latest/dg/searching-example.html
// https://docs.aws.amazon.com/kendra/latest/dg/hiw-index-types.html
// A trailing wildcard needs three characters or more before it (`pr*` is searched as `pr`):
// https://repost.aws/knowledge-center/kendra-wildcards-in-queries
describe('local search service: advanced query syntax', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const found = async (QueryText: string) =>
    (await ok(endpoint, 'Query', { IndexId: index, QueryText, PageSize: 100 })).ResultItems.map((item: any) => item.DocumentId).sort();
  const refused = async (QueryText: string, message: RegExp) => {
    const answer = await call(endpoint, 'Query', { IndexId: index, QueryText });
    assert.equal(answer.body.__type, 'ValidationException', QueryText);
    assert.match(answer.body.Message, message);
  };

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'UpdateIndex', {
      Id: index,
      DocumentMetadataConfigurationUpdates: [
        { Name: 'department', Type: 'STRING_VALUE', Search: { Facetable: true, Searchable: true, Displayable: true } },
        { Name: 'location', Type: 'STRING_VALUE' },
        { Name: 'priority', Type: 'LONG_VALUE' },
      ],
    });
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id: index })).Status === 'ACTIVE');
    const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('a', 'Finance budget', 'The annual budget of the finance team.', {
          department: 'Finance',
          location: 'United States',
          priority: 3,
          _created_at: day('2020-06-15'),
        }),
        textDoc('b', 'IT laptops', 'Laptop refresh for the IT team.', { department: 'IT', location: 'Canada', priority: 1, _created_at: day('2021-02-01') }),
        textDoc('c', 'Sports day', 'An amazon sports event in the rainforest.', {
          department: 'HR',
          location: 'United States',
          priority: 2,
          _created_at: day('2020-11-20'),
        }),
        textDoc('d', 'League', 'The amazon sports league.', { department: 'HR', priority: 5, _created_at: day('2019-05-05') }),
        textDoc('e', 'Templates', 'CloudFormation templates and CloudWatch alarms.', { department: 'IT', priority: 4, _created_at: day('2021-12-31') }),
      ],
    });
  });
  after(async () => service.stop());

  it('limits a search to the documents whose field holds a value', async () => {
    assert.deepEqual(await found('department:IT'), ['b', 'e']);
    assert.deepEqual(await found('department:finance'), ['a']);
    assert.deepEqual(await found('location:"United States"'), ['a', 'c']);
    assert.deepEqual(await found('_document_title:"IT laptops"'), ['b']);
    assert.deepEqual(await found('sports location:"United States"'), ['c'], 'beside text, a field condition filters');
    assert.deepEqual(await found('amazon NOT location:"United States"'), ['d']);
    assert.deepEqual(await found('colour:red'), [], 'a name that is no field of the index is text');
  });

  it('searches ranges of numbers, inclusive, exclusive or unbounded', async () => {
    assert.deepEqual(await found('priority:>1'), ['a', 'c', 'd', 'e']);
    assert.deepEqual(await found('priority:>=4'), ['d', 'e']);
    assert.deepEqual(await found('priority:<2'), ['b']);
    assert.deepEqual(await found('priority:[2 TO 4]'), ['a', 'c', 'e']);
    assert.deepEqual(await found('priority:{2 TO 4]'), ['a', 'e']);
    assert.deepEqual(await found('priority:[4 TO *]'), ['d', 'e']);
    assert.deepEqual(await found('priority:3'), ['a']);
  });

  it('searches ranges of dates by day or by time', async () => {
    assert.deepEqual(await found('_created_at:>2019-12-31 AND _created_at:<2021-01-01'), ['a', 'c'], 'created in 2020');
    assert.deepEqual(await found('_created_at:[2020-01-01 TO 2020-12-31]'), ['a', 'c']);
    assert.deepEqual(await found('_created_at:>=2021-01-01'), ['b', 'e']);
    assert.deepEqual(await found('_created_at:<=2021-12-31T00:00:00Z'), ['a', 'b', 'c', 'd']);
    assert.deepEqual(await found('_created_at:2021-12-31'), ['e']);
  });

  it('reads parentheses in order of precedence', async () => {
    assert.deepEqual(await found('amazon AND sports'), ['c', 'd']);
    assert.deepEqual(await found('(amazon AND sports) NOT rainforest'), ['d']);
    assert.deepEqual(await found('(amazon OR laptop) NOT (rainforest OR refresh)'), ['d']);
    assert.deepEqual(await found('(budget OR laptops) AND department:IT'), ['b']);
    assert.deepEqual(await found('(department:HR OR department:IT) AND priority:>=4'), ['d', 'e']);
    assert.deepEqual(await found('(the laptops) OR (the budget)'), ['a', 'b'], 'optional stop words are dropped, as in plain query text');
  });

  // "Searching with advanced query syntax" (https://docs.aws.amazon.com/kendra/latest/dg/searching-example.html):
  // the operators join conditions of any kind into one Boolean expression, so `laptops OR department:IT`
  // finds the documents that hold "laptops" and those of the IT department
  describe('text and field conditions joined by OR', () => {
    const ranked = async (QueryText: string, extra: Record<string, unknown> = {}) => {
      const answer = await ok(endpoint, 'Query', { IndexId: index, QueryText, PageSize: 100, ...extra });
      return { ids: answer.ResultItems.map((item: any) => item.DocumentId), total: answer.TotalNumberOfResults, facets: answer.FacetResults };
    };

    it('finds the documents of either side, those found by text first, then the others by recency and id', async () => {
      assert.deepEqual((await ranked('laptops OR department:IT')).ids, ['b', 'e']);
      assert.deepEqual((await ranked('department:IT OR laptops')).ids, ['b', 'e'], 'whichever side comes first');
      const either = await ranked('budget OR department:HR', { Facets: [{ DocumentAttributeKey: 'department' }] });
      assert.deepEqual(either.ids, ['a', 'c', 'd']);
      assert.equal(either.total, 3, 'TotalNumberOfResults counts the whole Boolean set');
      const counts = either.facets[0].DocumentAttributeValueCountPairs.map((pair: any) => [pair.DocumentAttributeValue.StringValue, pair.Count]);
      assert.deepEqual(counts.sort(), [
        ['Finance', 1],
        ['HR', 2],
      ]);
      const second = await ok(endpoint, 'Query', { IndexId: index, QueryText: 'budget OR department:HR', PageSize: 2, PageNumber: 2 });
      assert.deepEqual(
        second.ResultItems.map((item: any) => item.DocumentId),
        ['d'],
      );
    });

    it('joins field conditions with OR without parentheses', async () => {
      assert.deepEqual(await found('department:HR OR department:IT'), ['b', 'c', 'd', 'e']);
      assert.deepEqual(await found('priority:>=5 OR location:Canada'), ['b', 'd']);
    });

    it('evaluates groups of text and fields as written', async () => {
      assert.deepEqual((await ranked('(laptops AND refresh) OR priority:>=5')).ids, ['b', 'd']);
      assert.deepEqual(await found('(sports OR department:Finance) AND location:"United States"'), ['a', 'c']);
      assert.deepEqual(await found('NOT (budget OR department:IT)'), ['c', 'd'], 'NOT over text and fields together');
      const mixed = await ranked('amazon OR department:IT NOT laptops');
      assert.deepEqual(mixed.ids.slice(0, 2).sort(), ['c', 'd'], 'the documents holding "amazon" come first');
      assert.deepEqual(mixed.ids.slice(2), ['e'], 'then the IT one without "laptops"');
      assert.deepEqual(await found('(sports location:"United States") OR budget'), ['a', 'c'], 'side by side, a field condition still filters its neighbours');
    });

    it('answers from the FAQs the Boolean expression lets through', async () => {
      mkdirSync(join(service.s3Dir, 'kb-faqs'), { recursive: true });
      writeFileSync(join(service.s3Dir, 'kb-faqs', 'faq.csv'), 'How do I order laptops?,Ask the IT desk for laptops.\n');
      const faq = (
        await ok(endpoint, 'CreateFaq', {
          IndexId: index,
          Name: 'it',
          S3Path: { Bucket: 'kb-faqs', Key: 'faq.csv' },
          RoleArn: 'arn:aws:iam::000000000000:role/faq',
        })
      ).Id as string;
      await until(async () => (await ok(endpoint, 'DescribeFaq', { IndexId: index, Id: faq })).Status === 'ACTIVE');
      const types = async (QueryText: string) =>
        (await ok(endpoint, 'Query', { IndexId: index, QueryText, PageSize: 100 })).ResultItems.map((item: any) => `${item.Type}:${item.DocumentId ?? ''}`);
      const either = await types('laptops OR department:IT');
      assert.equal(either[0]!.split(':')[0], 'QUESTION_ANSWER', either.join(' '));
      assert.deepEqual(either.slice(1), ['DOCUMENT:b', 'DOCUMENT:e']);
      assert.ok(!(await types('NOT (laptops OR department:IT)')).some((type: string) => type.startsWith('QUESTION_ANSWER')));
    });

    it('highlights the words of the text side', async () => {
      const answer = await ok(endpoint, 'Query', { IndexId: index, QueryText: 'laptops OR department:IT', PageSize: 100 });
      const first = answer.ResultItems.find((item: any) => item.DocumentId === 'b');
      assert.ok(first.DocumentTitle.Highlights.length > 0, JSON.stringify(first.DocumentTitle));
      const fieldOnly = answer.ResultItems.find((item: any) => item.DocumentId === 'e');
      assert.equal(fieldOnly.ScoreAttributes.ScoreConfidence, 'NOT_AVAILABLE');
    });
  });

  it('matches trailing wildcards of three characters or more', async () => {
    assert.deepEqual(await found('Cloud*'), ['e']);
    assert.deepEqual(await found('Cl*'), [], 'searched as the word "cl"');
  });

  it('refuses bad syntax with a ValidationException', async () => {
    await refused('(amazon AND sports', /opening parenthesis without a closing one/);
    await refused('amazon) sports', /closing parenthesis without an opening one/);
    await refused('priority:>high', /priority holds numbers; "high" in QueryText is not a whole number/);
    await refused('_created_at:>yesterday', /_created_at holds dates; "yesterday" in QueryText is not an ISO 8601 date/);
    await refused('department:[a TO b]', /ranges apply to date and number fields/);
  });

  it('is not supported by Retrieve, which searches the words as they are', async () => {
    const retrieved = await ok(endpoint, 'Retrieve', { IndexId: index, QueryText: 'department:IT' });
    assert.deepEqual(retrieved.ResultItems, []);
  });
});
