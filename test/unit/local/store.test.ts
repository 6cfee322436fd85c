import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../../src/lib/local/store/open-store.js';
import { WriteQueue } from '../../../src/lib/local/store/write-queue.js';
import type { Migration } from '../../../src/lib/local/types.js';

describe('local store', function () {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-store-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const one: Migration = { version: 1, up: (db) => db.exec('CREATE TABLE t_items (id INTEGER PRIMARY KEY, name TEXT)') };
  const two: Migration = { version: 2, up: (db) => db.exec('ALTER TABLE t_items ADD COLUMN size INTEGER') };

  it('opens in WAL mode with synchronous=FULL and applies migrations once, per module', () => {
    const db = openStore(dir, [{ name: 'things', migrations: [one] }]);
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(db.pragma('synchronous', { simple: true }), 2);
    db.prepare("INSERT INTO t_items (name) VALUES ('kept')").run();
    db.close();
    const again = openStore(dir, [
      { name: 'things', migrations: [two, one] },
      { name: 'other', migrations: [] },
    ]);
    assert.deepEqual(again.prepare("SELECT module, version FROM schema_migrations WHERE module != 'service' ORDER BY version").raw().all(), [
      ['things', 1],
      ['things', 2],
    ]);
    assert.deepEqual(again.prepare('SELECT name, size FROM t_items').raw().all(), [['kept', null]]);
    again.close();
  });

  it('rolls back every pending step of a module when one fails', () => {
    const broken: Migration = { version: 2, up: (db) => db.exec('CREATE TABLE t_half (x); THIS IS NOT SQL') };
    assert.throws(() => openStore(dir, [{ name: 'things', migrations: [one, broken] }]), /syntax error/);
    const db = openStore(dir, []);
    assert.equal(db.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('t_items', 't_half')").pluck().get(), 0);
    db.close();
  });

  it('refuses a data dir written by a newer version', () => {
    openStore(dir, [{ name: 'things', migrations: [one, two] }]).close();
    assert.throws(() => openStore(dir, [{ name: 'things', migrations: [one] }]), /schema version 2, newer than this nimbus knows \(1\)/);
  });

  it('commits writes queued in one turn together, isolating a failing one', async () => {
    const db = openStore(dir, [{ name: 'things', migrations: [one] }]);
    const queue = new WriteQueue(db);
    const events: string[] = [];
    const insert = (name: string) => () => {
      events.push(`write ${name}${db.inTransaction ? ' in a transaction' : ''}`);
      return db.prepare('INSERT INTO t_items (name) VALUES (?)').run(name).lastInsertRowid;
    };
    const settle = (name: string) => (promise: Promise<unknown>) => promise.finally(() => events.push(`settled ${name}`));
    const results = await Promise.allSettled([
      settle('a')(queue.run(insert('a'))),
      settle('doomed')(
        queue.run(() => {
          insert('doomed')();
          throw new Error('refused');
        }),
      ),
      settle('b')(queue.run(insert('b'))),
    ]);
    assert.deepEqual(
      events.slice(0, 4),
      ['write a in a transaction', 'write doomed in a transaction', 'write a in a transaction', 'write b in a transaction'],
      'one group (run again without the write that failed), settled after',
    );
    assert.equal(results[0].status, 'fulfilled');
    assert.equal(results[1].status, 'rejected');
    assert.equal(results[2].status, 'fulfilled');
    assert.deepEqual(db.prepare('SELECT name FROM t_items ORDER BY id').pluck().all(), ['a', 'b']);
    assert.equal(db.inTransaction, false);
    db.close();
  });
});
