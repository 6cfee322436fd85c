import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeIndex, ok, startTestService, until, type TestService } from './support.js';

describe('local search service: source URIs of S3-synced documents', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const write = (key: string, contents: string) => {
    const path = join(service.s3Dir, 'manuals', key);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, contents);
  };

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    write('guides/boiler.txt', 'Bleed the radiators every autumn.');
    write('guides/fuse box.txt', 'The fuse box is under the stairs.');
    write('guides/kettle.txt', 'Descale the kettle with vinegar.');
    write('guides/kettle.txt.metadata.json', JSON.stringify({ Attributes: { _source_uri: 'https://example.com/kettle' } }));
    const { Id } = await ok(endpoint, 'CreateDataSource', {
      IndexId: index,
      Name: 'manuals',
      Type: 'S3',
      RoleArn: 'arn:aws:iam::000000000000:role/search',
      Configuration: { S3Configuration: { BucketName: 'manuals' } },
    });
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id })).Status === 'ACTIVE');
    const { ExecutionId } = await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: index, Id });
    const job = await until(async () => {
      const found = (await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id })).History.find((item: any) => item.ExecutionId === ExecutionId);
      return found && found.Status !== 'SYNCING' ? found : undefined;
    });
    assert.equal(job.Status, 'SUCCEEDED');
  });
  after(async () => service.stop());

  const first = async (text: string) =>
    (await ok(endpoint, 'Query', { IndexId: index, QueryText: text, RequestedDocumentAttributes: ['_source_uri'] })).ResultItems[0];

  it('gives a synced object the DocumentURI and _source_uri s3://bucket/key', async () => {
    const item = await first('radiators');
    assert.equal(item.DocumentURI, 's3://manuals/guides/boiler.txt');
    assert.deepEqual(item.DocumentAttributes, [{ Key: '_source_uri', Value: { StringValue: 's3://manuals/guides/boiler.txt' } }]);
  });

  it('keeps the key as it is, spaces included', async () => {
    assert.equal((await first('stairs')).DocumentURI, 's3://manuals/guides/fuse box.txt');
  });

  it('keeps a _source_uri that the metadata file sets', async () => {
    assert.equal((await first('vinegar')).DocumentURI, 'https://example.com/kettle');
  });
});
