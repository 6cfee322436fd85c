import type Database from 'better-sqlite3';
import type { Migration } from '../types.js';

/** Told, before a step of the schema upgrade that may take a while, what it does (e.g. `building … (search schema 12)`). */
export type UpgradeNotice = (step: string) => void;

/**
 * Applies the migrations of one module that are not recorded yet in `schema_migrations`,
 * in version order, inside one transaction: either all pending steps apply or none does.
 * Before a step that has a long task at hand (see `Migration.notice`), `onNotice` is told what
 * it does. Returns the versions applied. Throws when a stored version is newer than the module
 * knows (a data dir written by a newer nimbus).
 */
export function migrateModule(db: Database.Database, module: string, migrations: readonly Migration[], onNotice?: UpgradeNotice): number[] {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  const known = sorted.length === 0 ? 0 : sorted[sorted.length - 1]!.version;
  const run = db.transaction((): number[] => {
    db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (module TEXT NOT NULL, version INTEGER NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (module, version))',
    );
    const applied = appliedVersions(db, module);
    const newest = Math.max(0, ...applied);
    if (newest > known) {
      throw new Error(`the data dir holds ${module} schema version ${newest}, newer than this nimbus knows (${known}); upgrade nimbus`);
    }
    const record = db.prepare('INSERT INTO schema_migrations (module, version, applied_at) VALUES (?, ?, ?)');
    const done: number[] = [];
    for (const migration of sorted) {
      if (applied.has(migration.version)) continue;
      const notice = onNotice && migration.notice?.(db);
      if (notice) onNotice(`${notice} (${module} schema ${migration.version})`);
      migration.up(db);
      record.run(module, migration.version, new Date().toISOString());
      done.push(migration.version);
    }
    return done;
  });
  return run.immediate();
}

/**
 * True when the data dir has not recorded every migration of `module` (or has no record yet):
 * opening it will upgrade it. A read, which another process's write lock does not block.
 */
export function isBehind(db: Database.Database, module: string, migrations: readonly Migration[]): boolean {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!table) return migrations.length > 0;
  const applied = appliedVersions(db, module);
  return migrations.some((migration) => !applied.has(migration.version));
}

/** The versions of `module` recorded in `schema_migrations` (which must exist). */
function appliedVersions(db: Database.Database, module: string): Set<number> {
  return new Set(db.prepare('SELECT version FROM schema_migrations WHERE module = ?').pluck().all(module) as number[]);
}
