import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { searchRequest, startTestService, type TestService } from '../integration/local-search/support.js';
import { SignatureV4 } from '../../src/lib/signing/sigv4.js';
import { launchChromium, missingChromium, type FreshChromium } from './chromium.js';
import { failSync, seedIndex, type SeededIndex } from './seed.js';

/** Where the screenshots of the main views go (gitignored): test artefacts. */
const SHOTS = join(process.cwd(), 'test-artifacts', 'pages');
const DAY_MS = 24 * 3600 * 1000;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** The GetSnapshots interval that holds yesterday at `nowMs` (this week, unless today starts one; else this month; else last week). */
function intervalHoldingYesterday(nowMs: number): string {
  const today = new Date(nowMs);
  if (today.getUTCDay() !== 0) return 'THIS_WEEK';
  return today.getUTCDate() !== 1 ? 'THIS_MONTH' : 'ONE_WEEK_AGO';
}

describe('experience pages in Chromium', function () {
  this.timeout(120_000);
  let service: TestService;
  let endpoint: string;
  let seeded: SeededIndex;
  let browser: FreshChromium;
  let page: Page;
  let clockOffsetMs = 0;
  /** Requests the pages made to anywhere but the local service. */
  const outside: string[] = [];
  const signer = new SignatureV4();
  /** Calls a search operation that must succeed, signed at the service's (moved) time. */
  const ok = async (operation: string, input: Record<string, unknown>): Promise<any> => {
    const request = searchRequest(endpoint, operation, JSON.stringify(input));
    const signingDate = new Date(Date.now() + clockOffsetMs);
    const { host: _host, ...headers } = signer.sign(request, { key: 'test', secret: 'test' }, { region: 'us-east-1', service: 'kendra', signingDate }).headers;
    const response = await fetch(`${endpoint}/`, { method: 'POST', headers, body: JSON.stringify(input) });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`${operation} failed with ${response.status}: ${JSON.stringify(body)}`);
    return body;
  };

  before(async function () {
    const missing = missingChromium();
    if (missing) {
      console.log(`    skipping the browser tests: ${missing}`);
      this.skip();
    }
    service = await startTestService({ now: () => new Date(Date.now() + clockOffsetMs) });
    endpoint = service.service.endpoint;
    seeded = await seedIndex(ok, service.s3Dir);
    for (let round = 0; round < 5; round++) await ok('Query', { IndexId: seeded.indexId, QueryText: 'vacation policy' });
    browser = await launchChromium();
    await browser.context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${endpoint}/`)) return route.continue();
      outside.push(url);
      return route.abort();
    });
    page = await browser.context.newPage();
    page.setDefaultTimeout(10_000);
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });

  /** The text of an element, its white space collapsed. */
  const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  const shoot = async (name: string) => {
    for (const [device, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      assert.ok((await page.evaluate<number>('document.documentElement.scrollWidth')) <= size.width, `${name} fits ${size.width} pixels`);
      await page.screenshot({ path: join(SHOTS, `${name}-${device}.png`), fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
  };
  const signIn = async (secret = 'test') => {
    await page.getByLabel('Access key ID').fill('test');
    await page.getByLabel('Secret access key').fill(secret);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  const search = async (text: string) => {
    await page.getByRole('searchbox').fill(text);
    await page.getByRole('searchbox').press('Enter');
    await page.waitForLoadState();
  };
  const count = () => textOf(page.locator('.results-head [role=status]'));

  it('refuses wrong keys with a clear message and keeps the form', async () => {
    const answer = await page.goto(seeded.home);
    assert.equal(answer!.status(), 200);
    await shoot('sign-in');
    await signIn('not-the-secret');
    assert.match(await textOf(page.getByRole('alert')), /Wrong access key ID or secret access key/);
    assert.equal(await page.getByLabel('Access key ID').inputValue(), 'test', 'the key id stays typed');
    assert.equal(await page.getByLabel('Secret access key').inputValue(), '', 'the secret is never sent back');
    assert.equal(await page.getByRole('searchbox').count(), 0);
  });

  it('signs in with an HttpOnly, SameSite=Strict, expiring session cookie', async () => {
    await signIn();
    await page.getByRole('searchbox').waitFor();
    const cookie = (await browser.context.cookies()).find((entry) => entry.name === 'nimbus_session')!;
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.ok(cookie.expires > Date.now() / 1000, 'the cookie expires');
    assert.equal(await page.evaluate('document.cookie'), '', 'no script can read the session');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'Skip to content', 'the first Tab reaches the skip link');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.id'), 'q', 'the skip link leads to the searchbox');
    for (const landmark of ['banner', 'navigation', 'main', 'search', 'contentinfo'])
      assert.equal((await page.getByRole(landmark as 'main').count()) > 0, true, landmark);
  });

  it('searches: answer and FAQ cards, titles linked to _source_uri, highlighted excerpts, confidence', async () => {
    const sizes: number[] = [];
    const onResponse = async (response: { body(): Promise<Buffer> }) => sizes.push((await response.body()).length);
    page.on('response', onResponse);
    await search('how many vacation days');
    page.off('response', onResponse);
    const faq = page.getByRole('article', { name: 'FAQ' });
    assert.match(await textOf(faq), /25 vacation days a year/);
    const links = page.locator('article.result a.result-title');
    assert.ok((await links.count()) > 0);
    assert.match((await links.first().getAttribute('href'))!, /^https:\/\/intranet\.example\.com\/policies\/vacation\//);
    assert.ok((await page.locator('article.result .excerpt mark').count()) > 0, 'excerpts carry <mark> highlights');
    assert.match(await textOf(page.locator('article.result .confidence').first()), /Confidence: (very high|high|medium|low)/);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    assert.ok(total < 200 * 1024, `the page and what it loads weigh ${total} bytes`);
    await shoot('search');
  });

  it('suggests queries as one types, picked with the keyboard', async () => {
    await page.getByRole('searchbox').fill('');
    await page.getByRole('searchbox').pressSequentially('vaca', { delay: 30 });
    const option = page.getByRole('option', { name: 'vacation policy' });
    await option.waitFor();
    await page.getByRole('searchbox').press('ArrowDown');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL(/q=vacation\+policy/);
    assert.equal(await page.getByRole('searchbox').inputValue(), 'vacation policy');
  });

  it('filters by a facet value when clicked, and back', async () => {
    await search('policy');
    assert.match((await count())!, /of 25$/);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('link', { name: /^Finance/ }).click();
    await page.waitForURL(/f=team%3AFinance/);
    assert.match((await count())!, /of 8$/);
    const chosen = filters.locator('a[aria-current=true]');
    assert.match(await textOf(chosen), /Finance/);
    await chosen.click();
    await page.waitForLoadState();
    assert.match((await count())!, /of 25$/);
  });

  it('sorts on a sortable field, and shows hostile text as text', async () => {
    await page.getByLabel('Sort by').selectOption({ label: 'Priority, descending' });
    await page.getByRole('button', { name: 'Sort' }).click();
    await page.waitForURL(/sort=priority%3ADESC/);
    const titles = await page.locator('article.result .result-title').allTextContents();
    assert.equal(titles[0], '<img src=x onerror="window.__xss=1">Hostile policy');
    assert.match(titles[1]!, /^Training policy, part 3/);
    assert.equal(await page.locator('article.result .result-title').first().getAttribute('href'), null, 'a javascript: URI is no link');
    assert.equal(await page.evaluate('window.__xss'), undefined);
  });

  it('offers the spelling suggestion', async () => {
    await search('vacaton polcy');
    const suggestion = page.locator('.spelling');
    assert.match(await textOf(suggestion), /Did you mean vacation policy\?/);
    await suggestion.getByRole('link').click();
    await page.waitForURL(/q=vacation\+policy/);
    assert.ok((await page.locator('article.result').count()) > 0);
  });

  it('pages through the results', async () => {
    await search('policy');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    assert.match((await count())!, /^Results 11–20 of 25$/);
    await pages.getByRole('link', { name: '3', exact: true }).click();
    await page.waitForURL(/page=3/);
    assert.match((await count())!, /^Results 21–25 of 25$/);
    assert.equal(await textOf(pages.locator('a[aria-current=page]')), '3');
  });

  it('records a click as feedback: in GetSnapshots and in the Analytics view; an expired session signs in again', async () => {
    await search('laptop');
    const title = await textOf(page.locator('article.result a.result-title').first());
    const recorded = page.waitForResponse((response) => response.url().endsWith('/feedback') && response.status() === 200);
    const popup = page.waitForEvent('popup');
    await page.locator('article.result a.result-title').first().click();
    await recorded;
    await (await popup).close();
    const rated = page.waitForResponse((response) => response.url().endsWith('/feedback') && response.status() === 200);
    const first = page.locator('article.result').first();
    await first.getByRole('button', { name: 'Relevant', exact: true }).click();
    await rated;
    assert.equal(await textOf(first.getByRole('status')), 'Thanks for the feedback');

    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByLabel('Interval').selectOption({ label: 'Today so far' });
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/interval=TODAY/);
    const today = page.getByRole('table', { name: 'Top clicked documents' });
    assert.match(await textOf(today), new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await shoot('analytics');

    clockOffsetMs += DAY_MS;
    const interval = intervalHoldingYesterday(Date.now() + clockOffsetMs);
    const snapshot = await ok('GetSnapshots', { IndexId: seeded.indexId, Interval: interval, MetricType: 'DOCS_BY_CLICK_COUNT' });
    assert.deepEqual(
      snapshot.SnapshotsData.map((row: string[]) => row[1]),
      [title],
    );

    await page.reload();
    assert.match(await textOf(page.getByRole('alert')), /Your session expired/);
    await signIn();
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByLabel('Interval').selectOption(interval);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(new RegExp(`interval=${interval}`));
    const table = page.getByRole('table', { name: 'Top clicked documents' });
    assert.match(await textOf(table), /Clicks/);
    assert.equal(await table.locator('tbody tr').count(), 1);
    assert.deepEqual((await table.locator('tbody tr td').allTextContents()).slice(1), [title, '1']);
  });

  it('shows the status after a failed sync: indices, the failure, a document status, the backlog and faults', async () => {
    const job = await failSync(ok, seeded);
    const faults = await fetch(`${endpoint}/_nimbus/faults`, { method: 'POST', body: 'Query.latency=1ms' });
    assert.equal(faults.status, 200);
    await page.getByRole('link', { name: 'Status' }).click();
    const indices = page.getByRole('region', { name: 'Indices' });
    assert.match(await textOf(indices), /policies this experience ACTIVE 25 1/);
    const sources = page.getByRole('region', { name: 'Data sources' });
    assert.match(await textOf(sources), /shared-drive S3 ACTIVE FAILED/);
    assert.ok((await textOf(sources)).includes(job['ErrorMessage']!));
    await page.getByLabel('Document ID').fill('vacation-0');
    await page.getByRole('button', { name: 'Look up' }).click();
    assert.match(await textOf(page.getByRole('region', { name: 'Document status' }).getByRole('status')), /vacation-0: INDEXED/);
    assert.match(await textOf(page.getByRole('region', { name: 'Embedding backlog' })), /not enabled/);
    assert.match(await textOf(page.getByRole('region', { name: 'Faults in effect' })), /Query: latencyMs 1/);
    await shoot('status');
    await fetch(`${endpoint}/_nimbus/faults`, { method: 'DELETE' });
  });

  it('refuses a cross-site request: a form posted from another origin, and the admin endpoints', async () => {
    const evil: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><form id="f" method="post" action="${seeded.home}/feedback"><input name="queryId" value="x"><input name="resultId" value="y"></form>
<script>fetch(${JSON.stringify(`${endpoint}/_nimbus/reset`)}, { method: 'POST', mode: 'no-cors' }).finally(() => document.getElementById('f').submit());</script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    try {
      const evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
      await browser.context.route(`${evilOrigin}/**`, (route) => route.continue());
      const refused = page.waitForResponse((response) => response.url() === `${seeded.home}/feedback`);
      await page.goto(`${evilOrigin}/`);
      const answer = await refused;
      assert.equal(answer.status(), 403);
      await page.waitForLoadState();
      assert.match(await textOf(page.getByRole('alert')), /Refused: a (same|cross)-site request cannot change anything here/);
      const indices = await ok('ListIndices', {});
      assert.equal(indices.IndexConfigurationSummaryItems.length, 1, 'the reset posted from the page was refused');
    } finally {
      await browser.context.unroute(`http://127.0.0.1:*/**`).catch(() => undefined);
      evil.close();
    }
  });

  it('signs out: back to the sign-in form, and the old session no longer works', async () => {
    await page.goto(seeded.home);
    const old = (await browser.context.cookies()).find((entry) => entry.name === 'nimbus_session')!.value;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const replay = await fetch(`${seeded.home}?q=policy`, { headers: { cookie: `nimbus_session=${old}` } });
    assert.match(await replay.text(), /<h1 id="sign-in-title">Sign in<\/h1>/);
  });

  it('loaded nothing from outside the local service but the documents clicked', () => {
    assert.deepEqual(
      outside.filter((url) => !url.startsWith('https://intranet.example.com/policies/')),
      [],
    );
  });
});
