import { strict as assert } from 'node:assert';
import { activeIndex, ok, startTestService, textDoc, until, type TestService } from './support.js';

const DOCS = [
  textDoc('vacation', 'Leave policy', 'Employees accrue 20 vacation days per year.'),
  textDoc('laptop', 'Equipment', 'Every new hire receives a laptop on the first day. Lost laptops must be reported to IT within 24 hours.'),
  textDoc('parking', 'Parking', 'The garage on Pine Street is open to staff from 6 am to 10 pm. Visitors park on level 2.'),
  textDoc('expenses', 'Travel expenses', 'Hotel stays are reimbursed up to 180 dollars per night. Submit receipts within 30 days of the trip.'),
];

async function embedded(endpoint: string): Promise<void> {
  await until(async () => {
    const health = (await (await fetch(`${endpoint}/_nimbus/health`)).json()) as { counts: { search: { passagesToEmbed: number } } };
    return health.counts.search.passagesToEmbed === 0;
  }, 60_000);
}

describe('semantic search: hybrid Query and Retrieve with the built-in model', function () {
  this.timeout(120_000);
  let test: TestService;
  let indexId: string;
  before(async () => {
    test = await startTestService({ embeddings: 'builtin' });
    indexId = await activeIndex(test.service.endpoint);
    await ok(test.service.endpoint, 'BatchPutDocument', { IndexId: indexId, Documents: DOCS });
    await embedded(test.service.endpoint);
  });
  after(() => test.stop());

  for (const question of ['how much time off am I allowed annually', 'time off allowance']) {
    it(`Query and Retrieve find the vacation document for "${question}", which shares no word with it`, async () => {
      const { endpoint } = test.service;
      const query = await ok(endpoint, 'Query', { IndexId: indexId, QueryText: question });
      const documents = query.ResultItems.filter((item: { Type: string }) => item.Type === 'DOCUMENT');
      assert.equal(documents[0]?.DocumentId, 'vacation');
      const retrieve = await ok(endpoint, 'Retrieve', { IndexId: indexId, QueryText: question });
      assert.equal(retrieve.ResultItems[0]?.DocumentId, 'vacation');
      assert.equal(retrieve.ResultItems[0]?.Content, 'Employees accrue 20 vacation days per year.');
    });
  }

  it("finds by meaning a question with a word that splits in two (I'm, two-year-old): only a quoted phrase or +word asks for exact words", async () => {
    const { endpoint } = test.service;
    for (const question of ["where's my car supposed to go while I'm at my desk", 'where do I put my car during the work-day']) {
      const query = await ok(endpoint, 'Query', { IndexId: indexId, QueryText: question, QueryResultTypeFilter: 'DOCUMENT' });
      assert.equal(query.ResultItems[0]?.DocumentId, 'parking', question);
      const retrieve = await ok(endpoint, 'Retrieve', { IndexId: indexId, QueryText: question });
      assert.equal(retrieve.ResultItems[0]?.DocumentId, 'parking', question);
    }
  });

  it('answers a question from the best passage, TopAnswer marking the amount, not the whole sentence', async () => {
    const query = await ok(test.service.endpoint, 'Query', { IndexId: indexId, QueryText: 'how much time off am I allowed annually' });
    const answer = query.ResultItems.find((item: { Type: string }) => item.Type === 'ANSWER');
    assert.ok(answer, 'an ANSWER item');
    const text = answer.AdditionalAttributes[0].Value.TextWithHighlightsValue;
    const top = text.Highlights.find((highlight: { TopAnswer: boolean }) => highlight.TopAnswer);
    assert.equal(text.Text.slice(top.BeginOffset, top.EndOffset), '20 vacation days');
  });

  it('rates confidence by evidence: words that occur nowhere get nothing HIGH or above; a keyword query of a title stays first', async () => {
    const { endpoint } = test.service;
    const nonsense = await ok(endpoint, 'Query', { IndexId: indexId, QueryText: 'zorblax quintessor flimwhistle' });
    for (const item of nonsense.ResultItems) assert.ok(['MEDIUM', 'LOW'].includes(item.ScoreAttributes.ScoreConfidence), JSON.stringify(item.ScoreAttributes));
    const retrieved = await ok(endpoint, 'Retrieve', { IndexId: indexId, QueryText: 'zorblax quintessor flimwhistle' });
    for (const item of retrieved.ResultItems) assert.ok(['MEDIUM', 'LOW'].includes(item.ScoreAttributes.ScoreConfidence));
    const title = await ok(endpoint, 'Query', { IndexId: indexId, QueryText: 'Travel expenses' });
    assert.equal(title.ResultItems[0].DocumentId, 'expenses');
  });

  it('keeps TotalNumberOfResults of a query whose words match: the keyword matches; a paraphrase counts what meaning found', async () => {
    const { endpoint } = test.service;
    const keyword = await ok(endpoint, 'Query', { IndexId: indexId, QueryText: 'laptop', Facets: [{ DocumentAttributeKey: '_category' }] });
    assert.equal(keyword.TotalNumberOfResults, 1, 'only the laptop document holds the word, whatever else is near it in meaning');
    const paraphrase = await ok(endpoint, 'Query', { IndexId: indexId, QueryText: 'time off allowance', QueryResultTypeFilter: 'DOCUMENT' });
    assert.equal(paraphrase.TotalNumberOfResults, paraphrase.ResultItems.length);
    assert.ok(paraphrase.TotalNumberOfResults >= 1);
  });

  // "Searching with advanced query syntax" (https://docs.aws.amazon.com/kendra/latest/dg/searching-example.html): text OR a
  // field condition is one Boolean set; meaning ranks within it and adds nothing outside it
  it('keeps a Boolean query of text OR a field to its set: the text matches first, then the documents only the field lets through', async () => {
    const { endpoint } = test.service;
    const answer = await ok(endpoint, 'Query', { IndexId: indexId, QueryText: 'laptop OR _document_title:Parking', QueryResultTypeFilter: 'DOCUMENT' });
    assert.deepEqual(
      answer.ResultItems.map((item: { DocumentId: string }) => item.DocumentId),
      ['laptop', 'parking'],
    );
    assert.equal(answer.TotalNumberOfResults, 2);
  });

  it('keeps keyword operators exact: a quoted phrase returns only its matches, -word excludes by meaning too', async () => {
    const { endpoint } = test.service;
    const phrase = await ok(endpoint, 'Query', { IndexId: indexId, QueryText: '"Pine Street"' });
    assert.deepEqual(
      phrase.ResultItems.map((item: { DocumentId: string }) => item.DocumentId),
      ['parking'],
    );
    const excluded = await ok(endpoint, 'Query', { IndexId: indexId, QueryText: 'annual vacation allowance -employees' });
    assert.ok(!excluded.ResultItems.some((item: { DocumentId: string }) => item.DocumentId === 'vacation'));
  });

  it('applies attribute filters to the documents found by meaning', async () => {
    const { endpoint } = test.service;
    const filtered = await ok(endpoint, 'Query', {
      IndexId: indexId,
      QueryText: 'how much time off am I allowed annually',
      AttributeFilter: { NotFilter: { EqualsTo: { Key: '_document_id', Value: { StringValue: 'vacation' } } } },
    });
    assert.ok(!filtered.ResultItems.some((item: { DocumentId: string }) => item.DocumentId === 'vacation'));
    const retrieved = await ok(endpoint, 'Retrieve', {
      IndexId: indexId,
      QueryText: 'time off allowance',
      AttributeFilter: { EqualsTo: { Key: '_document_id', Value: { StringValue: 'parking' } } },
    });
    assert.ok(retrieved.ResultItems.every((item: { DocumentId: string }) => item.DocumentId === 'parking'));
  });
});
