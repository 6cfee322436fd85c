import { strict as assert } from 'node:assert';
import { createTestPki, startConnectProxy, type TestPki } from '../../../support/tls/index.js';
import { pdfFile } from '../../../fixtures/documents/build-documents.js';
import { activeIndex, call, ok, startTestService, until, type TestService } from '../support.js';
import { html, startTestSite, type TestSite } from './test-site.js';

// Kendra documents the web crawler data source (v1.0, WebCrawlerConfiguration) at
// https://docs.aws.amazon.com/kendra/latest/dg/data-source-web-crawler.html and its settings at
// https://docs.aws.amazon.com/kendra/latest/dg/API_WebCrawlerConfiguration.html

const ROLE = 'arn:aws:iam::000000000000:role/crawler';
const SECRET = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:site-login';

/** A service with an index, and helpers to crawl with it. */
class Crawling {
  index = '';
  constructor(readonly test: TestService) {}

  get endpoint(): string {
    return this.test.service.endpoint;
  }

  async start(): Promise<this> {
    this.index = await activeIndex(this.endpoint);
    return this;
  }

  /** Creates a web crawler data source and waits until it is ACTIVE; returns its id. */
  async dataSource(configuration: Record<string, unknown>): Promise<string> {
    const { Id } = await ok(this.endpoint, 'CreateDataSource', {
      IndexId: this.index,
      Name: `crawler-${Math.random().toString(36).slice(2, 8)}`,
      Type: 'WEBCRAWLER',
      RoleArn: ROLE,
      Configuration: { WebCrawlerConfiguration: configuration },
    });
    await until(async () => (await ok(this.endpoint, 'DescribeDataSource', { IndexId: this.index, Id })).Status === 'ACTIVE');
    return Id as string;
  }

  /** Starts a sync job of `Id` and returns its execution id. */
  async startSync(Id: string): Promise<string> {
    return (await ok(this.endpoint, 'StartDataSourceSyncJob', { IndexId: this.index, Id })).ExecutionId as string;
  }

  /** The job `executionId` of `Id` once it has ended. */
  async finished(Id: string, executionId: string, timeoutMs = 30_000): Promise<any> {
    return until(async () => {
      const history = (await ok(this.endpoint, 'ListDataSourceSyncJobs', { IndexId: this.index, Id })).History as any[];
      const job = history.find((item) => item.ExecutionId === executionId);
      return job && !['SYNCING', 'STOPPING'].includes(job.Status) ? job : undefined;
    }, timeoutMs);
  }

  /** Runs a sync of `Id` to its end and returns the job. */
  async sync(Id: string): Promise<any> {
    return this.finished(Id, await this.startSync(Id));
  }

  /** The results of a query among the documents of the data source `Id`. */
  async results(Id: string, text: string): Promise<any[]> {
    const answer = await ok(this.endpoint, 'Query', {
      IndexId: this.index,
      QueryText: text,
      PageSize: 100,
      AttributeFilter: { EqualsTo: { Key: '_data_source_id', Value: { StringValue: Id } } },
    });
    return answer.ResultItems.filter((item: any) => item.Type === 'DOCUMENT');
  }

  /** The ids (URLs) of the documents of the data source `Id` that a query finds, sorted. */
  async urls(Id: string, text: string): Promise<string[]> {
    return (await this.results(Id, text)).map((item) => item.DocumentId as string).sort();
  }
}

/** The pages a crawl requested, without robots.txt. */
const pagesRequested = (site: TestSite) => site.paths().filter((path) => path !== '/robots.txt');

