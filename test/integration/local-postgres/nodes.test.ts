import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { activeIndex, call, ok, textDoc, until } from '../local-search/support.js';
import { nodesFixture } from './support.js';

/** The parts of Query's answer that must be equal on every node (ids made per query left out). */
function answerOf(output: any): unknown {
  return {
    total: output.TotalNumberOfResults,
    items: (output.ResultItems as any[]).map((item) => ({
      id: item.DocumentId,
      type: item.Type,
      title: item.DocumentTitle?.Text,
      excerpt: item.DocumentExcerpt?.Text,
      confidence: item.ScoreAttributes?.ScoreConfidence,
    })),
  };
}

const TOPICS = ['lighthouse lamp', 'harbour tide', 'grinder burrs', 'paella rice', 'bicycle chain', 'garden roses'];

/** Documents whose rankings tie and differ: several words shared in varied amounts. */
function corpus(count: number): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length]!;
    const extra = TOPICS[(i * 7) % TOPICS.length]!;
    return textDoc(`doc-${i}`, `${topic} note ${i}`, `${topic} ${i % 3 === 0 ? topic : ''} and ${extra} care, part ${i % 5}`);
  });
}

/**
 * Runs `sql` on a running node's SQLite file from this process. A node holds its write lock
 * across the PostgreSQL round trip of a write window, and that node runs on this event loop: a
 * busy handler sleeping here would keep the window from ever committing. So this never waits in
 * SQLite, and tries again after a turn of the event loop.
 */
async function execWhenUnlocked(file: string, sql: string): Promise<void> {
  const connection = new Database(file, { timeout: 0 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        connection.exec(sql);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt === 500) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  } finally {
    connection.close();
  }
}

