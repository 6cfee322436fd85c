import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { modules } from '../../../src/lib/local/registry.js';
import { startLocalService } from '../../../src/lib/local/server.js';
import { documentsFts, strongTermsFts } from '../../../src/lib/local/search/core/fts-tables.js';
import { checkIntegrity } from '../../../src/lib/local/store/integrity.js';
import { openStore } from '../../../src/lib/local/store/open-store.js';
import { activeIndex, ok, textDoc } from '../local-search/support.js';

describe('local store: the start-up integrity check', function () {
  this.timeout(30_000);
  let dataDir: string;
  let db: Database.Database;
  let indexRowid: number;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'nimbus-integrity-'));
    const service = await startLocalService({ port: 0, dataDir, createDelay: 0 });
    try {
      const index = await activeIndex(service.endpoint);
      await ok(service.endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('lamp', 'Lamp', 'an oil lamp')] });
    } finally {
      await service.close();
    }
    db = openStore(dataDir, modules);
    indexRowid = db.prepare('SELECT rowid FROM search_indices').pluck().get() as number;
  });
  after(() => {
    db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds a sound data dir sound, and checks the full-text tables’ shadow tables last, where a spent time budget stops it', () => {
    assert.deepEqual(checkIntegrity(db, modules), { problem: undefined, unchecked: [] });
    const { unchecked } = checkIntegrity(db, modules, -1);
    const firstShadow = unchecked.findIndex((table) => table.startsWith(`${documentsFts(indexRowid)}_`) || table.startsWith(`${strongTermsFts(indexRowid)}_`));
    assert.ok(firstShadow > 0, 'the module tables come first');
    assert.ok(unchecked.includes('search_documents') && unchecked.indexOf('search_documents') < firstShadow);
    assert.ok(
      unchecked.slice(firstShadow).every((table) => /^search_(fts|faqfts|strong)_\d+_/.test(table)),
      unchecked.join(' '),
    );
  });

  it('finds an index’s missing full-text table, which no migration makes', () => {
    db.exec(`DROP TABLE ${strongTermsFts(indexRowid)}`);
    assert.equal(checkIntegrity(db, modules).problem, `table ${strongTermsFts(indexRowid)} is missing`);
  });
});
