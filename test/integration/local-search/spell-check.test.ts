import { strict as assert } from 'node:assert';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { corpusIndex } from './corpus.js';
import { activeIndex, ok, startTestService, textDoc, type TestService } from './support.js';

describe('local search service: spelling suggestions', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;
  const spell = async (QueryText: string) =>
    client.queryAsync({ IndexId: index, QueryText, SpellCorrectionConfiguration: { IncludeQuerySpellCheckSuggestions: true } });

  before(async () => {
    service = await startTestService();
    client = new SearchClient({ region: 'us-east-1', version: 'latest', credentials: { key: 'test', secret: 'test' }, endpoint: service.service.endpoint });
    index = await corpusIndex(service.service.endpoint);
  });
  after(() => service.stop());

  it('corrects words no document contains to the nearest words of the index, with their offsets', async () => {
    const answer = await spell('solar eclpse telescpoe');
    assert.deepEqual(answer.SpellCorrectedQueries, [
      {
        SuggestedQueryText: 'solar eclipse telescope',
        Corrections: [
          { BeginOffset: 6, EndOffset: 12, Term: 'eclpse', CorrectedTerm: 'eclipse' },
          { BeginOffset: 13, EndOffset: 22, Term: 'telescpoe', CorrectedTerm: 'telescope' },
        ],
      },
    ]);
    assert.deepEqual(answer.ResultItems!.map((item) => item.DocumentId).slice(0, 1), ['eclipse-guide'], 'the results are those of the query as typed');
  });

  it('suggests nothing when every word is known, or too far from any known word', async () => {
    assert.deepEqual((await spell('lunar eclipse')).SpellCorrectedQueries, []);
    assert.deepEqual((await spell('xylophone')).SpellCorrectedQueries, []);
  });

  it('leaves short words, stop words, prefixes and quoted phrases alone', async () => {
    assert.deepEqual((await spell('su "lunr eclipse" telesc* the')).SpellCorrectedQueries, []);
  });

  it('keeps the rest of the query text as it is', async () => {
    const answer = await spell('Mars  rovres!');
    assert.equal(answer.SpellCorrectedQueries![0]!.SuggestedQueryText, 'Mars  rovers!');
  });

  it('answers no SpellCorrectedQueries when suggestions are not asked for', async () => {
    assert.equal((await client.queryAsync({ IndexId: index, QueryText: 'eclpse' })).SpellCorrectedQueries, undefined);
    const off = await client.queryAsync({ IndexId: index, QueryText: 'eclpse', SpellCorrectionConfiguration: { IncludeQuerySpellCheckSuggestions: false } });
    assert.equal(off.SpellCorrectedQueries, undefined);
  });

  // Kendra suggests the words written in the indexed documents nearest to the words typed, and
  // leaves alone words under 3 or over 30 characters and words with digits; a hyphenated word
  // is one word ('yaer-end' → 'year-end'); the words come from document bodies, more reliable than titles:
  // https://docs.aws.amazon.com/kendra/latest/dg/query-spell-check.html
  describe('the words compared', () => {
    let own: string;
    const suggest = async (QueryText: string) =>
      (await client.queryAsync({ IndexId: own, QueryText, SpellCorrectionConfiguration: { IncludeQuerySpellCheckSuggestions: true } })).SpellCorrectedQueries;

    before(async () => {
      const { endpoint } = service.service;
      own = await activeIndex(endpoint);
      await ok(endpoint, 'BatchPutDocument', {
        IndexId: own,
        Documents: [
          textDoc('winter', 'Winter', 'Snowflakes fall on the mountains in winter.'),
          textDoc('handbook', 'Handbook', 'The vacation policy gives every employee twenty days. Year-end financial statements are due in March.'),
          textDoc('lung', 'Lungs', 'Pneumonoultramicroscopicsilicovolcanoconiosis is a disease of the lungs.'),
        ],
      });
    });

    it('corrects a word whose stem the documents hold but which they never write so', async () => {
      assert.deepEqual(await suggest('snowflaks'), [
        { SuggestedQueryText: 'snowflakes', Corrections: [{ BeginOffset: 0, EndOffset: 9, Term: 'snowflaks', CorrectedTerm: 'snowflakes' }] },
      ]);
    });

    it('counts a transposition of neighbours as one edit', async () => {
      const [suggestion] = (await suggest('vacatoin polcy'))!;
      assert.equal(suggestion!.SuggestedQueryText, 'vacation policy');
      assert.deepEqual(
        suggestion!.Corrections!.map((item) => [item.Term, item.CorrectedTerm]),
        [
          ['vacatoin', 'vacation'],
          ['polcy', 'policy'],
        ],
      );
    });

    it('corrects a hyphenated word as one word', async () => {
      assert.deepEqual(await suggest('yaer-end statments'), [
        {
          SuggestedQueryText: 'year-end statements',
          Corrections: [
            { BeginOffset: 0, EndOffset: 8, Term: 'yaer-end', CorrectedTerm: 'year-end' },
            { BeginOffset: 9, EndOffset: 18, Term: 'statments', CorrectedTerm: 'statements' },
          ],
        },
      ]);
    });

    it('leaves words with digits and words over 30 characters alone', async () => {
      assert.deepEqual(await suggest('polcy2 vacatoin9'), []);
      assert.deepEqual(await suggest('pneumonoultramicroscopicsilicovolcanoconoisis'), []);
    });

    it('corrects to the words of document bodies, not of titles', async () => {
      assert.deepEqual(await suggest('handbok'), [], '"Handbook" is only a title');
      assert.equal((await suggest('mountians'))![0]!.SuggestedQueryText, 'mountains');
    });

    it('leaves a word written in the documents alone', async () => {
      assert.deepEqual(await suggest('snowflakes vacation policy year-end'), []);
    });
  });
});
