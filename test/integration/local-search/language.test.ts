import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeIndex, ok, startTestService, textDoc, until, type TestService } from './support.js';

describe('local search service: the language of queries', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const ids = async (input: Record<string, unknown>) =>
    (await ok(endpoint, 'Query', { IndexId: index, PageSize: 100, ...input })).ResultItems.map((item: any) => item.DocumentId).sort();
  const language = (code: string) => ({ EqualsTo: { Key: '_language_code', Value: { StringValue: code } } });

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('guide-en', 'Paella guide', 'How to cook paella with saffron.'),
        textDoc('guide-es', 'Guía de paella', 'Cómo cocinar paella con azafrán.', { _language_code: 'es' }),
        textDoc('guide-fr', 'Guide de la paella', 'Comment cuisiner la paella au safran.', { _language_code: 'fr' }),
      ],
    });
  });
  after(async () => service.stop());

  it('searches English documents when the filter names no language', async () => {
    assert.deepEqual(await ids({ QueryText: 'paella' }), ['guide-en']);
    assert.deepEqual(await ids({ QueryText: 'azafrán' }), []);
    const answer = await ok(endpoint, 'Query', { IndexId: index, QueryText: 'paella' });
    assert.equal(answer.TotalNumberOfResults, 1, 'documents in other languages are not counted either');
  });

  it('searches the language a filter on _language_code asks for', async () => {
    assert.deepEqual(await ids({ QueryText: 'paella', AttributeFilter: language('es') }), ['guide-es']);
    assert.deepEqual(await ids({ QueryText: 'azafrán', AttributeFilter: language('es') }), ['guide-es']);
    assert.deepEqual(await ids({ QueryText: 'paella', AttributeFilter: { OrAllFilters: [language('en'), language('fr')] } }), ['guide-en', 'guide-fr']);
    assert.deepEqual(await ids({ QueryText: 'paella', AttributeFilter: { NotFilter: language('es') } }), ['guide-en', 'guide-fr']);
  });

  it('answers from an FAQ in its LanguageCode only when the filter asks for that language', async () => {
    mkdirSync(join(service.s3Dir, 'faq-files'), { recursive: true });
    writeFileSync(join(service.s3Dir, 'faq-files', 'es.csv'), '¿Cuánto azafrán lleva la paella?,Una pizca de azafrán.\n');
    writeFileSync(join(service.s3Dir, 'faq-files', 'en.csv'), 'How much saffron goes in paella?,A pinch of saffron.\n');
    for (const [name, LanguageCode] of [
      ['es', 'es'],
      ['en', undefined],
    ] as const) {
      const { Id } = await ok(endpoint, 'CreateFaq', {
        IndexId: index,
        Name: name,
        RoleArn: 'arn:aws:iam::000000000000:role/search',
        S3Path: { Bucket: 'faq-files', Key: `${name}.csv` },
        ...(LanguageCode ? { LanguageCode } : {}),
      });
      await until(async () => (await ok(endpoint, 'DescribeFaq', { IndexId: index, Id })).Status === 'ACTIVE');
    }
    const answers = async (QueryText: string, extra: Record<string, unknown> = {}) =>
      (await ok(endpoint, 'Query', { IndexId: index, QueryText, QueryResultTypeFilter: 'QUESTION_ANSWER', ...extra })).ResultItems.map(
        (item: any) => item.DocumentExcerpt.Text,
      );
    assert.deepEqual(await answers('paella saffron azafrán'), ['A pinch of saffron.']);
    assert.deepEqual(await answers('paella azafrán', { AttributeFilter: language('es') }), ['Una pizca de azafrán.']);
  });

  it('analyses the words of a query in the language it asks for with that language’s rules', async () => {
    const spanish = language('es');
    assert.deepEqual(await ids({ QueryText: 'cocinando', AttributeFilter: spanish }), ['guide-es'], 'cocinando and cocinar share their Spanish stem');
    assert.deepEqual(
      await ids({
        QueryText: 'cocinando',
        AttributeFilter: { AndAllFilters: [spanish, { EqualsTo: { Key: '_file_type', Value: { StringValue: 'PLAIN_TEXT' } } }] },
      }),
      ['guide-es'],
    );
    assert.deepEqual(
      await ids({ QueryText: 'cocinando', AttributeFilter: { OrAllFilters: [spanish, language('fr')] } }),
      [],
      'no one language, no language rules',
    );
    assert.deepEqual(await ids({ QueryText: 'cuisinait', AttributeFilter: language('fr') }), ['guide-fr'], 'cuisinait and cuisiner share their French stem');
    const item = (await ok(endpoint, 'Query', { IndexId: index, QueryText: 'cocinando', AttributeFilter: spanish })).ResultItems[0];
    const excerpt = item.DocumentExcerpt;
    assert.deepEqual(
      excerpt.Highlights.map((h: any) => excerpt.Text.slice(h.BeginOffset, h.EndOffset)),
      ['cocinar'],
    );
  });

  it('keeps the English scope beside other filters, and without query text', async () => {
    assert.deepEqual(await ids({ QueryText: 'paella', AttributeFilter: { EqualsTo: { Key: '_file_type', Value: { StringValue: 'PLAIN_TEXT' } } } }), [
      'guide-en',
    ]);
    assert.deepEqual(await ids({ AttributeFilter: { EqualsTo: { Key: '_file_type', Value: { StringValue: 'PLAIN_TEXT' } } } }), ['guide-en']);
  });
});
