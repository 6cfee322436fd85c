import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestPki, type TestPki } from '../../../support/tls/index.js';
import { activeIndex, call, ok, startTestService, until, type TestService } from '../support.js';
import { html, startTestSite, type TestSite } from './test-site.js';

// Kendra's Web Crawler connector v2.0 is a TEMPLATE data source whose TemplateConfiguration.Template follows the
// "Amazon Kendra Web Crawler template schema" (type WEBCRAWLERV2, syncMode, connectionConfiguration.repositoryEndpointMetadata
// with seedUrlConnections / siteMapUrls / s3SeedUrl and authentication, repositoryConfigurations field mappings,
// additionalProperties: rateLimit, maxFileSize, crawlDepth, maxLinksPerUrl, crawlSubDomain, crawlAllDomain, honorRobots,
// crawlAttachments, URL crawl and index patterns, proxy):
// https://docs.aws.amazon.com/kendra/latest/dg/data-source-v2-web-crawler.html
// https://docs.aws.amazon.com/kendra/latest/dg/ds-schemas.html#ds-schema-web-crawler

const ROLE = 'arn:aws:iam::000000000000:role/crawler';
const SECRET = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:site-login';

/** A WEBCRAWLERV2 template with the schema's required members, the seeds given and `more` additional properties. */
function template(seeds: string[], more: Record<string, unknown> = {}, top: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'WEBCRAWLERV2',
    syncMode: 'FULL_CRAWL',
    version: '1.0.0',
    connectionConfiguration: {
      repositoryEndpointMetadata: { seedUrlConnections: seeds.map((seedUrl) => ({ seedUrl })), authentication: 'NoAuthentication' },
    },
    repositoryConfigurations: {},
    additionalProperties: {
      rateLimit: '300',
      maxFileSize: '50',
      crawlDepth: '2',
      maxLinksPerUrl: '100',
      crawlSubDomain: false,
      crawlAllDomain: false,
      honorRobots: true,
      ...more,
    },
    ...top,
  };
}

