import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { LEASE_TTL_MS, SqliteLeaderLease } from '../../../src/lib/local/store/leader-lease.js';
import { openStore } from '../../../src/lib/local/store/open-store.js';

describe('local store: the leader lease of background work', function () {
  let dir: string;
  let first: Database.Database;
  let second: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-lease-'));
    first = openStore(dir, []);
    second = new Database(join(dir, 'nimbus.db'));
  });
  afterEach(() => {
    first.close();
    second.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is held by one process at a time, taken over once it lapses, and fences out the holder that hung past it', () => {
    const a = new SqliteLeaderLease(first, 'ticker', 'host:1:a');
    const b = new SqliteLeaderLease(second, 'ticker', 'host:2:b');
    const start = Date.now();
    const tokenA = a.hold(start);
    assert.equal(tokenA, 1);
    assert.equal(b.hold(start + 10), undefined, 'held by a');
    assert.equal(a.hold(start + LEASE_TTL_MS - 1500), tokenA, 'a renews it with the same token');

    // a hangs (no heartbeat) past its lease: b takes it over with a new token
    const later = start + 2 * LEASE_TTL_MS + 1000;
    const tokenB = b.hold(later);
    assert.equal(tokenB, 2);
    let ranForA = false;
    assert.equal(
      a.fenced(tokenA!, () => (ranForA = true)),
      false,
    );
    assert.equal(ranForA, false, 'the stale holder wrote nothing');
    assert.equal(a.hold(later + 10), undefined, 'a finds it held by b');
    let ranForB = false;
    assert.equal(
      b.fenced(tokenB!, () => (ranForB = true)),
      true,
    );
    assert.equal(ranForB, true);
    assert.deepEqual(b.state(), { holder: 'host:2:b', token: 2, expiresAt: later + LEASE_TTL_MS });

    // a clean stop hands it back: the next process takes it at once
    b.release();
    assert.equal(b.state().holder, null);
    assert.equal(a.hold(later + 20), 3);
  });
});
