import { strict as assert } from 'node:assert';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { corpusIndex } from './corpus.js';
import { startTestService, type TestService } from './support.js';

describe('local search service: ANSWER results', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;
  const query = (QueryText: string, extra: Record<string, unknown> = {}) => client.queryAsync({ IndexId: index, QueryText, ...extra });
  const slice = (text: { Text?: string }, highlight: { BeginOffset?: number; EndOffset?: number }) =>
    text.Text!.slice(highlight.BeginOffset, highlight.EndOffset);

  before(async () => {
    service = await startTestService();
    client = new SearchClient({ region: 'us-east-1', version: 'latest', credentials: { key: 'test', secret: 'test' }, endpoint: service.service.endpoint });
    index = await corpusIndex(service.service.endpoint);
  });
  after(() => service.stop());

  it('answers a question with the best sentence of the top document, shaped as Kendra shapes it', async () => {
    const answer = await query('When does a total solar eclipse happen?');
    const [first, ...rest] = answer.ResultItems!;
    assert.equal(first!.Type, 'ANSWER');
    assert.equal(first!.Format, 'TEXT');
    assert.equal(first!.DocumentId, 'eclipse-guide');
    assert.equal(first!.DocumentTitle!.Text, 'Solar eclipse guide');
    assert.deepEqual(
      first!.AdditionalAttributes!.map((attribute) => [attribute.Key, attribute.ValueType]),
      [['AnswerText', 'TEXT_WITH_HIGHLIGHTS_VALUE']],
    );
    const text = first!.AdditionalAttributes![0]!.Value!.TextWithHighlightsValue!;
    const top = text.Highlights!.filter((highlight) => highlight.TopAnswer);
    assert.equal(top.length, 1);
    assert.equal(slice(text, top[0]!), 'A total solar eclipse happens when the moon covers the sun.');
    assert.ok(text.Highlights!.filter((highlight) => !highlight.TopAnswer).every((highlight) => /^(solar|eclipse)$/i.test(slice(text, highlight))));
    assert.equal(first!.DocumentExcerpt!.Text, text.Text);
    assert.ok(first!.DocumentExcerpt!.Highlights!.every((highlight) => highlight.TopAnswer === false));
    assert.ok(['HIGH', 'MEDIUM'].includes(first!.ScoreAttributes!.ScoreConfidence!));
    assert.ok(first!.Id!.startsWith(answer.QueryId!));
    assert.ok(rest.every((item) => item.Type === 'DOCUMENT'));
    assert.ok(
      rest.some((item) => item.DocumentId === 'eclipse-guide'),
      'the top document is still a DOCUMENT result',
    );
    assert.notEqual(rest.find((item) => item.DocumentId === 'eclipse-guide')!.Id, first!.Id);
    assert.equal(answer.TotalNumberOfResults, rest.length, 'the answer is not counted as a document');
  });

  it('treats text ending with a question mark as a question', async () => {
    assert.equal((await query('rovers red planet?')).ResultItems![0]!.Type, 'ANSWER');
  });

  it('gives no answer to a query that is not a question, on later pages, or sorted by an attribute', async () => {
    const sorted = await query('when does a solar eclipse happen', { SortingConfiguration: { DocumentAttributeKey: 'pages', SortOrder: 'DESC' } });
    assert.ok(sorted.ResultItems!.length > 0 && sorted.ResultItems!.every((item) => item.Type === 'DOCUMENT'));
    assert.ok((await query('total solar eclipse')).ResultItems!.every((item) => item.Type !== 'ANSWER'));
    assert.ok((await query('when does a solar eclipse happen', { PageNumber: 2, PageSize: 1 })).ResultItems!.every((item) => item.Type !== 'ANSWER'));
  });

  it('honours QueryResultTypeFilter', async () => {
    const only = await query('when does a solar eclipse happen', { QueryResultTypeFilter: 'ANSWER' });
    assert.deepEqual(
      only.ResultItems!.map((item) => item.Type),
      ['ANSWER'],
    );
    assert.equal(only.TotalNumberOfResults, 0);
    const documents = await query('when does a solar eclipse happen', { QueryResultTypeFilter: 'DOCUMENT' });
    assert.ok(documents.ResultItems!.length > 0 && documents.ResultItems!.every((item) => item.Type === 'DOCUMENT'));
    const faq = await query('when does a solar eclipse happen', { QueryResultTypeFilter: 'QUESTION_ANSWER' });
    assert.deepEqual(faq.ResultItems, []);
  });

  it('takes relevance feedback on an answer', async () => {
    const answer = await query('how do rovers drive?');
    const id = answer.ResultItems![0]!.Id!;
    await assert.doesNotReject(
      client.submitFeedbackAsync({ IndexId: index, QueryId: answer.QueryId!, RelevanceFeedbackItems: [{ ResultId: id, RelevanceValue: 'RELEVANT' }] }),
    );
  });
});