describe('local search service: the Web Crawler v2.0 TEMPLATE data source', function () {
  this.timeout(60_000);
  let pki: TestPki;
  let test: TestService;
  let endpoint: string;
  let index: string;
  const sites: TestSite[] = [];
  const site = async () => {
    const started = await startTestSite(pki);
    sites.push(started);
    return started;
  };
  const create = (Template: unknown) =>
    call(endpoint, 'CreateDataSource', {
      IndexId: index,
      Name: `template-${Math.random().toString(36).slice(2, 8)}`,
      Type: 'TEMPLATE',
      RoleArn: ROLE,
      Configuration: { TemplateConfiguration: { Template } },
    });
  const dataSource = async (Template: unknown): Promise<string> => {
    const answer = await create(Template);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const Id = answer.body.Id as string;
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id })).Status === 'ACTIVE');
    return Id;
  };
  const sync = async (Id: string) => {
    const { ExecutionId } = await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: index, Id });
    return until(async () => {
      const history = (await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id })).History as any[];
      const job = history.find((item) => item.ExecutionId === ExecutionId);
      return job && !['SYNCING', 'STOPPING'].includes(job.Status) ? job : undefined;
    }, 30_000);
  };
  const results = async (Id: string, QueryText: string) =>
    (
      await ok(endpoint, 'Query', {
        IndexId: index,
        QueryText,
        PageSize: 100,
        AttributeFilter: { EqualsTo: { Key: '_data_source_id', Value: { StringValue: Id } } },
      })
    ).ResultItems.filter((item: any) => item.Type === 'DOCUMENT');
  const paths = async (Id: string, QueryText: string) => (await results(Id, QueryText)).map((item: any) => new URL(item.DocumentId).pathname).sort();

  before(async () => {
    pki = createTestPki();
    test = await startTestService({
      createDelay: 0,
      caBundle: pki.ca.certFile,
      tokenSecrets: new Map([[SECRET, JSON.stringify({ userName: 'crawler', password: 's3cret' })]]),
    });
    endpoint = test.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'UpdateIndex', { Id: index, DocumentMetadataConfigurationUpdates: [{ Name: 'heading', Type: 'STRING_VALUE' }] });
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id: index })).Status === 'ACTIVE');
  });
  after(async () => {
    for (const started of sites) await started.close();
    await test.stop();
    pki.cleanup();
  });

  it('crawls like WEBCRAWLER: seeds to crawlDepth, BasicAuth with the template secret, page_title mapped to an index field', async () => {
    const web = await site();
    const expected = `Basic ${Buffer.from('crawler:s3cret').toString('base64')}`;
    web.pages.set('/', { body: html('Home page', 'numbat welcome', ['/level2']), authorization: expected });
    web.pages.set('/level2', { body: html('Second level', 'numbat burrows', ['/level3']), authorization: expected });
    web.pages.set('/level3', { body: html('Third level', 'numbat deep'), authorization: expected });
    const basic = template([`${web.origin}/`], {}, { secretArn: SECRET, repositoryConfigurations: {} });
    (basic.connectionConfiguration as any).repositoryEndpointMetadata.authentication = 'BasicAuth';
    basic.repositoryConfigurations = {
      webPage: { fieldMappings: [{ dataSourceFieldName: 'page_title', indexFieldName: 'heading', indexFieldType: 'STRING' }] },
    };
    const Id = await dataSource(basic);
    const job = await sync(Id);
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
    assert.deepEqual(
      web.paths().filter((path) => path !== '/robots.txt'),
      ['/', '/level2'],
    );
    assert.deepEqual(await paths(Id, 'numbat'), ['/', '/level2']);
    const [second] = await results(Id, 'burrows');
    assert.equal(second.DocumentTitle.Text, 'Second level');
    const heading = second.DocumentAttributes.find((attribute: any) => attribute.Key === 'heading');
    assert.equal(heading?.Value.StringValue, 'Second level');
    assert.equal(job.Metrics.DocumentsAdded, '2');
  });

  it('ignores robots.txt unless honorRobots, indexes attachments only with crawlAttachments, and applies the index patterns', async () => {
    const web = await site();
    web.pages.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /private\n' });
    web.pages.set('/', html('Start', 'quoll start', ['/private', '/notes.txt', '/listing']));
    web.pages.set('/private', html('Private', 'quoll private'));
    web.pages.set('/notes.txt', { type: 'text/plain', body: 'quoll notes' });
    web.pages.set('/listing', html('Listing', 'quoll listing', ['/leaf']));
    web.pages.set('/leaf', html('Leaf', 'quoll leaf'));
    const Id = await dataSource(template([`${web.origin}/`], { crawlDepth: '3', honorRobots: 'false', exclusionURLIndexPatterns: ['.*/listing$'] }));
    const job = await sync(Id);
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
    assert.ok(!web.paths().includes('/robots.txt'), 'robots.txt is not read without honorRobots');
    assert.deepEqual(await paths(Id, 'quoll'), ['/', '/leaf', '/private'], 'the listing is followed but not indexed; the text file is no attachment to index');

    const withAttachments = await dataSource(template([`${web.origin}/`], { crawlAttachments: true, honorRobots: true }));
    assert.equal((await sync(withAttachments)).Status, 'SUCCEEDED');
    assert.deepEqual(await paths(withAttachments, 'quoll'), ['/', '/listing', '/notes.txt'], 'robots.txt keeps /private out');
  });

  it('reads the seeds of s3SeedUrl (one a line) and the sitemap of s3SiteMapUrl from the local S3 dir', async () => {
    const web = await site();
    web.pages.set('/a', html('A', 'dunnart a'));
    web.pages.set('/b', html('B', 'dunnart b'));
    mkdirSync(join(test.s3Dir, 'seeds-bucket', 'lists'), { recursive: true });
    writeFileSync(join(test.s3Dir, 'seeds-bucket', 'lists', 'seeds.txt'), `${web.origin}/a\n\n${web.origin}/b\n`);
    const fromS3 = template([]);
    (fromS3.connectionConfiguration as any).repositoryEndpointMetadata.s3SeedUrl = 's3://seeds-bucket/lists/seeds.txt';
    const job = await sync(await dataSource(fromS3));
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
    assert.equal(job.Metrics.DocumentsAdded, '2');
    // a sitemap in S3: its pages crawled at level 1, through the URL patterns
    web.pages.set('/c', html('C', 'dunnart c'));
    web.pages.set('/skipped', html('Skipped', 'dunnart skipped'));
    const urlset = ['/c', '/skipped'].map((path) => `<url><loc>${web.origin}${path}</loc></url>`).join('');
    writeFileSync(
      join(test.s3Dir, 'seeds-bucket', 'lists', 'sitemap.xml'),
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urlset}</urlset>`,
    );
    const sitemapTemplate = template([], { exclusionURLCrawlPatterns: ['.*/skipped$'] });
    (sitemapTemplate.connectionConfiguration as any).repositoryEndpointMetadata.s3SiteMapUrl = 's3://seeds-bucket/lists/sitemap.xml';
    const fromSitemap = await dataSource(sitemapTemplate);
    const sitemapJob = await sync(fromSitemap);
    assert.equal(sitemapJob.Status, 'SUCCEEDED', sitemapJob.ErrorMessage);
    assert.deepEqual(await paths(fromSitemap, 'dunnart'), ['/c']);
    const missing = template([]);
    (missing.connectionConfiguration as any).repositoryEndpointMetadata.s3SeedUrl = 's3://seeds-bucket/lists/none.txt';
    const failed = await sync(await dataSource(missing));
    assert.equal(failed.Status, 'FAILED');
    assert.match(failed.ErrorMessage, /The seed URL file s3:\/\/seeds-bucket\/lists\/none\.txt \(s3SeedUrl\) could not be read/);
  });

  it('keeps the documents a re-crawl would delete when more than deletionProtectionThreshold percent would go (enableDeletionProtection)', async () => {
    const web = await site();
    web.pages.set('/', html('Start', 'bilby start', ['/a', '/b', '/c']));
    for (const path of ['/a', '/b', '/c']) web.pages.set(path, html(path, `bilby ${path}`));
    const Id = await dataSource(template([`${web.origin}/`], { enableDeletionProtection: 'true', deletionProtectionThreshold: '30' }));
    assert.equal((await sync(Id)).Metrics.DocumentsAdded, '4');
    web.pages.set('/', html('Start', 'bilby start', ['/c']));
    const protectedJob = await sync(Id);
    assert.equal(protectedJob.Status, 'SUCCEEDED', protectedJob.ErrorMessage);
    assert.equal(protectedJob.Metrics.DocumentsDeleted, '0', '2 of 4 (50%) is over 30%');
    assert.deepEqual(await paths(Id, 'bilby'), ['/', '/a', '/b', '/c']);
    web.pages.set('/', html('Start', 'bilby start', ['/a', '/b']));
    const allowed = await sync(Id);
    assert.equal(allowed.Metrics.DocumentsDeleted, '1', '1 of 4 (25%) is within 30%');
    assert.deepEqual(await paths(Id, 'bilby'), ['/', '/a', '/b']);
  });

  it('refuses a malformed template at CreateDataSource and UpdateDataSource with a ValidationException', async () => {
    const refused = async (Template: unknown, message: RegExp) => {
      const answer = await create(Template);
      assert.equal(answer.body.__type, 'ValidationException', JSON.stringify(Template));
      assert.match(answer.body.Message, message);
    };
    const seeds = ['https://example.com/'];
    await refused({ connectionConfiguration: {} }, /JSON object with its data source type in "type"/);
    await refused(template(seeds, { crawlDepth: 'deep' }), /additionalProperties\.crawlDepth must be a whole number of 0 or more/);
    await refused(template(seeds, { maxFileSize: '51' }), /additionalProperties\.maxFileSize must be a number from 0\.000001 to 50/);
    const { connectionConfiguration, syncMode } = template(seeds);
    await refused({ type: 'WEBCRAWLERV2', connectionConfiguration }, /syncMode is required/);
    // every additional property has a documented default
    assert.equal((await create({ type: 'WEBCRAWLERV2', syncMode, connectionConfiguration })).status, 200);
    await refused(template(seeds, {}, { syncMode: 'SOMETIMES' }), /syncMode must be one of FORCED_FULL_CRAWL, FULL_CRAWL/);
    await refused(template(['ftp://example.com/']), /seedUrlConnections\[0\]\.seedUrl is "ftp:\/\/example\.com\/", which is not an https:\/\/ URL/);
    await refused(
      template(seeds, { exclusionURLCrawlPatterns: ['(unclosed'] }),
      /exclusionURLCrawlPatterns holds "\(unclosed", which is not a valid regular expression/,
    );
    await refused(template([]), /gives no seedUrlConnections, siteMapUrls, s3SeedUrl or s3SiteMapUrl/);
    const Id = await dataSource(template(seeds));
    const update = await call(endpoint, 'UpdateDataSource', {
      IndexId: index,
      Id,
      Configuration: { TemplateConfiguration: { Template: template(seeds, { honorRobots: 'maybe' }) } },
    });
    assert.equal(update.body.__type, 'ValidationException');
    assert.match(update.body.Message, /additionalProperties\.honorRobots must be true or false/);
  });

  it('fails the sync of another connector template, or of a sign-in it cannot do, with the reason', async () => {
    const other = await dataSource({ type: 'SALESFORCEV2', syncMode: 'FULL_CRAWL', connectionConfiguration: {} });
    const job = await sync(other);
    assert.equal(job.Status, 'FAILED');
    assert.match(job.ErrorMessage, /cannot crawl TEMPLATE data sources of type SALESFORCEV2 \(that connector needs its own service\)/);
    const form = template(['https://example.com/'], {}, { secretArn: SECRET });
    (form.connectionConfiguration as any).repositoryEndpointMetadata.authentication = 'Form';
    const formJob = await sync(await dataSource(form));
    assert.equal(formJob.Status, 'FAILED');
    assert.match(formJob.ErrorMessage, /cannot sign in with Form authentication/);
  });
});