describe('local service: nodes of one PostgreSQL store', function () {
  this.timeout(120_000);
  const fixture = nodesFixture();
  const { dataDir, start } = fixture;

  it('a write on one node is there at once on it, soon on the other, and both answer as a SQLite service does', async () => {
    const url = fixture.postgres.createDatabase('equal_answers');
    const [a, b, alone] = [await start(url), await start(url), await start()];
    const indexOnA = await activeIndex(a.endpoint);
    const indexAlone = await activeIndex(alone.endpoint);
    const documents = corpus(60);
    for (let at = 0; at < documents.length; at += 10) {
      await ok(a.endpoint, 'BatchPutDocument', { IndexId: indexOnA, Documents: documents.slice(at, at + 10) });
      await ok(alone.endpoint, 'BatchPutDocument', { IndexId: indexAlone, Documents: documents.slice(at, at + 10) });
    }
    // read-your-writes on the node that took the write
    const onA = await ok(a.endpoint, 'Query', { IndexId: indexOnA, QueryText: 'lighthouse lamp care' });
    assert.equal(onA.TotalNumberOfResults > 0, true);
    // the other node within the bound (a poll every 500 ms besides the notifications)
    const started = Date.now();
    const onB = await until(async () => {
      const answer = await ok(b.endpoint, 'Query', { IndexId: indexOnA, QueryText: 'lighthouse lamp care' }).catch(() => undefined);
      return answer && answer.TotalNumberOfResults === onA.TotalNumberOfResults ? answer : undefined;
    });
    console.log(`      (node B had the writes ${Date.now() - started} ms after node A acknowledged them)`);
    for (const text of ['lighthouse lamp care', 'harbour', 'roses chain part', 'note 3', 'rice tide grinder']) {
      const answers = await Promise.all([a, b].map((node) => ok(node.endpoint, 'Query', { IndexId: indexOnA, QueryText: text })));
      const plain = await ok(alone.endpoint, 'Query', { IndexId: indexAlone, QueryText: text });
      assert.deepEqual(answerOf(answers[0]), answerOf(plain), `node A and SQLite alone differ for "${text}"`);
      assert.deepEqual(answerOf(answers[1]), answerOf(plain), `node B and SQLite alone differ for "${text}"`);
    }
    assert.deepEqual(answerOf(onB), answerOf(onA));
  });

  it('a request that fails after writing leaves nothing in the log: the other node has the requests sent with it, and not its writes', async () => {
    const url = fixture.postgres.createDatabase('failed_request');
    const dirOfA = dataDir();
    const [a, b] = [await start(url, dirOfA), await start(url)];
    const index = await activeIndex(a.endpoint);
    // node A's copy refuses one document (a trigger only it has), after the batch stored the one before it
    await execWhenUnlocked(
      join(dirOfA, 'nimbus.db'),
      `CREATE TRIGGER refuse_doomed AFTER INSERT ON search_documents WHEN NEW.doc_id = 'doomed-2' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    );
    const put = (...ids: string[]) => call(a.endpoint, 'BatchPutDocument', { IndexId: index, Documents: ids.map((id) => textDoc(id, id, 'cormorant')) });
    const answers = await Promise.all([put('kept-1', 'kept-2'), put('doomed-1', 'doomed-2'), put('kept-3')]);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 500, 200],
    );
    const found = (node: LocalService) =>
      ok(node.endpoint, 'Query', { IndexId: index, QueryText: 'cormorant' }).then((answer) =>
        (answer.ResultItems as any[]).map((item) => item.DocumentId).sort(),
      );
    assert.deepEqual(await found(a), ['kept-1', 'kept-2', 'kept-3']);
    assert.deepEqual(await until(async () => ((await found(b).catch(() => [])).length === 3 ? found(b) : undefined)), ['kept-1', 'kept-2', 'kept-3']);
  });

  it('a new node on an empty data dir serves the whole store', async () => {
    const url = fixture.postgres.createDatabase('new_node');
    const a = await start(url);
    const index = await activeIndex(a.endpoint);
    const documents = corpus(25);
    for (let at = 0; at < documents.length; at += 10) await ok(a.endpoint, 'BatchPutDocument', { IndexId: index, Documents: documents.slice(at, at + 10) });
    await ok(a.endpoint, 'UpdateIndex', { Id: index, Description: 'after the documents' });
    const late = await start(url);
    const described = await ok(late.endpoint, 'DescribeIndex', { Id: index });
    assert.equal(described.Description, 'after the documents');
    const everything = await ok(late.endpoint, 'Query', { IndexId: index, QueryText: 'care', PageSize: 100 });
    assert.equal(everything.TotalNumberOfResults, 25);
    assert.deepEqual(answerOf(everything), answerOf(await ok(a.endpoint, 'Query', { IndexId: index, QueryText: 'care', PageSize: 100 })));
  });

  it("a search page's session made on one node is known on the other, and signing out ends it on both", async () => {
    const url = fixture.postgres.createDatabase('page_sessions');
    const [a, b] = [await start(url), await start(url)];
    const index = await activeIndex(a.endpoint);
    const { Id } = await ok(a.endpoint, 'CreateExperience', { IndexId: index, Name: 'portal', RoleArn: 'arn:aws:iam::000000000000:role/search' });
    const home = await until(async () => {
      const described = await ok(a.endpoint, 'DescribeExperience', { IndexId: index, Id });
      return described.Status === 'ACTIVE' && new URL(described.Endpoints[0].Endpoint as string).pathname;
    });
    const cookies = new Map<string, string>();
    const page = async (endpoint: string, path: string, form?: Record<string, string>) => {
      const response = await fetch(`${endpoint}${path}`, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: endpoint, 'sec-fetch-site': 'same-origin' } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      return { status: response.status, text: await response.text() };
    };
    const form = await page(a.endpoint, home);
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)![1]!;
    assert.equal((await page(a.endpoint, `${home}/sign-in`, { csrf, accessKeyId: 'test', secretAccessKey: 'test' })).status, 303);
    const onB = await until(async () => (await page(b.endpoint, home)).text.includes('Sign out'));
    assert.equal(onB, true, 'node B knows the session');
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec((await page(b.endpoint, home)).text)![1]!;
    const session = cookies.get('nimbus_session')!;
    assert.equal((await page(b.endpoint, `${home}/sign-out`, { csrf: token })).status, 303);
    // the same cookie, shown to node A after the sign-out on B, no longer signs anybody in
    cookies.set('nimbus_session', session);
    await until(async () => (await page(a.endpoint, home)).text.includes('id="sign-in-title"'));
  });

  it('a node whose copy is ahead of a restored pg_dump rebuilds it from the log, and serves what the dump holds', async () => {
    const url = fixture.postgres.createDatabase('restored');
    const dir = dataDir();
    const notices: string[] = [];
    const first = await startLocalService({ port: 0, createDelay: 0, dataDir: dir, databaseUrl: url });
    const index = await activeIndex(first.endpoint);
    const documents = corpus(20);
    await ok(first.endpoint, 'BatchPutDocument', { IndexId: index, Documents: documents.slice(0, 10) });
    const dump = join(fixture.postgres.dir, 'restored.dump');
    fixture.postgres.dump('restored', dump);
    await ok(first.endpoint, 'BatchPutDocument', { IndexId: index, Documents: documents.slice(10, 20) });
    assert.equal((await ok(first.endpoint, 'Query', { IndexId: index, QueryText: 'care', PageSize: 100 })).TotalNumberOfResults, 20);
    await first.close();
    fixture.postgres.restore('restored', dump);
    const again = await startLocalService({ port: 0, createDelay: 0, dataDir: dir, databaseUrl: url, onUpgradeNotice: (step) => notices.push(step) });
    fixture.cleanUp(() => again.close().catch(() => undefined));
    assert.deepEqual(notices, [
      "rebuilding this node's copy from the PostgreSQL store's log (the copy is of a later state of the store than the log has: it was restored from a dump)",
    ]);
    const answer = await ok(again.endpoint, 'Query', { IndexId: index, QueryText: 'care', PageSize: 100 });
    assert.equal(answer.TotalNumberOfResults, 10);
    assert.deepEqual((answer.ResultItems as any[]).map((item) => item.DocumentId).sort(), Array.from({ length: 10 }, (_, i) => `doc-${i}`).sort());
  });
});
