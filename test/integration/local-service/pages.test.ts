import { strict as assert } from 'node:assert';
import { activeIndex, ok, startTestService, textDoc, until, type TestService } from '../local-search/support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';
/** Directory ids, in IAM Identity Center's form. */
const ALICE = 'a11ce000-1111-2222-3333-444455556666';
const CAROL = 'ca501000-1111-2222-3333-444455556666';
const MALLORY = 'ba000000-1111-2222-3333-444455556666';
const BOARD = '0123456789-b0a4d000-aaaa-bbbb-cccc-ddddeeeeffff';

/** A browser-like visitor of one experience's pages: it keeps the cookies the pages set. */
class Visitor {
  readonly cookies = new Map<string, string>();
  constructor(readonly home: string) {}

  async send(path: string, init: RequestInit = {}): Promise<{ status: number; text: string; headers: Headers }> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.home}${path}`, {
      redirect: 'manual',
      ...init,
      headers: { ...(cookie ? { cookie } : {}), ...(init.headers as object) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  /** Posts a form as the page would (same origin). */
  post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const origin = new URL(this.home).origin;
    return this.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'sec-fetch-site': 'same-origin', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Opens the sign-in form and sends it; resolves to the answer. */
  async signIn(fields: Record<string, string>) {
    const form = await this.send('');
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)![1]!;
    return this.post('/sign-in', { csrf, ...fields });
  }

  /** The CSRF token of a signed-in page. */
  async csrf(): Promise<string> {
    return /<meta name="csrf-token" content="([^"]+)"/.exec((await this.send('')).text)![1]!;
  }
}

/** The document ids of the results a page shows. */
function resultIds(page: string): string[] {
  return [...page.matchAll(/href="https:\/\/docs\.example\.com\/([^"]+)"/g)].map((match) => match[1]!);
}

describe('local service: the pages of an experience (sign-in, directory, content sources, CSRF)', function () {
  let service: TestService;
  let endpoint: string;
  let indexId: string;
  let clockMs = 0;
  const experience = async (input: Record<string, unknown> = {}) => {
    const { Id } = await ok(endpoint, 'CreateExperience', { IndexId: indexId, Name: 'portal', RoleArn: ROLE, ...input });
    return until(async () => {
      const described = await ok(endpoint, 'DescribeExperience', { IndexId: indexId, Id });
      return described.Status === 'ACTIVE' && { id: Id as string, home: described.Endpoints[0].Endpoint as string };
    });
  };

  before(async () => {
    service = await startTestService({
      credentials: [
        { key: 'test', secret: 'test' },
        { key: 'ASIATEMP', secret: 'temp-secret', token: 'the-session-token' },
      ],
      now: () => new Date(Date.now() + clockMs),
      pageSessionSeconds: 600,
    });
    endpoint = service.service.endpoint;
    indexId = await activeIndex(endpoint);
    const docs = ['alpha', 'beta'].map((id) => textDoc(id, `${id} guide`, `the ${id} guide to walruses`, { _source_uri: `https://docs.example.com/${id}` }));
    await ok(endpoint, 'BatchPutDocument', { IndexId: indexId, Documents: docs });
  });
  after(() => service.stop());

  it('answers an unknown experience with 404, and a page with a strict content security policy', async () => {
    const missing = await fetch(`${endpoint}/experiences/00000000-0000-0000-0000-000000000000`);
    assert.equal(missing.status, 404);
    assert.equal((await fetch(`${endpoint}/experiences/%E0%A4%A`)).status, 404, 'a malformed id is no experience');
    const { home } = await experience();
    const page = await fetch(home);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy')!, /default-src 'none'; script-src 'self'; style-src 'self'/);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    assert.match(page.headers.get('set-cookie')!, /^nimbus_form=[\w-]+; Path=\/experiences\/[\w-]+; Max-Age=3600; HttpOnly; SameSite=Strict$/);
  });

  it('signs in temporary credentials only with their session token, and never with a secret of another key', async () => {
    const { home } = await experience();
    const visitor = new Visitor(home);
    assert.equal((await visitor.signIn({ accessKeyId: 'ASIATEMP', secretAccessKey: 'temp-secret' })).status, 401);
    assert.equal((await visitor.signIn({ accessKeyId: 'ASIATEMP', secretAccessKey: 'temp-secret', sessionToken: 'wrong' })).status, 401);
    assert.equal((await visitor.signIn({ accessKeyId: 'test', secretAccessKey: 'temp-secret' })).status, 401);
    assert.equal((await visitor.signIn({ accessKeyId: 'test', secretAccessKey: 'test', sessionToken: 'the-session-token' })).status, 401);
    const signedIn = await visitor.signIn({ accessKeyId: 'ASIATEMP', secretAccessKey: 'temp-secret', sessionToken: 'the-session-token' });
    assert.equal(signedIn.status, 303);
    assert.match(signedIn.headers.get('set-cookie')!, /^nimbus_session=[\w-]+; Path=\/experiences\/[\w-]+; Max-Age=4200; HttpOnly; SameSite=Strict$/);
    assert.match((await visitor.send('?q=walruses')).text, /Results 1–2 of 2/);
  });

  it('refuses a sign-in without the form token, and state changes from another origin or without the CSRF token', async () => {
    const { home } = await experience();
    const visitor = new Visitor(home);
    const anonymous = await visitor.post('/feedback', { queryId: 'q', resultId: 'r' });
    assert.equal(anonymous.status, 401, 'no state change without a session');
    const forged = await visitor.post('/sign-in', { csrf: 'guessed', accessKeyId: 'test', secretAccessKey: 'test' });
    assert.equal(forged.status, 403);
    assert.match(forged.text, /The sign-in form expired or was not sent from this page/);
    assert.equal((await visitor.signIn({ accessKeyId: 'test', secretAccessKey: 'test' })).status, 303);
    const csrf = await visitor.csrf();
    const foreign = await visitor.post('/sign-out', { csrf }, { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' });
    assert.equal(foreign.status, 403);
    assert.match(foreign.text, /Refused: a cross-site request cannot change anything here/);
    const otherPort = await visitor.post('/sign-out', { csrf }, { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' });
    assert.equal(otherPort.status, 403);
    const tokenless = await visitor.post('/sign-out', {});
    assert.equal(tokenless.status, 403);
    assert.match(tokenless.text, /does not carry this page’s CSRF token/);
    assert.match((await visitor.send('')).text, /Sign out/, 'still signed in');
    assert.equal((await visitor.post('/sign-out', { csrf })).status, 303);
    assert.match((await visitor.send('')).text, /<h1 id="sign-in-title">Sign in<\/h1>/);
  });

  it('ends a session when it expires', async () => {
    const { home } = await experience();
    const visitor = new Visitor(home);
    await visitor.signIn({ accessKeyId: 'test', secretAccessKey: 'test' });
    clockMs += 601_000;
    try {
      const expired = await visitor.send('?q=walruses');
      assert.equal(expired.status, 401);
      assert.match(expired.text, /Your session expired. Sign in again./);
      const suggest = await visitor.send('/suggest?q=wal');
      assert.equal(suggest.status, 401, 'and stays ended');
    } finally {
      clockMs = 0;
    }
  });

  it('admits only the users of its directory, searches as them, and shows Analytics and Status to owners only', async () => {
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: indexId,
      Documents: [
        {
          ...textDoc('secret', 'secret plans', 'the secret walruses plan', { _source_uri: 'https://docs.example.com/secret' }),
          AccessControlList: [{ Name: BOARD, Type: 'GROUP', Access: 'ALLOW' }],
        },
      ],
    });
    await ok(endpoint, 'PutPrincipalMapping', { IndexId: indexId, GroupId: BOARD, GroupMembers: { MemberUsers: [{ UserId: CAROL }] } });
    await until(async () =>
      (await ok(endpoint, 'DescribePrincipalMapping', { IndexId: indexId, GroupId: BOARD })).GroupOrderingIdSummaries?.some(
        (s: any) => s.Status === 'SUCCEEDED',
      ),
    );
    const { id, home } = await experience();
    await ok(endpoint, 'AssociateEntitiesToExperience', {
      IndexId: indexId,
      Id: id,
      EntityList: [
        { EntityId: ALICE, EntityType: 'USER' },
        { EntityId: BOARD, EntityType: 'GROUP' },
      ],
    });
    await ok(endpoint, 'AssociatePersonasToEntities', { IndexId: indexId, Id: id, Personas: [{ EntityId: BOARD, Persona: 'OWNER' }] });

    const nobody = await new Visitor(home).signIn({ accessKeyId: 'test', secretAccessKey: 'test' });
    assert.equal(nobody.status, 403);
    assert.match(nobody.text, /This experience is for the users of its directory: enter your user ID./);
    const stranger = await new Visitor(home).signIn({ accessKeyId: 'test', secretAccessKey: 'test', userId: MALLORY });
    assert.match(stranger.text, new RegExp(`User ${MALLORY} is not in the directory of this experience.`));

    const alice = new Visitor(home);
    assert.equal((await alice.signIn({ accessKeyId: 'test', secretAccessKey: 'test', userId: ALICE })).status, 303);
    const seenByAlice = await alice.send('?q=walruses');
    assert.deepEqual(resultIds(seenByAlice.text).sort(), ['alpha', 'beta'], 'the ACL hides the secret plans from alice');
    assert.doesNotMatch(seenByAlice.text, />Analytics</);
    assert.equal((await alice.send('/analytics')).status, 403);

    const carol = new Visitor(home);
    assert.equal((await carol.signIn({ accessKeyId: 'test', secretAccessKey: 'test', userId: CAROL })).status, 303, 'a member of a directory group');
    const seenByCarol = await carol.send('?q=walruses');
    assert.deepEqual(resultIds(seenByCarol.text).sort(), ['alpha', 'beta', 'secret']);
    assert.match(seenByCarol.text, />Analytics</);
    assert.equal((await carol.send('/status')).status, 200);
  });

  it('searches only the content sources of the experience', async () => {
    const { home } = await experience({ Configuration: { ContentSourceConfiguration: { DirectPutContent: false } } });
    const visitor = new Visitor(home);
    await visitor.signIn({ accessKeyId: 'test', secretAccessKey: 'test' });
    assert.match((await visitor.send('?q=walruses')).text, /This experience has no content sources to search./);

    const { Id: sourceId } = await ok(endpoint, 'CreateDataSource', { IndexId: indexId, Name: 'crawler', Type: 'CUSTOM' });
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId: indexId, Id: sourceId })).Status === 'ACTIVE');
    const crawled = textDoc('crawled', 'crawled guide', 'a crawled guide to walruses', {
      _source_uri: 'https://docs.example.com/crawled',
      _data_source_id: sourceId,
    });
    await ok(endpoint, 'BatchPutDocument', { IndexId: indexId, Documents: [crawled] });

    const fromSource = await experience({ Configuration: { ContentSourceConfiguration: { DataSourceIds: [sourceId] } } });
    const sourceVisitor = new Visitor(fromSource.home);
    await sourceVisitor.signIn({ accessKeyId: 'test', secretAccessKey: 'test' });
    assert.deepEqual(resultIds((await sourceVisitor.send('?q=walruses')).text), ['crawled']);

    const direct = await experience({ Configuration: { ContentSourceConfiguration: { DirectPutContent: true } } });
    const directVisitor = new Visitor(direct.home);
    await directVisitor.signIn({ accessKeyId: 'test', secretAccessKey: 'test' });
    assert.deepEqual(resultIds((await directVisitor.send('?q=walruses')).text).sort(), ['alpha', 'beta', 'secret'], 'the documents of no data source');
  });
});