describe('local search service: the web crawler data source', function () {
  this.timeout(60_000);
  let pki: TestPki;
  let crawling: Crawling;
  const sites: TestSite[] = [];
  const site = async (secure = true) => {
    const started = await startTestSite(secure ? pki : null);
    sites.push(started);
    return started;
  };

  before(async () => {
    pki = createTestPki();
    const test = await startTestService({
      createDelay: 0,
      caBundle: pki.ca.certFile,
      tokenSecrets: new Map([[SECRET, JSON.stringify({ userName: 'crawler', password: 's3cret' })]]),
    });
    crawling = await new Crawling(test).start();
  });
  after(async () => {
    for (const started of sites) await started.close();
    await crawling.test.stop();
    pki.cleanup();
  });

  // CrawlDepth: "the seed URL page is depth 1 and any hyperlinks on this page that are also crawled are depth 2".
  it('crawls from the seed to CrawlDepth, each page a document with its URL as _source_uri, its <title> and text', async () => {
    const web = await site();
    web.pages.set('/', html('Home page', 'welcome aardvark', ['/level2']));
    web.pages.set('/level2', html('Second level', 'aardvark burrows', ['/level3']));
    web.pages.set('/level3', html('Third level', 'aardvark deep', []));
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } }, CrawlDepth: 2 });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
    assert.deepEqual(pagesRequested(web), ['/', '/level2']);
    assert.equal(web.paths()[0], '/robots.txt');
    assert.match(web.log[1]!.userAgent ?? '', /amazon-kendra/);
    assert.deepEqual(await crawling.urls(Id, 'aardvark'), [`${web.origin}/`, `${web.origin}/level2`]);
    const [second] = await crawling.results(Id, 'burrows');
    assert.equal(second.DocumentURI, `${web.origin}/level2`);
    assert.equal(second.DocumentTitle.Text, 'Second level');
    const sourceUri = second.DocumentAttributes.find((attribute: any) => attribute.Key === '_source_uri');
    assert.equal(sourceUri?.Value.StringValue, `${web.origin}/level2`);
    assert.equal(job.Metrics.DocumentsAdded, '2');
  });

  // Web Crawler v1.0 crawls web pages and the attachments they link to (MaxContentSizePerPageInMegaBytes: "a web page or attachment").
  it('indexes a linked PDF with its own title and text, and skips content types it cannot read', async () => {
    const web = await site();
    web.pages.set('/', html('Start', 'tapir start', ['/report.pdf', '/logo.png', '/notes.txt']));
    web.pages.set('/report.pdf', { type: 'application/pdf', body: pdfFile('Annual tapir report', ['The tapir census grew this year.']) });
    web.pages.set('/logo.png', { type: 'image/png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
    web.pages.set('/notes.txt', { type: 'text/plain; charset=utf-8', body: 'tapir notes in plain text' });
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } } });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
    assert.equal(job.Metrics.DocumentsScanned, '3');
    assert.deepEqual(
      await crawling.urls(Id, 'tapir'),
      ['/', '/notes.txt', '/report.pdf'].map((path) => `${web.origin}${path}`),
    );
    const [pdf] = await crawling.results(Id, 'census');
    assert.equal(pdf.DocumentTitle.Text, 'Annual tapir report');
  });

  // Pages are read in the encoding they declare, as a browser reads them (HTML Standard, "Determining the character
  // encoding": a BOM, the Content-Type charset, a <meta> in the first 1,024 bytes; labels per the Encoding Standard,
  // where iso-8859-1 is windows-1252), so that Kendra's "Web Crawler" connector indexes their text, not mojibake:
  // https://docs.aws.amazon.com/kendra/latest/dg/data-source-web-crawler.html
  it('decodes pages by their Content-Type charset, their BOM or their <meta> declaration', async () => {
    const web = await site();
    const latin = (text: string) => Buffer.from(text, 'latin1');
    // "東京は日本の首都です" in Shift_JIS
    const tokyo = Buffer.from([0x93, 0x8c, 0x8b, 0x9e, 0x82, 0xcd, 0x93, 0xfa, 0x96, 0x7b, 0x82, 0xcc, 0x8e, 0xf1, 0x93, 0x73, 0x82, 0xc5, 0x82, 0xb7]);
    const pages = ['/header', '/meta', '/http-equiv', '/bom', '/undeclared'];
    web.pages.set('/', html('Charsets', 'okapi start', pages));
    web.pages.set('/header', {
      type: 'text/html; charset=iso-8859-1',
      body: Buffer.concat([
        latin('<html><head><title>Caf\u00e9 cr\u00e8me okapi '),
        Buffer.from([0x80]),
        latin('5</title></head><body>na\u00efve okapi</body></html>'),
      ]),
    });
    web.pages.set('/meta', {
      type: 'text/html',
      body: Buffer.concat([
        latin('<html><head><!-- <meta charset="koi8-r"> --><meta charset="Shift_JIS"><title>'),
        tokyo,
        latin('</title></head><body><p>okapi '),
        tokyo,
        latin('</p></body></html>'),
      ]),
    });
    web.pages.set('/http-equiv', {
      type: 'text/html',
      body: Buffer.concat([
        latin('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>Gar\u00e7on okapi</title></head><body>'),
        Buffer.from([0x93]),
        latin('quoted'),
        Buffer.from([0x94]),
        latin('</body></html>'),
      ]),
    });
    web.pages.set('/bom', { type: 'text/html', body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(html('Stra\u00dfe okapi', 'bom'), 'utf8')]) });
    web.pages.set('/undeclared', { type: 'text/html', body: Buffer.from(html('\u00dcber okapi', 'utf-8 by default'), 'utf8') });
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } } });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
    const titles = new Map((await crawling.results(Id, 'okapi')).map((item) => [new URL(item.DocumentId).pathname, item.DocumentTitle.Text]));
    assert.equal(titles.get('/header'), 'Caf\u00e9 cr\u00e8me okapi \u20ac5', 'iso-8859-1 is read as windows-1252 (0x80 is the euro sign)');
    assert.equal(titles.get('/http-equiv'), 'Gar\u00e7on okapi');
    assert.equal(titles.get('/bom'), 'Stra\u00dfe okapi');
    assert.equal(titles.get('/undeclared'), '\u00dcber okapi');
    assert.equal(titles.get('/meta'), '\u6771\u4eac\u306f\u65e5\u672c\u306e\u9996\u90fd\u3067\u3059', 'the <meta> in a comment does not count');
    assert.deepEqual(await crawling.urls(Id, '\u6771\u4eac'), [`${web.origin}/meta`], 'the Shift_JIS text is searchable');
    assert.deepEqual(await crawling.urls(Id, 'na\u00efve'), [`${web.origin}/header`]);
    assert.deepEqual(await crawling.urls(Id, 'quoted'), [`${web.origin}/http-equiv`]);
  });

  it('refuses at CreateDataSource a configuration without seeds or sitemaps, or with a pattern that is not a regular expression', async () => {
    const refused = async (configuration: Record<string, unknown>) => {
      const answer = await call(crawling.endpoint, 'CreateDataSource', {
        IndexId: crawling.index,
        Name: 'refused',
        Type: 'WEBCRAWLER',
        RoleArn: ROLE,
        Configuration: { WebCrawlerConfiguration: configuration },
      });
      assert.equal(answer.body.__type, 'ValidationException', JSON.stringify(answer.body));
      return answer.body.Message as string;
    };
    assert.match(await refused({ Urls: {} }), /no seed URL and no sitemap URL/);
    assert.match(
      await refused({ Urls: { SeedUrlConfiguration: { SeedUrls: ['https://a.example.com/'] } }, UrlExclusionPatterns: ['(unclosed'] }),
      /UrlExclusionPatterns pattern "\(unclosed" is not a valid regular expression/,
    );
  });

  // UrlInclusionPatterns / UrlExclusionPatterns: regular expressions; "If a URL matches both an inclusion and exclusion pattern, the exclusion pattern takes precedence".
  it('follows and indexes only the URLs the inclusion patterns take, never those an exclusion pattern takes', async () => {
    const web = await site();
    web.pages.set('/', html('Start', 'pangolin start', ['/docs/guide', '/docs/private/keys', '/blog/post']));
    web.pages.set('/docs/guide', html('Guide', 'pangolin guide'));
    web.pages.set('/docs/private/keys', html('Keys', 'pangolin keys'));
    web.pages.set('/blog/post', html('Post', 'pangolin post'));
    const Id = await crawling.dataSource({
      Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } },
      UrlInclusionPatterns: ['.*/docs/.*'],
      UrlExclusionPatterns: ['.*/private/.*'],
    });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
    assert.deepEqual(pagesRequested(web), ['/', '/docs/guide']);
    assert.deepEqual(await crawling.urls(Id, 'pangolin'), [`${web.origin}/docs/guide`]);
  });

  // Configuring robots.txt for the web crawler: https://docs.aws.amazon.com/kendra/latest/dg/stop-web-crawler.html
  it('obeys robots.txt: the amazon-kendra group over *, the longest matching rule, Allow on a tie', async () => {
    const web = await site();
    web.pages.set('/robots.txt', {
      type: 'text/plain',
      body: 'User-agent: *\nDisallow: /\n\nUser-agent: amazon-kendra\nDisallow: /private\nAllow: /private/open\nDisallow: /tie\nAllow: /tie\n',
    });
    web.pages.set('/', html('Start', 'okapi start', ['/private/secret', '/private/open', '/tie', '/public']));
    for (const path of ['/private/secret', '/private/open', '/tie', '/public']) web.pages.set(path, html(path, `okapi ${path}`));
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } } });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
    assert.deepEqual(pagesRequested(web), ['/', '/private/open', '/tie', '/public']);
  });

  // RFC 9309 (robots.txt), 2.3.1.4: a robots.txt that is unreachable (a server error) means complete disallow.
  it('crawls nothing of a host whose robots.txt answers a server error, and says so per page and per sitemap', async () => {
    const web = await site();
    web.pages.set('/robots.txt', { status: 503, type: 'text/plain', body: 'busy' });
    web.pages.set('/', html('Start', 'kinkajou start'));
    const Id = await crawling.dataSource({
      Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] }, SiteMapsConfiguration: { SiteMaps: [`${web.origin}/sitemap.xml`] } },
    });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'INCOMPLETE');
    assert.equal(job.Metrics.DocumentsFailed, '2');
    assert.match(job.ErrorMessage, /robots\.txt answered 503/);
    assert.deepEqual(pagesRequested(web), []);
  });

  // Urls.SiteMapsConfiguration: "the sitemap URLs of the websites you want to crawl".
  it('crawls the pages a sitemap lists, through a sitemap index', async () => {
    const web = await site();
    web.pages.set('/sitemap.xml', {
      type: 'application/xml',
      body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${web.origin}/pages.xml</loc></sitemap></sitemapindex>`,
    });
    web.pages.set('/pages.xml', {
      type: 'application/xml',
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${web.origin}/one</loc></url><url><loc>${web.origin}/two?a=1&amp;b=2</loc></url></urlset>`,
    });
    web.pages.set('/one', html('One', 'quokka one'));
    web.pages.set('/two?a=1&b=2', html('Two', 'quokka two'));
    const Id = await crawling.dataSource({ Urls: { SiteMapsConfiguration: { SiteMaps: [`${web.origin}/sitemap.xml`] } } });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
    assert.deepEqual(await crawling.urls(Id, 'quokka'), [`${web.origin}/one`, `${web.origin}/two?a=1&b=2`]);
  });

  // AuthenticationConfiguration.BasicAuthentication: host, port and a Secrets Manager secret of user name and password.
  it('sends the basic credentials of its secret to the configured host and port only', async () => {
    const web = await site();
    const other = await site();
    const expected = `Basic ${Buffer.from('crawler:s3cret').toString('base64')}`;
    web.pages.set('/', { body: html('Members', 'wombat members', [`${other.origin}/elsewhere`]), authorization: expected });
    other.pages.set('/elsewhere', html('Elsewhere', 'wombat elsewhere'));
    const Id = await crawling.dataSource({
      Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`], WebCrawlerMode: 'EVERYTHING' } },
      AuthenticationConfiguration: { BasicAuthentication: [{ Host: '127.0.0.1', Port: web.port, Credentials: SECRET }] },
    });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
    assert.deepEqual(await crawling.urls(Id, 'wombat'), [`${other.origin}/elsewhere`, `${web.origin}/`].sort());
    assert.ok(other.log.length > 0 && other.log.every((request) => request.authorization === undefined));
  });

  it('fails the sync, naming the ARN and how to give it, when the local service lacks the secret', async () => {
    const web = await site();
    const missing = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:nobody';
    const Id = await crawling.dataSource({
      Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } },
      AuthenticationConfiguration: { BasicAuthentication: [{ Host: '127.0.0.1', Port: web.port, Credentials: missing }] },
    });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'FAILED');
    assert.match(job.ErrorMessage, new RegExp(`no secret ${missing}.*--secret`));
    assert.deepEqual(web.log, []);
  });

  // WebCrawlerMode: HOST_ONLY (the default) crawls the seeds' host names only; EVERYTHING also the domains the pages link to.
  it('keeps to the seed host names in HOST_ONLY mode (the default), and follows other hosts in EVERYTHING mode', async () => {
    const web = await site();
    web.pages.set('/', html('Start', 'numbat start', [`${web.localhostOrigin}/other-host`, '/same-host']));
    web.pages.set('/same-host', html('Same', 'numbat same'));
    web.pages.set('/other-host', html('Other', 'numbat other'));
    const hostOnly = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } } });
    assert.equal((await crawling.sync(hostOnly)).Status, 'SUCCEEDED');
    assert.deepEqual(await crawling.urls(hostOnly, 'numbat'), [`${web.origin}/`, `${web.origin}/same-host`]);
    const everything = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`], WebCrawlerMode: 'EVERYTHING' } } });
    assert.equal((await crawling.sync(everything)).Status, 'SUCCEEDED');
    assert.deepEqual(await crawling.urls(everything, 'numbat'), [`${web.localhostOrigin}/other-host`, `${web.origin}/`, `${web.origin}/same-host`].sort());
  });

  // MaxLinksPerPage: "URLs on a web page are crawled in order of appearance."
  it('follows at most MaxLinksPerPage links of a page, the first ones', async () => {
    const web = await site();
    web.pages.set('/', html('Start', 'bilby start', ['/l1', '/l2', '/l3']));
    for (const path of ['/l1', '/l2', '/l3']) web.pages.set(path, html(path, `bilby ${path}`));
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } }, MaxLinksPerPage: 2 });
    assert.equal((await crawling.sync(Id)).Status, 'SUCCEEDED');
    assert.deepEqual(pagesRequested(web), ['/', '/l1', '/l2']);
  });

  // MaxContentSizePerPageInMegaBytes: "Amazon Kendra crawls only the pages and attachments up to this size."
  it('does not index a page larger than MaxContentSizePerPageInMegaBytes, and says why', async () => {
    const web = await site();
    web.pages.set('/', html('Start', 'dingo start', ['/big']));
    web.pages.set('/big', html('Big', `dingo ${'x'.repeat(20_000)}`));
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } }, MaxContentSizePerPageInMegaBytes: 0.01 });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'INCOMPLETE');
    assert.equal(job.Metrics.DocumentsFailed, '1');
    assert.match(job.ErrorMessage, /\/big.*larger than MaxContentSizePerPageInMegaBytes/);
    assert.deepEqual(await crawling.urls(Id, 'dingo'), [`${web.origin}/`]);
  });

  // Sync job metrics: https://docs.aws.amazon.com/kendra/latest/dg/API_DataSourceSyncJobMetrics.html
  it('reports the pages added, modified and deleted since the previous crawl', async () => {
    const web = await site();
    web.pages.set('/', html('Start', 'wallaby start', ['/stays', '/changes', '/goes']));
    web.pages.set('/stays', html('Stays', 'wallaby stays'));
    web.pages.set('/changes', html('Changes', 'wallaby before'));
    web.pages.set('/goes', html('Goes', 'wallaby goes'));
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } } });
    const first = await crawling.sync(Id);
    assert.deepEqual(
      [first.Metrics.DocumentsAdded, first.Metrics.DocumentsModified, first.Metrics.DocumentsDeleted, first.Metrics.DocumentsScanned],
      ['4', '0', '0', '4'],
    );
    web.pages.set('/', html('Start', 'wallaby start', ['/stays', '/changes', '/goes', '/new']));
    web.pages.set('/changes', html('Changes', 'wallaby after'));
    web.pages.delete('/goes');
    web.pages.set('/new', html('New', 'wallaby new'));
    const second = await crawling.sync(Id);
    assert.equal(second.Status, 'SUCCEEDED', second.ErrorMessage);
    assert.deepEqual(
      [second.Metrics.DocumentsAdded, second.Metrics.DocumentsModified, second.Metrics.DocumentsDeleted, second.Metrics.DocumentsScanned],
      ['1', '2', '1', '4'],
    );
    assert.deepEqual(
      await crawling.urls(Id, 'wallaby'),
      ['/', '/changes', '/new', '/stays'].map((path) => `${web.origin}${path}`),
    );
    assert.deepEqual(await crawling.urls(Id, 'before'), []);
  });

  // "You can only crawl websites that use the secure communication protocol, Hypertext Transfer Protocol Secure (HTTPS)."
  it('refuses an http:// seed with the documented HTTPS requirement', async () => {
    const web = await site(false);
    web.pages.set('/', html('Plain', 'platypus plain'));
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } } });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'FAILED');
    assert.equal(job.ErrorCode, 'InvalidRequest');
    assert.match(job.ErrorMessage, /only crawl websites that use .*HTTPS.*--allow-http-crawl/);
    assert.deepEqual(web.log, []);
  });

  // ProxyConfiguration: "Configuration information required to connect to your internal websites via a web proxy", with a Secrets Manager secret for its credentials.
  it('crawls through the configured web proxy, with the credentials of its secret', async () => {
    const web = await site();
    web.pages.set('/', html('Internal', 'bandicoot internal'));
    const proxy = await startConnectProxy({ auth: { username: 'crawler', password: 's3cret' } });
    try {
      const Id = await crawling.dataSource({
        Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } },
        ProxyConfiguration: { Host: '127.0.0.1', Port: proxy.port, Credentials: SECRET },
      });
      const job = await crawling.sync(Id);
      assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
      assert.ok(proxy.tunnels.includes(`127.0.0.1:${web.port}`), proxy.tunnels.join(' '));
      assert.equal(proxy.refused, 0);
      assert.deepEqual(await crawling.urls(Id, 'bandicoot'), [`${web.origin}/`]);
    } finally {
      await proxy.close();
    }
  });

  it('does not follow a redirect out of the crawl scope', async () => {
    const web = await site();
    web.pages.set('/', html('Start', 'echidna start', ['/moved']));
    web.pages.set('/moved', { status: 301, headers: { location: `${web.localhostOrigin}/target` } });
    web.pages.set('/target', html('Target', 'echidna target'));
    web.pages.set('/inside', html('Inside', 'echidna inside'));
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } } });
    assert.equal((await crawling.sync(Id)).Status, 'SUCCEEDED');
    assert.deepEqual(pagesRequested(web), ['/', '/moved']);
    web.pages.set('/moved', { status: 302, headers: { location: '/inside' } });
    assert.equal((await crawling.sync(Id)).Status, 'SUCCEEDED');
    assert.deepEqual(await crawling.urls(Id, 'echidna'), [`${web.origin}/`, `${web.origin}/inside`]);
  });
});

