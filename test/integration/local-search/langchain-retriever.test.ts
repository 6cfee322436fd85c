import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AmazonKendraRetriever } from '@langchain/aws';
import { activeIndex, ok, startTestService, textDoc, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe("local search service: LangChain's AmazonKendraRetriever, unchanged", function () {
  this.timeout(30_000);
  let service: TestService;
  let index: string;
  let seen: string[] = [];

  /** A retriever pointed at the local service; the operations its client sends are noted in `seen`. */
  const retriever = (options: { attributeFilter?: Record<string, unknown> } = {}) => {
    const made = new AmazonKendraRetriever({
      indexId: index,
      region: 'us-east-1',
      topK: 3,
      attributeFilter: options.attributeFilter as never,
      clientOptions: { endpoint: service.service.endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } },
    });
    made.kendraClient.middlewareStack.add(
      (next, context) => async (args) => {
        seen.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize' },
    );
    return made;
  };

  beforeEach(() => {
    seen = [];
  });

  before(async () => {
    service = await startTestService();
    const endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'UpdateIndex', {
      Id: index,
      DocumentMetadataConfigurationUpdates: [{ Name: 'team', Type: 'STRING_VALUE', Search: { Displayable: true, Facetable: true } }],
    });
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id: index })).Status === 'ACTIVE');
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('clouds', 'How clouds form', 'Clouds form when   warm air rises and cools... Water vapour condenses on dust.', {
          team: 'weather',
          _source_uri: 'https://example.com/clouds',
        }),
        textDoc('rain', 'Rain gauges', 'A rain gauge measures how much water falls. Clouds release the rain.', { team: 'instruments' }),
      ],
    });
    mkdirSync(join(service.s3Dir, 'faq-kb'), { recursive: true });
    writeFileSync(join(service.s3Dir, 'faq-kb', 'faq.csv'), 'What is a barometer for?,It measures air pressure.\n');
    const faq = (await ok(endpoint, 'CreateFaq', { IndexId: index, Name: 'faq', RoleArn: ROLE, S3Path: { Bucket: 'faq-kb', Key: 'faq.csv' } })).Id;
    await until(async () => (await ok(endpoint, 'DescribeFaq', { IndexId: index, Id: faq })).Status === 'ACTIVE');
  });
  after(async () => service.stop());

  it('builds documents from Retrieve passages', async () => {
    const docs = await retriever().invoke('how do clouds form');
    assert.equal(docs.length, 2);
    const [first] = docs;
    assert.equal(
      first!.pageContent,
      'Document Title: How clouds form\nDocument Excerpt: \nClouds form when warm air rises and cools Water vapour condenses on dust.\n',
    );
    assert.equal(first!.metadata.source, 'https://example.com/clouds');
    assert.equal(first!.metadata.title, 'How clouds form');
    assert.equal(first!.metadata.document_attributes.team, 'weather');
    assert.equal(first!.metadata.document_attributes._source_uri, 'https://example.com/clouds');
    assert.deepEqual(seen, ['RetrieveCommand']);
  });

  it('honours its attribute filter', async () => {
    const docs = await retriever({ attributeFilter: { EqualsTo: { Key: 'team', Value: { StringValue: 'instruments' } } } }).invoke('clouds');
    assert.deepEqual(
      docs.map((doc) => doc.metadata.title),
      ['Rain gauges'],
    );
    assert.deepEqual(seen, ['RetrieveCommand']);
  });

  it('falls back to Query when Retrieve finds no passage, and still returns documents', async () => {
    // Retrieve never returns FAQ answers; Query does
    const docs = await retriever().invoke('barometer');
    assert.equal(docs.length, 1);
    assert.equal(docs[0]!.pageContent, 'Document Title: What is a barometer for?\nDocument Excerpt: \nIt measures air pressure.\n');
    assert.equal(docs[0]!.metadata.excerpt, 'It measures air pressure.');
    assert.deepEqual(seen, ['RetrieveCommand', 'QueryCommand']);
  });

  it('returns no documents when neither call finds anything', async () => {
    assert.deepEqual(await retriever().invoke('xylophone'), []);
    assert.deepEqual(seen, ['RetrieveCommand', 'QueryCommand']);
  });
});