describe('local service: page sessions in the data dir, and the limit on failed sign-ins', function () {
  let first: TestService;
  let second: TestService;
  let indexId: string;
  let clockMs = 0;
  const now = () => new Date(Date.now() + clockMs);

  before(async () => {
    first = await startTestService({ now });
    // a second process on the same data dir, as a worker of `local start --workers 2` is
    second = await startTestService({ now, dataDir: first.dataDir });
    indexId = await activeIndex(first.service.endpoint);
  });
  after(async () => {
    await second.stop();
    await first.stop();
  });

  const home = async (endpoint: string) => {
    const { Id } = await ok(endpoint, 'CreateExperience', { IndexId: indexId, Name: 'portal', RoleArn: ROLE });
    return until(async () => {
      const described = await ok(endpoint, 'DescribeExperience', { IndexId: indexId, Id });
      return described.Status === 'ACTIVE' && (described.Endpoints[0].Endpoint as string);
    });
  };

  it('knows a session on every process of the data dir, keeps only its hash, and ends it everywhere', async () => {
    const onFirst = new Visitor(await home(first.service.endpoint));
    assert.equal((await onFirst.signIn({ accessKeyId: 'test', secretAccessKey: 'test' })).status, 303);
    const onSecond = new Visitor(onFirst.home.replace(first.service.endpoint, second.service.endpoint));
    for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value);
    assert.match((await onSecond.send('')).text, /Sign out/, 'the other process knows the session');

    const { default: Database } = await import('better-sqlite3');
    const db = new Database(`${first.dataDir}/nimbus.db`, { readonly: true });
    try {
      const stored = db.prepare('SELECT id_hash FROM service_page_sessions').pluck().all() as string[];
      assert.equal(stored.length, 1);
      assert.notEqual(stored[0], onFirst.cookies.get('nimbus_session'), 'the cookie is not stored as such');
    } finally {
      db.close();
    }

    assert.equal((await onSecond.post('/sign-out', { csrf: await onSecond.csrf() })).status, 303);
    assert.match((await onFirst.send('')).text, /<h1 id="sign-in-title">Sign in<\/h1>/, 'signed out on every process');
  });

  it('refuses sign-ins from an address after 10 failures, until one more is allowed 6 s later', async () => {
    const visitor = new Visitor(await home(first.service.endpoint));
    for (let attempt = 0; attempt < 10; attempt++) {
      const failed = await visitor.signIn({ accessKeyId: 'test', secretAccessKey: `guess-${attempt}` });
      assert.equal(failed.status, 401, `failure ${attempt + 1} is a wrong key pair`);
    }
    const refused = await visitor.signIn({ accessKeyId: 'test', secretAccessKey: 'test' });
    assert.equal(refused.status, 429, 'even the right key pair waits');
    assert.match(refused.text, /Too many failed sign-ins from your address\. Try again in 6 s\./);
    assert.equal(refused.headers.get('retry-after'), '6');
    clockMs += 6_000;
    assert.equal((await visitor.signIn({ accessKeyId: 'test', secretAccessKey: 'test' })).status, 303, 'one more attempt after 6 s');
  });
});
