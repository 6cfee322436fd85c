import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { WriteCapture, WriteOutsideWindowError } from '../../../../src/lib/local/store/postgres/write-capture.js';

describe('local store: the write capture of a PostgreSQL node', () => {
  it('records the writes of a window with their parameters, leaving out reads, failed statements and rolled back savepoints', async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE, body BLOB)');
    const capture = new WriteCapture(db);
    const insert = db.prepare('INSERT INTO notes (text, body) VALUES (?, ?)');
    const captured = await capture.capture(async () => {
      insert.run('kept', Buffer.from([1, 2]));
      db.prepare('SELECT * FROM notes').all();
      assert.throws(() => insert.run('kept', null), /UNIQUE/);
      db.transaction(() => {
        insert.run('outer', null);
        try {
          db.transaction(() => {
            insert.run('undone', null);
            throw new Error('roll this savepoint back');
          })();
        } catch {
          // the inner savepoint rolled back; the outer transaction goes on
        }
      })();
      await new Promise((resolve) => setImmediate(resolve));
      db.prepare('UPDATE notes SET text = :text WHERE text = :old').run({ text: 'after an await', old: 'outer' });
      db.exec('CREATE TABLE later (x)');
      return 'done';
    });
    assert.equal(captured.ok && captured.value, 'done');
    assert.deepEqual(
      captured.statements.map((statement) => [statement.sql, statement.params]),
      [
        ['INSERT INTO notes (text, body) VALUES (?, ?)', ['kept', Buffer.from([1, 2])]],
        ['INSERT INTO notes (text, body) VALUES (?, ?)', ['outer', null]],
        ['UPDATE notes SET text = :text WHERE text = :old', [{ text: 'after an await', old: 'outer' }]],
        ['CREATE TABLE later (x)', null],
      ],
    );
    db.close();
  });

  it("refuses a write outside a window (a path that forgot the write seam), but not one of the connection's temp tables", async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE notes (text TEXT)');
    db.exec('CREATE TEMP TABLE scratch (text TEXT)');
    const capture = new WriteCapture(db);
    assert.throws(() => db.prepare('INSERT INTO notes VALUES (?)').run('lost'), WriteOutsideWindowError);
    assert.throws(() => db.exec('DELETE FROM notes'), /a write outside a write window of the PostgreSQL store/);
    db.prepare('INSERT INTO temp.scratch VALUES (?)').run('fine');
    // a write of other code of the process while a window is open is refused too
    let release: () => void = () => undefined;
    const window = capture.capture(() => new Promise<void>((resolve) => (release = resolve)));
    assert.throws(() => db.prepare('INSERT INTO notes VALUES (?)').run('meanwhile'), WriteOutsideWindowError);
    release();
    const captured = await window;
    assert.deepEqual(captured.statements, []);
    assert.equal(db.prepare('SELECT count(*) FROM notes').pluck().get(), 0);
    db.close();
  });
});
