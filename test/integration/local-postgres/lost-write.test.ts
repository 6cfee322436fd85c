import assert from 'node:assert/strict';
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize } from 'node:v8';
import Database from 'better-sqlite3';
import pg from 'pg';
import { modules } from '../../../src/lib/local/registry.js';
import type { LocalService } from '../../../src/lib/local/server.js';
import { openPostgresNode, type PostgresNode } from '../../../src/lib/local/store/postgres/open-node.js';
import { WriteQueue } from '../../../src/lib/local/store/write-queue.js';
import { fillDisk, mountSmallDisk, unmountSmallDisk } from '../../support/small-disk.js';
import { activeIndex, call, ok, textDoc, until } from '../local-search/support.js';
import { nodesFixture } from './support.js';

/** What the test sees of one write queued on a node: the queue, and how each run of the write ended. */
interface QueuedWrite {
  queue: WriteQueue;
  runs: Array<{ ok: true } | { ok: false; code: unknown; inTransaction: boolean }>;
}

/**
 * Watches the writes queued from now on (the node runs in this process): which queue got them
 * and how each run ended, with whether the transaction was still open after a failure. It only
 * looks; the writes run as they would. Returns the writes seen and a function that stops watching.
 */
function watchWriteQueues(): { writes: QueuedWrite[]; stop(): void } {
  const writes: QueuedWrite[] = [];
  const run = WriteQueue.prototype.run;
  WriteQueue.prototype.run = function <T>(this: WriteQueue, work: () => T): Promise<T> {
    const db = (this as unknown as { db: Database.Database }).db;
    const seen: QueuedWrite = { queue: this, runs: [] };
    writes.push(seen);
    return run.call(this, () => {
      try {
        const value = work();
        seen.runs.push({ ok: true });
        return value;
      } catch (error) {
        seen.runs.push({ ok: false, code: (error as { code?: unknown }).code, inTransaction: db.inTransaction });
        throw error;
      }
    }) as Promise<T>;
  };
  return { writes, stop: () => void (WriteQueue.prototype.run = run) };
}

/** The connection a write queue writes on: the node's own. */
function connectionOf(queue: WriteQueue): Database.Database {
  return (queue as unknown as { db: Database.Database }).db;
}

/** How many writes wait in a queue for its next group. */
function pendingIn(queue: WriteQueue): number {
  return (queue as unknown as { pending: unknown[] }).pending.length;
}

/** Every string among the bound parameters of a log entry's statements. */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}

/** The log's entries in order: each one's seq and the strings among its statements' parameters. */
async function logEntries(client: pg.Client): Promise<Array<{ seq: number; strings: string[] }>> {
  const { rows } = await client.query<{ seq: string; statements: Buffer }>('SELECT seq, statements FROM nimbus_log ORDER BY seq');
  return rows.map((row) => ({ seq: Number(row.seq), strings: stringsOf(deserialize(row.statements)) }));
}

