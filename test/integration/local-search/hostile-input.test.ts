import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../../src/lib/local/store/open-store.js';
import { MobileHttpClient } from '../local-mobile/http-client.js';
import { activeIndex, call, ok, startTestService, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

/** `leaf` wrapped `depth` times in `open`…`close`, as JSON text (JSON.stringify cannot go this deep). */
function nested(depth: number, open: string, close: string, leaf: string): string {
  return `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;
}

describe('local search service: hostile input gets a clear client error', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const logged: string[] = [];
  before(async () => {
    service = await startTestService({ onError: (error, requestId) => logged.push(`${requestId} ${(error as Error).message}`) });
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
  });
  after(async () => service.stop());

  const refused = async (operation: string, input: unknown, pattern: RegExp, rawBody?: string) => {
    const answer = await call(endpoint, operation, input, rawBody === undefined ? {} : { rawBody });
    assert.equal(answer.status, 400, JSON.stringify(answer.body).slice(0, 300));
    assert.equal(answer.body.__type, 'ValidationException');
    assert.match(answer.body.Message, pattern);
  };

  it('refuses an AttributeFilter nested 10,000 levels', async () => {
    const leaf = '{"EqualsTo":{"Key":"_category","Value":{"StringValue":"x"}}}';
    const query = (filter: string) => `{"IndexId":"${index}","QueryText":"x","AttributeFilter":${filter}}`;
    await refused('Query', {}, /nests deeper than 100 levels/, query(nested(10_000, '{"NotFilter":', '}', leaf)));
    await refused('Query', {}, /nests deeper than 100 levels/, query(nested(10_000, '{"AndAllFilters":[', ']}', leaf)));
    const shallow = JSON.parse(nested(5, '{"NotFilter":', '}', leaf));
    assert.ok(Array.isArray((await ok(endpoint, 'Query', { IndexId: index, QueryText: 'x', AttributeFilter: shallow })).ResultItems));
  });

  it('refuses integers beyond the model ranges', async () => {
    await refused('Query', { IndexId: index, QueryText: 'x', PageNumber: 1e18 }, /PageNumber.*less than or equal to 2147483647/);
    await refused('Query', { IndexId: index, QueryText: 'x', PageSize: 2 ** 31 }, /PageSize.*less than or equal to 2147483647/);
    await refused('ListIndices', { MaxResults: 101 }, /MaxResults.*less than or equal to 100/);
    const last = await ok(endpoint, 'Query', { IndexId: index, QueryText: 'x', PageNumber: 2 ** 31 - 1, PageSize: 100 });
    assert.deepEqual(last.ResultItems, []);
  });

  it('drops unknown members, however deep, instead of storing and echoing them', async () => {
    const deep = nested(9_000, '{"a":', '}', '"bottom"');
    const created = await call(
      endpoint,
      'CreateDataSource',
      {},
      {
        rawBody:
          `{"IndexId":"${index}","Name":"unknowns","Type":"S3","RoleArn":"${ROLE}","Surprise":${deep},` +
          `"Configuration":{"S3Configuration":{"BucketName":"bucket","Extra":${deep},"InclusionPrefixes":["docs/"]},"Invented":{"x":1}}}`,
      },
    );
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const Id = created.body.Id as string;
    const described = await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id });
    assert.deepEqual(described.Configuration, { S3Configuration: { BucketName: 'bucket', InclusionPrefixes: ['docs/'] } });
    assert.equal(described.Surprise, undefined);
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id })).Status === 'ACTIVE');
    const update = await call(
      endpoint,
      'UpdateDataSource',
      {},
      {
        rawBody: `{"IndexId":"${index}","Id":"${Id}","Configuration":{"S3Configuration":{"BucketName":"bucket","Other":${deep}}}}`,
      },
    );
    assert.equal(update.status, 200, JSON.stringify(update.body));
    const updated = await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id });
    assert.deepEqual(updated.Configuration, { S3Configuration: { BucketName: 'bucket' } });
  });

  it('answers an internal failure with InternalServerException, logging the cause server-side only', async () => {
    const db = new Database(join(service.dataDir, DATABASE_FILE));
    db.exec('DROP TABLE search_queries');
    db.close();
    const answer = await call(endpoint, 'Query', { IndexId: index, QueryText: 'x' });
    assert.equal(answer.status, 500);
    assert.equal(answer.body.__type, 'InternalServerException');
    assert.doesNotMatch(JSON.stringify(answer.body), /search_queries|no such table/);
    assert.match(answer.body.Message, new RegExp(answer.headers['x-amzn-requestid']!));
    assert.ok(
      logged.some((line) => line.startsWith(answer.headers['x-amzn-requestid']!) && /search_queries/.test(line)),
      logged.join('\n'),
    );
  });

  it('answers an internal failure of the mobile API with InternalFailureException and no internal text', async () => {
    const db = new Database(join(service.dataDir, DATABASE_FILE));
    db.exec('DROP TABLE mobile_projects');
    db.close();
    const client = new MobileHttpClient(endpoint, { key: 'test', secret: 'test' });
    const answer = await client.send('GET', '/projects');
    assert.equal(answer.status, 500);
    assert.equal(answer.json.__type, 'InternalFailureException');
    assert.doesNotMatch(answer.body.toString(), /mobile_projects|no such table/);
    assert.ok(
      logged.some((line) => /mobile_projects/.test(line)),
      logged.join('\n'),
    );
  });
});
