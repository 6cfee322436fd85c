import { strict as assert } from 'node:assert';
import Database from 'better-sqlite3';
import { createIndexTables, strongTermsFts } from '../../../src/lib/local/search/core/fts-tables.js';
import { searchMigrations } from '../../../src/lib/local/search/core/schema.js';
import { writeDocument, type PreparedDocument } from '../../../src/lib/local/search/resources/document-store.js';
import { cutPassagesOn } from '../../../src/lib/local/search/semantic/passage-store.js';
import { passageSpans } from '../../../src/lib/local/search/semantic/passage-spans.js';

const INDEX = 1;

/** A plain-text document `id` with `words` words of body. */
function doc(id: string, words: number, word = 'alpha'): PreparedDocument {
  return {
    id,
    title: `title of ${id}`,
    text: Array.from({ length: words }, (_, n) => `${word}${n % 7} beta`).join(' '),
    contentType: 'PLAIN_TEXT',
    attrs: {},
    acl: null,
    dataSourceId: null,
  };
}

/** The FTS5 origin of each document's strong-terms row: one per segment FTS5 wrote (contentless_delete tables keep it in `_docsize`). */
function origins(db: Database.Database): number[] {
  return db
    .prepare(`SELECT origin FROM ${strongTermsFts(INDEX)}_docsize ORDER BY id`)
    .pluck()
    .all() as number[];
}

describe('local search: storing documents', function () {
  let db: Database.Database;
  beforeEach(() => {
    db = new Database(':memory:');
    for (const migration of searchMigrations) migration.up(db);
    createIndexTables(db, INDEX);
  });
  afterEach(() => db.close());

  for (const cutting of [false, true]) {
    it(`writes the terms of the documents of one transaction as one FTS5 segment (passages ${cutting ? 'cut' : 'not cut'})`, () => {
      // A statement that opens a statement journal (a DELETE that may remove several rows, with triggers)
      // makes FTS5 write its pending terms out at once: one segment per document, each merged again later.
      cutPassagesOn(db, cutting);
      db.transaction(() => {
        for (let n = 0; n < 20; n++) writeDocument(db, INDEX, [], doc(`doc-${n}`, 30), 0);
      })();
      const found = origins(db);
      assert.equal(found.length, 20);
      assert.deepEqual(new Set(found).size, 1, `origins ${found.join(',')}`);
    });
  }

  it('replaces the passages of a document put again, and keeps none for one put while passages are not cut', () => {
    const passages = (docId: string) =>
      db
        .prepare(
          'SELECT p.ordinal, p.start, p.end FROM search_passages p JOIN search_documents d ON d.rowid = p.doc_rowid WHERE d.doc_id = ? ORDER BY p.ordinal',
        )
        .all(docId) as Array<{ ordinal: number; start: number; end: number }>;
    const spans = (document: PreparedDocument) => passageSpans(document.text).map((span, ordinal) => ({ ordinal, start: span.start, end: span.end }));
    const first = doc('doc-1', 250);
    writeDocument(db, INDEX, [], first, 0);
    assert.ok(spans(first).length > 1);
    assert.deepEqual(passages('doc-1'), spans(first));
    const second = doc('doc-1', 60, 'gamma');
    writeDocument(db, INDEX, [], second, 1);
    assert.deepEqual(passages('doc-1'), spans(second));
    cutPassagesOn(db, false);
    writeDocument(db, INDEX, [], doc('doc-1', 90, 'delta'), 2);
    assert.deepEqual(passages('doc-1'), []);
  });
});
