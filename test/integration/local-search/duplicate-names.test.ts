import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { activeIndex, startTestService, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

/**
 * Names as the API documents them: a data source name is unique in its index (CreateDataSource
 * lists ResourceAlreadyExistException; UpdateDataSource answers ConflictException); index, FAQ
 * and thesaurus names may repeat, each create making a new resource with its own id, and a
 * ClientToken makes one create safe to retry whatever its type.
 */
describe('local search service: duplicate names', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;

  before(async () => {
    service = await startTestService();
    client = new SearchClient({ region: 'us-east-1', version: 'latest', credentials: { key: 'test', secret: 'test' }, endpoint: service.service.endpoint });
    index = await activeIndex(service.service.endpoint);
    mkdirSync(join(service.s3Dir, 'kb-files'), { recursive: true });
    writeFileSync(join(service.s3Dir, 'kb-files', 'faq.csv'), 'Where is the lab?,Second floor.\n');
    writeFileSync(join(service.s3Dir, 'kb-files', 'words.txt'), 'lab, laboratory\n');
  });
  after(() => service.stop());

  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'none',
      (error: any) => error.code as string,
    );

  it('lets two indices share a name, each with its own id', async () => {
    const first = await client.createIndexAsync({ Name: 'twin', RoleArn: ROLE });
    const second = await client.createIndexAsync({ Name: 'twin', RoleArn: ROLE });
    assert.notEqual(first.Id, second.Id);
    const named = (await client.listIndicesAsync({})).IndexConfigurationSummaryItems!.filter((item) => item.Name === 'twin');
    assert.deepEqual(named.map((item) => item.Id).sort(), [first.Id, second.Id].sort());
  });

  it('lets two FAQs of an index share a name', async () => {
    const input = { IndexId: index, Name: 'lab', RoleArn: ROLE, S3Path: { Bucket: 'kb-files', Key: 'faq.csv' }, FileFormat: 'CSV' as const };
    const first = await client.createFaqAsync(input);
    const second = await client.createFaqAsync(input);
    assert.notEqual(first.Id, second.Id);
  });

  it('lets thesauri share a name (an index holds one thesaurus, so they are in different indices)', async () => {
    const input = { Name: 'words', RoleArn: ROLE, SourceS3Path: { Bucket: 'kb-files', Key: 'words.txt' } };
    const first = await client.createThesaurusAsync({ IndexId: index, ...input });
    const second = await client.createThesaurusAsync({ IndexId: await activeIndex(service.service.endpoint), ...input });
    assert.notEqual(first.Id, second.Id);
  });

  it('keeps data source names unique in an index: ResourceAlreadyExistException on create, ConflictException on rename', async () => {
    const { Id } = await client.createDataSourceAsync({ IndexId: index, Name: 'feed', Type: 'CUSTOM' });
    assert.equal(await code(client.createDataSourceAsync({ IndexId: index, Name: 'feed', Type: 'CUSTOM' })), 'ResourceAlreadyExistException');
    const other = await client.createDataSourceAsync({ IndexId: index, Name: 'other-feed', Type: 'CUSTOM' });
    await until(async () => (await client.describeDataSourceAsync({ IndexId: index, Id: other.Id! })).Status === 'ACTIVE');
    assert.equal(await code(client.updateDataSourceAsync({ IndexId: index, Id: other.Id!, Name: 'feed' })), 'ConflictException');
    const elsewhere = await activeIndex(service.service.endpoint);
    assert.equal(await code(client.createDataSourceAsync({ IndexId: elsewhere, Name: 'feed', Type: 'CUSTOM' })), 'none', 'another index may use the name');
    await until(async () => (await client.describeDataSourceAsync({ IndexId: index, Id: Id! })).Status === 'ACTIVE');
    await client.deleteDataSourceAsync({ IndexId: index, Id: Id! });
    await until(async () => (await code(client.createDataSourceAsync({ IndexId: index, Name: 'feed', Type: 'CUSTOM' }))) === 'none', 10_000);
  });

  it('answers a repeated create with the same ClientToken with the same id, for every type', async () => {
    const token = { ClientToken: 'once' };
    const indexIds = [
      await client.createIndexAsync({ Name: 'retry', RoleArn: ROLE, ...token }),
      await client.createIndexAsync({ Name: 'retry', RoleArn: ROLE, ...token }),
    ];
    assert.equal(indexIds[0]!.Id, indexIds[1]!.Id);
    const faq = { IndexId: index, Name: 'retry', RoleArn: ROLE, S3Path: { Bucket: 'kb-files', Key: 'faq.csv' }, ...token };
    assert.equal((await client.createFaqAsync(faq)).Id, (await client.createFaqAsync(faq)).Id);
    const thesaurus = {
      IndexId: await activeIndex(service.service.endpoint),
      Name: 'retry',
      RoleArn: ROLE,
      SourceS3Path: { Bucket: 'kb-files', Key: 'words.txt' },
      ...token,
    };
    assert.equal((await client.createThesaurusAsync(thesaurus)).Id, (await client.createThesaurusAsync(thesaurus)).Id);
    const source = { IndexId: index, Name: 'retry', Type: 'CUSTOM' as const, ...token };
    assert.equal((await client.createDataSourceAsync(source)).Id, (await client.createDataSourceAsync(source)).Id);
  });
});
