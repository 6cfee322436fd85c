import Database from 'better-sqlite3';
import type { LocalServiceModule } from '../types.js';
import { isStoreDamaged } from './damaged-store.js';
import { migrateModule } from './migrate.js';

/**
 * How long the start-up check of a data dir's pages may take. Checking every page of a data dir
 * of 100,000 documents (200 MB) takes 0.3-0.9 s; a much larger one stops here, leaving its
 * largest full-text tables (checked last) unchecked, so that start-up stays quick.
 */
export const CHECK_BUDGET_MS = 3000;

/** What the start-up integrity check found. */
export interface IntegrityReport {
  /** The first problem found, in a few words (e.g. `table search_documents is missing`); undefined when none. */
  problem: string | undefined;
  /** The tables whose pages were not checked within the time budget. */
  unchecked: string[];
}

/** The modules a data dir is checked against: their schemas and the tables their stored rows need. */
export type CheckedModule = Pick<LocalServiceModule, 'name' | 'migrations' | 'requiredTables'>;

/** The tables the modules' migrations create, found by applying them to an empty in-memory database. */
function migratedTables(modules: readonly CheckedModule[]): string[] {
  const scratch = new Database(':memory:');
  try {
    for (const module of modules) migrateModule(scratch, module.name, module.migrations);
    return scratch.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").pluck().all() as string[];
  } finally {
    scratch.close();
  }
}

/**
 * The ordinary tables of the database (virtual tables hold no pages of their own; their shadow
 * tables do), the full-text tables' shadow tables last: they are the largest, and can be rebuilt.
 */
function tablesToCheck(db: Database.Database): string[] {
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string; sql: string | null }>;
  const virtual = rows.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? '')).map((row) => `${row.name}_`);
  const ordinary = rows.filter((row) => !/^CREATE VIRTUAL TABLE/i.test(row.sql ?? '')).map((row) => row.name);
  const isShadow = (name: string) => virtual.some((prefix) => name.startsWith(prefix));
  return [...ordinary.filter((name) => !isShadow(name)), ...ordinary.filter(isShadow)];
}

/** `PRAGMA quick_check` of one table and its indexes: `ok`, or the first problem (a page too damaged to check at all is one too). */
function quickCheck(db: Database.Database, table: string): string {
  try {
    const found = db
      .prepare(`PRAGMA quick_check("${table.replace(/"/g, '""')}")`)
      .pluck()
      .all() as string[];
    return found[0] ?? 'no answer from the check';
  } catch (error) {
    if (isStoreDamaged(error)) return (error as Error).message;
    throw error;
  }
}

/**
 * Checks an open data dir before it is served: every table the modules need exists (those their
 * migrations create and those their stored rows need, such as each index's full-text tables),
 * and the pages of every table and index are sound (`PRAGMA quick_check`, table by table,
 * within {@link CHECK_BUDGET_MS}). The full-text tables' own consistency check, which reads
 * every indexed term (seconds at 100,000 documents), is left out. SQLite errors that reading
 * the schema meets (a damaged file) are thrown.
 */
export function checkIntegrity(db: Database.Database, modules: readonly CheckedModule[], budgetMs = CHECK_BUDGET_MS): IntegrityReport {
  const present = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  const needed = [...migratedTables(modules), ...modules.flatMap((module) => module.requiredTables?.(db) ?? [])];
  const missing = needed.find((name) => !present.has(name));
  if (missing !== undefined) return { problem: `table ${missing} is missing`, unchecked: [] };
  const started = Date.now();
  const tables = tablesToCheck(db);
  for (const [position, table] of tables.entries()) {
    if (Date.now() - started > budgetMs) return { problem: undefined, unchecked: tables.slice(position) };
    const found = quickCheck(db, table);
    if (found !== 'ok') return { problem: `table ${table}: ${found}`, unchecked: [] };
  }
  return { problem: undefined, unchecked: [] };
}
