import { strict as assert } from 'node:assert';
import Database from 'better-sqlite3';
import { createIndexTables, strongTermsFts } from '../../../src/lib/local/search/core/fts-tables.js';
import { searchMigrations } from '../../../src/lib/local/search/core/schema.js';
import { writeDocument, type PreparedDocument } from '../../../src/lib/local/search/resources/document-store.js';
import { WriteQueue } from '../../../src/lib/local/store/write-queue.js';

const INDEX = 1;

/** A plain-text document `id` of a few words. */
function doc(id: string): PreparedDocument {
  return { id, title: `title of ${id}`, text: `words of ${id} alpha beta gamma`, contentType: 'PLAIN_TEXT', attrs: {}, acl: null, dataSourceId: null };
}

describe('local store: a group of writes of the write queue', function () {
  let db: Database.Database;
  let queue: WriteQueue;
  beforeEach(() => {
    db = new Database(':memory:');
    for (const migration of searchMigrations) migration.up(db);
    createIndexTables(db, INDEX);
    db.exec('CREATE TABLE t_blobs (id INTEGER PRIMARY KEY, data BLOB)');
    queue = new WriteQueue(db);
  });
  afterEach(() => db.close());

  const put =
    (...ids: string[]) =>
    () => {
      for (const id of ids) writeDocument(db, INDEX, [], doc(id), 0);
      return ids.length;
    };
  /** A write that stores `id`, then fails. */
  const failing = (id: string) => () => {
    put(id)();
    throw new Error(`refused ${id}`);
  };
  const stored = () => db.prepare('SELECT doc_id FROM search_documents ORDER BY doc_id').pluck().all() as string[];
  /** The FTS5 origin of each stored document's terms: one per segment FTS5 wrote. */
  const segments = () =>
    new Set(
      db
        .prepare(`SELECT origin FROM ${strongTermsFts(INDEX)}_docsize`)
        .pluck()
        .all(),
    ).size;

  it('writes the documents of all the writes of a group as one FTS5 segment', async () => {
    const answers = await Promise.all([queue.run(put('a1', 'a2')), queue.run(put('b1', 'b2')), queue.run(put('c1')), queue.run(put('d1', 'd2'))]);
    assert.deepEqual(answers, [2, 2, 1, 2]);
    assert.deepEqual(stored(), ['a1', 'a2', 'b1', 'b2', 'c1', 'd1', 'd2']);
    assert.equal(segments(), 1, 'a savepoint per write would have made FTS5 write out each write of the group as a segment');
  });

  it('leaves no trace of a write that threw after writing, commits the others, and answers them from the run that committed', async () => {
    const runs: string[] = [];
    const results = await Promise.allSettled([
      queue.run(() => {
        runs.push('a');
        return put('a1', 'a2')();
      }),
      queue.run(() => {
        runs.push('doomed');
        put('doomed1', 'doomed2')();
        throw new Error('refused after writing');
      }),
      queue.run(() => {
        runs.push('b');
        // reads its own writes, and sees no write of the one that failed
        put('b1')();
        return stored();
      }),
    ]);
    assert.deepEqual(runs, ['a', 'doomed', 'a', 'b'], 'the group runs again without the write that threw, which runs once');
    assert.deepEqual(
      results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message)),
      [2, 'refused after writing', ['a1', 'a2', 'b1']],
    );
    assert.deepEqual(stored(), ['a1', 'a2', 'b1']);
    assert.equal(segments(), 1);
    assert.equal(db.inTransaction, false);
  });

  it('isolates a write that fails with SQLITE_FULL after a write of its own, though SQLite rolled the whole transaction back', async () => {
    // room for the small writes, not for the blob of the doomed one
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages + 64}`);
    const runs: string[] = [];
    const results = await Promise.allSettled([
      queue.run(() => {
        runs.push('a');
        return put('a1')();
      }),
      queue.run(() => {
        runs.push('doomed');
        put('doomed1')();
        db.prepare('INSERT INTO t_blobs (data) VALUES (zeroblob(4 * 1024 * 1024))').run();
      }),
      queue.run(() => {
        runs.push('b');
        return put('b1')();
      }),
    ]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.equal(((results[1] as PromiseRejectedResult).reason as { code?: string }).code, 'SQLITE_FULL');
    assert.deepEqual(runs, ['a', 'doomed', 'a', 'b'], 'the others ran again, in a transaction of their own');
    assert.deepEqual(stored(), ['a1', 'b1']);
    assert.equal(db.prepare('SELECT count(*) FROM t_blobs').pluck().get(), 0);
    assert.equal(db.inTransaction, false);
  });

  it('after two writes of a group failed, runs the rest with a savepoint each, each failing one leaving nothing', async () => {
    const results = await Promise.allSettled([
      queue.run(failing('x')),
      queue.run(put('a1')),
      queue.run(failing('y')),
      queue.run(put('b1')),
      queue.run(failing('z')),
      queue.run(put('c1')),
    ]);
    assert.deepEqual(
      results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message)),
      ['refused x', 1, 'refused y', 1, 'refused z', 1],
    );
    assert.deepEqual(stored(), ['a1', 'b1', 'c1']);
  });

  it('runs the others again in a new transaction when a failure ended the transaction, in the group with a savepoint each too', async () => {
    // SQLite itself does so on SQLITE_FULL or an I/O error in a statement it cannot undo alone
    const results = await Promise.allSettled([
      queue.run(failing('x')),
      queue.run(put('a1')),
      queue.run(failing('y')),
      queue.run(put('b1')),
      queue.run(() => {
        put('gone')();
        db.prepare('ROLLBACK').run();
        throw new Error('the transaction is gone');
      }),
      queue.run(put('c1')),
    ]);
    assert.deepEqual(
      results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message)),
      ['refused x', 1, 'refused y', 1, 'the transaction is gone', 1],
    );
    assert.deepEqual(stored(), ['a1', 'b1', 'c1']);
    assert.equal(db.inTransaction, false);
  });
});
