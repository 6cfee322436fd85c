import type Database from 'better-sqlite3';
import type { AccessPrincipal } from '../core/document-access.js';
import { sql } from '../core/statements.js';

/** A row of `search_access_configs`. */
export interface AccessConfigRow {
  rowid: number;
  index_rowid: number;
  id: string;
  name: string;
  description: string | null;
  acl: string | null;
  hierarchy: string | null;
  created_at: number;
  updated_at: number;
}

/** The lists of an access control configuration. */
export interface AccessConfigLists {
  list: AccessPrincipal[];
  hierarchy: AccessPrincipal[][];
}

/** What a configuration is created or updated with. */
export interface AccessConfigValues {
  name: string;
  description: string | null;
  acl: string | null;
  hierarchy: string | null;
}

/** Stores a new configuration of an index. */
export function insertAccessConfig(db: Database.Database, indexRowid: number, id: string, values: AccessConfigValues, nowMs: number): void {
  sql(
    db,
    `INSERT INTO search_access_configs (index_rowid, id, name, description, acl, hierarchy, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(indexRowid, id, values.name, values.description, values.acl, values.hierarchy, nowMs, nowMs);
}

/** The configuration `id` of an index, if there is one. */
export function findAccessConfig(db: Database.Database, indexRowid: number, id: string): AccessConfigRow | undefined {
  return sql(db, 'SELECT * FROM search_access_configs WHERE index_rowid = ? AND id = ?').get(indexRowid, id) as AccessConfigRow | undefined;
}

/** The configurations of an index, oldest first. */
export function listAccessConfigs(db: Database.Database, indexRowid: number): AccessConfigRow[] {
  return sql(db, 'SELECT * FROM search_access_configs WHERE index_rowid = ? ORDER BY created_at, rowid').all(indexRowid) as AccessConfigRow[];
}

/** Replaces the values of a configuration. */
export function updateAccessConfig(db: Database.Database, rowid: number, values: AccessConfigValues, nowMs: number): void {
  sql(db, 'UPDATE search_access_configs SET name = ?, description = ?, acl = ?, hierarchy = ?, updated_at = ? WHERE rowid = ?').run(
    values.name,
    values.description,
    values.acl,
    values.hierarchy,
    nowMs,
    rowid,
  );
}

/** Removes a configuration. */
export function deleteAccessConfig(db: Database.Database, rowid: number): void {
  sql(db, 'DELETE FROM search_access_configs WHERE rowid = ?').run(rowid);
}

/** How many documents of an index take their access from the configuration `id`. */
export function documentsUsingAccessConfig(db: Database.Database, indexRowid: number, id: string): number {
  return sql(
    db,
    "SELECT count(*) FROM search_documents WHERE index_rowid = ? AND acl IS NOT NULL AND json_type(acl) = 'object' AND json_extract(acl, '$.configurationId') = ?",
  )
    .pluck()
    .get(indexRowid, id) as number;
}

/** The lists of every configuration of an index, by id. */
export function accessConfigLists(db: Database.Database, indexRowid: number): Map<string, AccessConfigLists> {
  const rows = sql(db, 'SELECT id, acl, hierarchy FROM search_access_configs WHERE index_rowid = ?').all(indexRowid) as Array<{
    id: string;
    acl: string | null;
    hierarchy: string | null;
  }>;
  return new Map(rows.map((row) => [row.id, { list: row.acl ? JSON.parse(row.acl) : [], hierarchy: row.hierarchy ? JSON.parse(row.hierarchy) : [] }]));
}
