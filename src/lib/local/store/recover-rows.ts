import type Database from 'better-sqlite3';
import { isStoreDamaged } from './damaged-store.js';

/** What copying one table's readable rows did. */
export interface RowRecovery {
  /** The rows copied. */
  copied: number;
  /**
   * The rowid ranges that could not be read (damaged pages), as `[after, resumedAt]`: no row
   * after rowid `after` and before `resumedAt` was recovered; `resumedAt` is null when nothing
   * after `after` could be read.
   */
  unreadable: Array<[number, number | null]>;
}

/** A name as an SQL identifier. */
export function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The rowid after which the rows of a table can be read again past a damaged stretch after
 * `after` (looked for at growing distances, as a damaged page hides a range of rowids);
 * undefined when nothing further can be read.
 */
function resumePoint(readFrom: Database.Statement, after: number): number | undefined {
  for (let step = 1; after + step <= Number.MAX_SAFE_INTEGER; step *= 2) {
    try {
      const found = readFrom.get(after + step) as number | undefined;
      return found === undefined ? undefined : found - 1;
    } catch (error) {
      if (!isStoreDamaged(error)) throw error;
    }
  }
  return undefined;
}

/**
 * Copies the rows of `table` that can be read from the damaged database `from` into the same
 * table of `to`, keeping their rowids: in rowid order, and past a damaged page, from the next
 * rowid that can be read again. `readColumns` are read from `from` and written to the
 * `writeColumns` of `to` (the same names but for computed ones, such as an FTS5 table's shadow
 * content columns); a table whose rowid is one of its columns lists it there.
 */
export function copyReadableRows(
  from: Database.Database,
  to: Database.Database,
  table: { read: string; write: string; readColumns: readonly string[]; writeColumns: readonly string[]; rowidColumn: boolean },
): RowRecovery {
  const columns = table.readColumns.map(quoted).join(', ');
  const read = from.prepare(`SELECT rowid, ${columns} FROM ${quoted(table.read)} WHERE rowid > ? ORDER BY rowid`).raw();
  const readFrom = from.prepare(`SELECT rowid FROM ${quoted(table.read)} WHERE rowid >= ? ORDER BY rowid LIMIT 1`).pluck();
  const targets = table.rowidColumn ? table.writeColumns : ['rowid', ...table.writeColumns];
  const write = to.prepare(`INSERT INTO ${quoted(table.write)} (${targets.map(quoted).join(', ')}) VALUES (${targets.map(() => '?').join(', ')})`);
  const recovery: RowRecovery = { copied: 0, unreadable: [] };
  let after = Number.MIN_SAFE_INTEGER;
  let failedAfter: number | undefined;
  for (;;) {
    try {
      for (const row of read.iterate(after) as Iterable<unknown[]>) {
        write.run(...(table.rowidColumn ? row.slice(1) : row));
        after = row[0] as number;
        recovery.copied++;
      }
      return recovery;
    } catch (error) {
      if (!isStoreDamaged(error)) throw error;
      // failing again at the same place: the next row itself cannot be read, and is skipped
      const resumed = resumePoint(readFrom, failedAfter === after ? after + 1 : after);
      if (failedAfter === after) recovery.unreadable.pop();
      failedAfter = after;
      recovery.unreadable.push([after, resumed === undefined ? null : resumed + 1]);
      if (resumed === undefined) return recovery;
      after = resumed;
    }
  }
}