describe('local search service: the web crawler beyond the defaults', function () {
  this.timeout(60_000);
  let pki: TestPki;
  const stops: Array<() => Promise<void>> = [];

  before(() => {
    pki = createTestPki();
  });
  after(async () => {
    for (const stop of stops.reverse()) await stop();
    pki.cleanup();
  });

  const crawlingWith = async (options: Parameters<typeof startTestService>[0]) => {
    const test = await startTestService({ createDelay: 0, ...options });
    stops.push(() => test.stop());
    return new Crawling(test).start();
  };
  const siteOf = async (secure: boolean) => {
    const web = await startTestSite(secure ? pki : null);
    stops.push(() => web.close());
    return web;
  };

  // Over the document quota, Kendra fails each new document with InvalidRequest: https://docs.aws.amazon.com/kendra/latest/dg/adjusting-capacity.html
  it('fails each new page over the index document quota, and stores those that fit', async function () {
    this.timeout(180_000);
    const crawling = await crawlingWith({ caBundle: pki.ca.certFile });
    const dev = await activeIndex(crawling.endpoint, { Edition: 'DEVELOPER_EDITION', Name: 'dev' });
    crawling.index = dev;
    let next = 0;
    const worker = async () => {
      while (next < 1000) {
        const batch = next++;
        const documents = Array.from({ length: 10 }, (_, n) => ({ Id: `q${batch * 10 + n}`, Blob: 'eA==' }));
        await ok(crawling.endpoint, 'BatchPutDocument', { IndexId: dev, Documents: documents });
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    await ok(crawling.endpoint, 'BatchDeleteDocument', { IndexId: dev, DocumentIdList: ['q0'] });
    const web = await siteOf(true);
    web.pages.set('/', html('Start', 'margay start', ['/second']));
    web.pages.set('/second', html('Second', 'margay second'));
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } } });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'INCOMPLETE');
    assert.deepEqual([job.Metrics.DocumentsAdded, job.Metrics.DocumentsFailed], ['1', '1']);
    assert.match(job.ErrorMessage, /\/second.*maximum of 10000 documents/);
  });

  it('crawls http:// sites when the service allows it (local start --allow-http-crawl, an extension)', async () => {
    const crawling = await crawlingWith({ allowHttpCrawl: true });
    const web = await siteOf(false);
    web.pages.set('/', html('Plain', 'platypus plain'));
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } } });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
    assert.deepEqual(await crawling.urls(Id, 'platypus'), [`${web.origin}/`]);
  });

  it('trusts only the system store without a CA bundle: a site of a private CA fails with the TLS reason', async () => {
    const crawling = await crawlingWith({});
    const web = await siteOf(true);
    web.pages.set('/', html('Private', 'quoll private'));
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } } });
    const job = await crawling.sync(Id);
    assert.equal(job.Status, 'INCOMPLETE');
    assert.match(job.ErrorMessage, /could not be read|could not be fetched/);
    assert.match(job.ErrorMessage, /certificate/i);
  });

  // MaxUrlsPerMinuteCrawlRate: "The maximum number of URLs crawled per website host per minute."
  it('fetches a host no more often than MaxUrlsPerMinuteCrawlRate, by the service clock', async () => {
    let clock = Date.now();
    const crawling = await crawlingWith({ caBundle: pki.ca.certFile, now: () => new Date(clock) });
    const web = await siteOf(true);
    web.pages.set('/', html('Start', 'kowari start', ['/a', '/b']));
    web.pages.set('/a', html('A', 'kowari a'));
    web.pages.set('/b', html('B', 'kowari b'));
    const Id = await crawling.dataSource({ Urls: { SeedUrlConfiguration: { SeedUrls: [`${web.origin}/`] } }, MaxUrlsPerMinuteCrawlRate: 6 });
    const executionId = await crawling.startSync(Id);
    await until(async () => pagesRequested(web).length === 1);
    // The clock stands still: the next slot (10 s later at 6 URLs a minute) never comes, however long the service runs.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual(pagesRequested(web), ['/']);
    clock += 9_000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual(pagesRequested(web), ['/']);
    clock += 1_000;
    await until(async () => pagesRequested(web).length === 2);
    clock += 10_000;
    await until(async () => pagesRequested(web).length === 3);
    assert.deepEqual(pagesRequested(web), ['/', '/a', '/b']);
    const job = await crawling.finished(Id, executionId);
    assert.equal(job.Status, 'SUCCEEDED', job.ErrorMessage);
  });
});
