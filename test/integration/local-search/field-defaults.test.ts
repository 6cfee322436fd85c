import { strict as assert } from 'node:assert';
import { activeIndex, call, ok, startTestService, textDoc, until, type TestService } from './support.js';

describe('local search service: default search settings of new fields', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'UpdateIndex', {
      Id: index,
      DocumentMetadataConfigurationUpdates: [
        { Name: 'team', Type: 'STRING_VALUE' },
        { Name: 'tags', Type: 'STRING_LIST_VALUE', Search: { Facetable: true } },
        { Name: 'pages', Type: 'LONG_VALUE' },
        { Name: 'published', Type: 'DATE_VALUE' },
        { Name: 'hidden', Type: 'STRING_VALUE', Search: { Searchable: false } },
      ],
    });
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id: index })).Status === 'ACTIVE');
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [textDoc('a', 'Notes', 'meeting notes', { team: 'zeppelin', tags: ['quasar'], pages: 3, hidden: 'walrus' })],
    });
  });
  after(async () => service.stop());

  it('makes string fields searchable and number and date fields not', async () => {
    const fields = (await ok(endpoint, 'DescribeIndex', { Id: index })).DocumentMetadataConfigurations;
    const search = (name: string) => fields.find((field: any) => field.Name === name).Search;
    assert.deepEqual(search('team'), { Facetable: false, Searchable: true, Displayable: true, Sortable: false });
    assert.deepEqual(search('tags'), { Facetable: true, Searchable: true, Displayable: true, Sortable: false });
    assert.equal(search('pages').Searchable, false);
    assert.equal(search('published').Searchable, false);
    assert.equal(search('hidden').Searchable, false);
  });

  it('finds documents by the text of fields searchable by default, not by the others', async () => {
    const found = async (text: string) => (await ok(endpoint, 'Query', { IndexId: index, QueryText: text })).ResultItems.map((item: any) => item.DocumentId);
    assert.deepEqual(await found('zeppelin'), ['a']);
    assert.deepEqual(await found('quasar'), ['a']);
    assert.deepEqual(await found('walrus'), []);
  });

  it('still refuses a searchable number field', async () => {
    const answer = await call(endpoint, 'UpdateIndex', {
      Id: index,
      DocumentMetadataConfigurationUpdates: [{ Name: 'count', Type: 'LONG_VALUE', Search: { Searchable: true } }],
    });
    assert.equal(answer.body.__type, 'ValidationException');
  });
});
