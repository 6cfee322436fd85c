import { strict as assert } from 'node:assert';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { corpusIndex } from './corpus.js';
import { startTestService, type TestService } from './support.js';

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
});
