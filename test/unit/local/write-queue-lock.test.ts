import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../../src/lib/local/store/open-store.js';
import { WriteQueue } from '../../../src/lib/local/store/write-queue.js';

describe("local store: the write queue and another process's write lock", function () {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'nimbus-lock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('waits for the lock on a timer, leaving the event loop free, and commits once it is released', async () => {
    const db = openStore(dir, [{ name: 'things', migrations: [{ version: 1, up: (d) => d.exec('CREATE TABLE t_items (name TEXT)') }] }]);
    db.pragma('busy_timeout = 2000');
    // another connection (as another worker would) holds the write lock
    const other = new Database(join(dir, 'nimbus.db'));
    other.prepare('BEGIN IMMEDIATE').run();
    other.prepare("INSERT INTO t_items (name) VALUES ('other')").run();
    try {
      const queued = new WriteQueue(db).run(() => db.prepare("INSERT INTO t_items (name) VALUES ('mine')").run());
      // runs only if the queue does not block the event loop while it waits for the lock
      const released = new Promise<void>((resolve) =>
        setTimeout(() => {
          other.prepare('COMMIT').run();
          resolve();
        }, 30),
      );
      await Promise.all([queued, released]);
      assert.deepEqual(db.prepare('SELECT name FROM t_items ORDER BY rowid').pluck().all(), ['other', 'mine']);
      assert.equal(db.pragma('busy_timeout', { simple: true }), 2000, 'the busy timeout is left as it was');
    } finally {
      if (other.inTransaction) other.prepare('ROLLBACK').run();
      other.close();
      db.close();
    }
  });
});