/** The document ids of a node's copy, read from its SQLite file, and the last log entry it holds. */
function copyOf(dataDir: string): { documents: string[]; appliedSeq: number } {
  const db = new Database(join(dataDir, 'nimbus.db'), { readonly: true, fileMustExist: true });
  try {
    return {
      documents: db.prepare('SELECT doc_id FROM search_documents ORDER BY doc_id').pluck().all() as string[],
      appliedSeq: db.prepare('SELECT applied_seq FROM nimbus_replica WHERE id = 1').pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

describe('local service: SQLITE_FULL on a node of a PostgreSQL store', function () {
  this.timeout(120_000);
  const fixture = nodesFixture();
  const clients: pg.Client[] = [];
  const mounts: string[] = [];
  const nodes: PostgresNode[] = [];
  fixture.cleanUp(async () => {
    for (const client of clients) await client.end().catch(() => undefined);
    for (const node of nodes) await node.close().finally(() => node.db.close());
    for (const mount of mounts) unmountSmallDisk(mount);
  });
  const newDir = fixture.dataDir;
  const start = async (databaseUrl: string, dataDir = newDir()) => ({ service: await fixture.start(databaseUrl, dataDir), dataDir });
  /** A 32 MB tmpfs, unmounted after the tests. */
  const smallDisk = () => {
    const mount = mountSmallDisk(newDir(), 32);
    mounts.push(mount);
    return mount;
  };
  const connect = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    clients.push(client);
    await client.connect();
    return client;
  };

  it('refuses only the write that hit SQLITE_FULL: nothing of it reaches the log, the writes grouped with it are appended in the next window, and every node holds exactly them', async () => {
    const url = fixture.postgres.createDatabase('lost_write');
    const a = await start(url);
    const b = await start(url);
    const index = await activeIndex(a.service.endpoint);
    const put = (...documents: Array<Record<string, unknown>>) => call(a.service.endpoint, 'BatchPutDocument', { IndexId: index, Documents: documents });
    const small = (id: string) => textDoc(id, id, `${id} cormorant on the harbour wall`);

    // the first write finds node A's queue; then its database has room for small writes only
    const watch = watchWriteQueues();
    let queue: WriteQueue;
    try {
      assert.equal((await put(small('before'))).status, 200);
      queue = watch.writes[0]!.queue;
    } finally {
      watch.stop();
    }
    const db = connectionOf(queue);
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages + 256}`);

    const head = await connect(url);
    const log = () => logEntries(head);
    const seqBefore = (await log()).at(-1)!.seq;

    // hold the log's head: node A's next window waits for it, and the writes sent meanwhile form one group
    await head.query('BEGIN; SELECT seq FROM nimbus_head WHERE id = 1 FOR UPDATE');
    const watching = watchWriteQueues();
    let answers: Awaited<ReturnType<typeof put>>[];
    try {
      const plug = put(small('plug'));
      await until(async () => watching.writes.length === 1 && pendingIn(queue) === 0);
      // a document far larger than the room left (256 pages of 4 KiB)
      const doomed = textDoc('doomed', 'doomed', Array.from({ length: 40_000 }, (_, i) => `doomed word${i} cormorant`).join(' '));
      // sent one after the other, so that they queue in this order
      const sent: Array<ReturnType<typeof put>> = [];
      for (const documents of [[small('kept-1'), small('kept-2')], [doomed], [small('kept-3')]]) {
        sent.push(put(...documents));
        await until(async () => pendingIn(queue) === sent.length);
      }
      await head.query('ROLLBACK');
      answers = [await plug, ...(await Promise.all(sent))];
    } finally {
      watching.stop();
    }

    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 500, 200],
    );
    for (const at of [0, 1, 3]) assert.deepEqual(answers[at]!.body, { FailedDocuments: [] });
    assert.equal(answers[2]!.body.__type, 'InternalServerException');
    assert.match(answers[2]!.body.Message, /^The storage of the local data dir is full, so nothing was written/);

    // the doomed write cost SQLite its transaction (the lost path), and the others ran again in a new one
    const [plugRuns, keptRuns, doomedRuns, keptLaterRuns] = watching.writes.map((write) => write.runs);
    assert.deepEqual(plugRuns, [{ ok: true }]);
    assert.deepEqual(doomedRuns, [{ ok: false, code: 'SQLITE_FULL', inTransaction: false }]);
    assert.deepEqual(keptRuns, [{ ok: true }, { ok: true }], 'ran in the lost group, then in the next');
    assert.deepEqual(keptLaterRuns, [{ ok: true }], 'queued after the doomed write: never ran in its transaction');

    // the log: the plug's window, then one window with the three kept documents, none with the doomed one
    const entries = (await log()).filter((entry) => entry.seq > seqBefore);
    assert.deepEqual(
      entries.map((entry) => entry.seq),
      [seqBefore + 1, seqBefore + 2],
    );
    assert.equal(entries[0]!.strings.includes('plug'), true);
    for (const id of ['kept-1', 'kept-2', 'kept-3']) assert.equal(entries[1]!.strings.includes(id), true, `${id} is in the second entry`);
    for (const entry of entries) assert.equal(entry.strings.includes('doomed'), false, `entry ${entry.seq} holds nothing of the doomed write`);

    const expected = ['before', 'kept-1', 'kept-2', 'kept-3', 'plug'];
    assert.deepEqual(copyOf(a.dataDir), { documents: expected, appliedSeq: seqBefore + 2 });
    assert.deepEqual(
      await until(async () => {
        const copy = copyOf(b.dataDir);
        return copy.appliedSeq === seqBefore + 2 && copy;
      }),
      { documents: expected, appliedSeq: seqBefore + 2 },
    );
    const found = async (node: LocalService) =>
      ((await ok(node.endpoint, 'Query', { IndexId: index, QueryText: 'cormorant', PageSize: 100 })).ResultItems as any[])
        .map((item) => item.DocumentId as string)
        .sort();
    assert.deepEqual(await found(a.service), expected);
    assert.deepEqual(await found(b.service), expected);

    // with room again (the limit was this connection's), node A's health finds it with a write of
    // its own (outside the log), and node A takes the write it refused
    db.pragma('max_page_count = 4294967294');
    const health = await fetch(`${a.service.endpoint}/_nimbus/health`);
    assert.equal(health.status, 200);
    assert.deepEqual(((await health.json()) as { storage: unknown }).storage, { full: false, droppedQueryLogEntries: 0 });
    assert.equal((await put(textDoc('doomed', 'doomed', 'a small doomed cormorant'))).status, 200);
    await until(async () => copyOf(b.dataDir).documents.includes('doomed'));
  });

  it('on a full disk, answers the write whose entry PostgreSQL committed though its copy could not commit it, and applies it once there is room; refuses the next writes, appending nothing', async () => {
    // a real full disk: node A's data dir is on a small tmpfs
    const mount = smallDisk();
    const url = fixture.postgres.createDatabase('full_disk');
    const a = await start(url, join(mount, 'data'));
    const b = await start(url);
    const index = await activeIndex(a.service.endpoint);
    const put = (id: string) => call(a.service.endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc(id, id, `${id} cormorant`)] });
    assert.equal((await put('before')).status, 200);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const reader = await connect(url);
    const filler = fillDisk(mount);
    let seq: number;
    try {
      // the statements run in SQLite's cache; its commit, after PostgreSQL's, finds no room for the write-ahead log
      const stored = await put('stored');
      assert.equal(stored.status, 200, JSON.stringify(stored.body));
      assert.deepEqual(stored.body, { FailedDocuments: [] });
      const entries = await logEntries(reader);
      seq = entries.at(-1)!.seq;
      assert.equal(entries.at(-1)!.strings.includes('stored'), true, 'the last entry of the log is the write');
      assert.deepEqual(copyOf(a.dataDir), { documents: ['before'], appliedSeq: seq - 1 }, "node A's copy is behind by that entry");
      await until(async () => copyOf(b.dataDir).appliedSeq === seq);
      assert.deepEqual(copyOf(b.dataDir).documents, ['before', 'stored']);
      assert.equal(
        warnings.some((warning) =>
          warning.startsWith(`this node's copy could not commit entry ${seq} of the PostgreSQL store's log, which has it (database or disk is full)`),
        ),
        true,
        warnings.join('\n'),
      );
      const health = (await (await fetch(`${a.service.endpoint}/_nimbus/health`)).json()) as { storage: { full: boolean } };
      assert.equal(health.storage.full, true);

      // the next write cannot bring the copy up to date first: refused, and nothing appended
      const refused = await put('refused');
      assert.equal(refused.status, 500);
      assert.match(refused.body.Message, /^The storage of the local data dir is full, so nothing was written/);
      assert.equal((await logEntries(reader)).at(-1)!.seq, seq);
    } finally {
      process.off('warning', onWarning);
      unlinkSync(filler);
    }

    // with room again, node A applies the entry from the log
    await until(async () => copyOf(a.dataDir).appliedSeq === seq);
    assert.deepEqual(copyOf(a.dataDir).documents, ['before', 'stored']);
    const found = ((await ok(a.service.endpoint, 'Query', { IndexId: index, QueryText: 'cormorant' })).ResultItems as any[]).map(
      (item) => item.DocumentId as string,
    );
    assert.deepEqual(found.sort(), ['before', 'stored']);
    const health = (await (await fetch(`${a.service.endpoint}/_nimbus/health`)).json()) as { storage: { full: boolean } };
    assert.equal(health.storage.full, false);
  });

  it('a node whose disk has no room for the entries another node appended says its storage is full, and applies them once there is room', async () => {
    const mount = smallDisk();
    const url = fixture.postgres.createDatabase('full_follower');
    const a = await start(url);
    const b = await start(url, join(mount, 'data'));
    const index = await activeIndex(a.service.endpoint);
    const storageOf = async (node: LocalService) =>
      ((await (await fetch(`${node.endpoint}/_nimbus/health`)).json()) as { storage: { full: boolean } }).storage.full;
    const reader = await connect(url);
    await until(async () => copyOf(b.dataDir).appliedSeq === (await logEntries(reader)).at(-1)!.seq);
    const filler = fillDisk(mount);
    let seq: number;
    try {
      const { status } = await call(a.service.endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('far', 'far', 'far cormorant')] });
      assert.equal(status, 200);
      seq = (await logEntries(reader)).at(-1)!.seq;
      assert.equal(await until(async () => storageOf(b.service)), true);
      assert.equal(copyOf(b.dataDir).appliedSeq, seq - 1);
    } finally {
      unlinkSync(filler);
    }
    await until(async () => copyOf(b.dataDir).appliedSeq === seq);
    assert.deepEqual(copyOf(b.dataDir).documents, ['far']);
    assert.equal(await storageOf(b.service), false);
  });

  it("appends nothing of a window whose work lost SQLite's transaction, though the work wrote before the statement that failed", async () => {
    const url = fixture.postgres.createDatabase('lost_window');
    const open = async () => {
      const node = await openPostgresNode({
        databaseUrl: url,
        dataDir: newDir(),
        modules,
        onError: () => undefined,
        onCopyBehind: () => undefined,
        node: 'test',
      });
      nodes.push(node);
      return node;
    };
    const [a, b] = [await open(), await open()];
    const insert = (text: string, bytes = 0) => a.db.prepare('INSERT INTO lost_notes (text, data) VALUES (?, zeroblob(?))').run(text, bytes);
    const notes = (node: PostgresNode) => node.db.prepare('SELECT text FROM lost_notes ORDER BY id').pluck().all();
    const reader = await connect(url);
    const headOfLog = async () => (await logEntries(reader)).at(-1)!.seq;
    await a.writes.window(() => a.db.exec('CREATE TABLE lost_notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL, data BLOB NOT NULL)'));
    await a.writes.window(() => insert('first'));
    const seq = await headOfLog();

    a.db.pragma(`max_page_count = ${(a.db.pragma('page_count', { simple: true }) as number) + 16}`);
    await assert.rejects(
      a.writes.window(() => {
        insert('undone with the transaction');
        // one row too large for the room left: SQLite rolls the whole transaction back
        insert('too large', 1024 * 1024);
      }),
      { code: 'SQLITE_FULL' },
    );
    assert.equal(a.db.inTransaction, false);
    assert.equal(await headOfLog(), seq, 'nothing appended');
    assert.deepEqual(notes(a), ['first']);
    assert.equal(a.writes.report().appliedSeq, seq);

    a.db.pragma('max_page_count = 4294967294');
    await a.writes.window(() => insert('second'));
    assert.equal(await headOfLog(), seq + 1);
    await b.catchUp();
    assert.deepEqual(notes(a), ['first', 'second']);
    assert.deepEqual(notes(b), ['first', 'second']);
  });
});
