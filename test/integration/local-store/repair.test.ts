import { strict as assert } from 'node:assert';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { modules } from '../../../src/lib/local/registry.js';
import { startLocalService } from '../../../src/lib/local/server.js';
import { documentsFts } from '../../../src/lib/local/search/core/fts-tables.js';
import { DamagedStoreError } from '../../../src/lib/local/store/damaged-store.js';
import { openCheckedStore } from '../../../src/lib/local/store/open-checked-store.js';
import { DATABASE_FILE } from '../../../src/lib/local/store/open-store.js';
import { repairStore } from '../../../src/lib/local/store/repair-store.js';
import { activeIndex, ok, textDoc } from '../local-search/support.js';

const DOCUMENTS = 60;

/** Overwrites one page of the database with garbage, as a failing disk would. */
function corruptPage(file: string, page: number, pageSize: number): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (page - 1) * pageSize);
  closeSync(fd);
}

/** A data dir with one index of `count` documents whose text holds `lantern`, its service stopped. */
async function storedDocuments(dataDir: string, count: number): Promise<string> {
  const service = await startLocalService({ port: 0, dataDir, createDelay: 0 });
  try {
    const index = await activeIndex(service.endpoint);
    for (let batch = 0; batch < count / 10; batch++) {
      const Documents = Array.from({ length: 10 }, (_, n) => {
        const id = `doc-${String(batch * 10 + n).padStart(2, '0')}`;
        return textDoc(id, `${id} ${'a long title '.repeat(20)}`, `lantern ${id}`);
      });
      await ok(service.endpoint, 'BatchPutDocument', { IndexId: index, Documents });
    }
    return index;
  } finally {
    await service.close();
  }
}

/** How many documents a query for `lantern` finds when the data dir is served. */
async function lanternCount(dataDir: string, index: string): Promise<number> {
  const served = await startLocalService({ port: 0, dataDir, createDelay: 0 });
  try {
    return (await ok(served.endpoint, 'Query', { IndexId: index, QueryText: 'lantern', PageSize: 100 })).TotalNumberOfResults as number;
  } finally {
    await served.close();
  }
}

describe('local store: the repair of a damaged data dir', function () {
  this.timeout(60_000);
  let dataDir: string;

  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'nimbus-repair-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('recovers the rows past a damaged leaf page, drops the text whose row was lost, and serves what it recovered', async () => {
    const index = await storedDocuments(dataDir, DOCUMENTS);
    const file = join(dataDir, DATABASE_FILE);
    const db = new Database(file);
    const leaves = db.prepare("SELECT pageno FROM dbstat WHERE name = 'search_documents' AND pagetype = 'leaf' ORDER BY pageno").pluck().all() as number[];
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    db.close();
    assert.ok(leaves.length >= 3, `the documents' rows span ${leaves.length} leaf pages`);
    corruptPage(file, leaves[1]!, pageSize);

    assert.throws(
      () => openCheckedStore(dataDir, modules),
      (error: unknown) => {
        assert.ok(error instanceof DamagedStoreError);
        assert.match(error.problem, /^nimbus\.db: table search_documents: /);
        return true;
      },
    );

    const report = repairStore(dataDir, modules);
    const documents = report.tables.find((table) => table.table === 'search_documents')!;
    assert.equal(documents.unreadable.length, 1, 'one damaged stretch');
    assert.ok(documents.copied > 0 && documents.copied < DOCUMENTS, `${documents.copied} rows recovered`);
    const lost = DOCUMENTS - documents.copied;
    assert.equal(report.rebuilt.length, 1);
    assert.match(
      report.rebuilt[0]!,
      new RegExp(
        `^index ${index}: full-text tables rebuilt from ${DOCUMENTS} stored document text\\(s\\) and 0 FAQ entr\\(ies\\); ${lost} text\\(s\\) of documents whose row was lost dropped$`,
      ),
    );

    const repaired = new Database(file, { readonly: true });
    assert.equal(repaired.pragma('integrity_check', { simple: true }), 'ok');
    const indexRowid = repaired.prepare('SELECT rowid FROM search_indices').pluck().get() as number;
    assert.equal(
      repaired
        .prepare(`SELECT count(*) FROM ${documentsFts(indexRowid)}`)
        .pluck()
        .get(),
      documents.copied,
    );
    assert.equal(repaired.prepare('SELECT doc_count FROM search_indices').pluck().get(), documents.copied, 'the counter counts what was recovered');
    repaired.close();

    assert.equal(await lanternCount(dataDir, index), documents.copied);
  });

  it('refuses a data dir whose record of schema versions was dropped (instead of applying every migration again), and repairs it', async () => {
    const lostRecord = join(dataDir, 'lost-record');
    const index = await storedDocuments(lostRecord, 10);
    const db = new Database(join(lostRecord, DATABASE_FILE));
    db.exec('DROP TABLE schema_migrations');
    db.close();
    assert.throws(() => openCheckedStore(lostRecord, modules), /is damaged \(nimbus\.db: table schema_migrations is missing\)/);
    const report = repairStore(lostRecord, modules);
    assert.ok(report.tables.every((table) => table.unreadable.length === 0 && !table.missing));
    assert.equal(await lanternCount(lostRecord, index), 10);
  });
});
