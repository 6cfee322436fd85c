import type Database from 'better-sqlite3';
import { conflict, notFound } from '../core/errors.js';
import type { FieldConfig } from '../core/fields.js';
import { statusOf } from '../core/lifecycle.js';
import type { OpContext } from '../core/op-context.js';
import { sql } from '../core/statements.js';
import type { IndexEdition, IndexStatus } from '../../../services/search/types.js';

/** A row of `search_indices`. */
export interface IndexRow {
  rowid: number;
  id: string;
  region: string;
  name: string;
  edition: IndexEdition;
  role_arn: string | null;
  description: string | null;
  settings: string;
  fields: string;
  created_at: number;
  updated_at: number;
  busy_state: string;
  busy_until: number;
  deleted_at: number | null;
  doc_count: number;
  text_bytes: number;
}

/** The index `id` of `region`, deleted or not. */
export function indexRow(db: Database.Database, id: string, region: string): IndexRow | undefined {
  return sql(db, 'SELECT * FROM search_indices WHERE id = ? AND region = ?').get(id, region) as IndexRow | undefined;
}

/** The status of an index at the request's time; `undefined` once a deletion has completed. */
export function indexStatus(ctx: Pick<OpContext, 'nowMs' | 'delayMs'>, row: IndexRow): IndexStatus | undefined {
  return statusOf<IndexStatus>(row, ctx.nowMs, ctx.delayMs, 'ACTIVE');
}

/** The index `id` of the request's region; a `ResourceNotFoundException` when there is none. */
export function findIndex(ctx: OpContext, id: string): IndexRow & { status: IndexStatus } {
  const row = indexRow(ctx.db, id, ctx.region);
  const status = row && indexStatus(ctx, row);
  if (!row || !status) throw notFound(`Index ${id} does not exist.`);
  return { ...row, status };
}

/**
 * The index `id`, which must be ACTIVE for the operation `what`: a `ConflictException` while
 * it is being created, updated or deleted.
 */
export function activeIndex(ctx: OpContext, id: string, what: string): IndexRow & { status: IndexStatus } {
  const row = findIndex(ctx, id);
  if (row.status !== 'ACTIVE') {
    throw conflict(`Index ${id} is ${row.status}; ${what} needs an ACTIVE index. Retry when it is ACTIVE.`);
  }
  return row;
}

/** The fields (reserved and custom) of an index. */
export function indexFields(row: IndexRow): FieldConfig[] {
  return JSON.parse(row.fields) as FieldConfig[];
}

/** The most documents an index of `edition` holds, with `storageUnits` extra capacity units. */
export function documentQuota(edition: string, storageUnits: number): number {
  if (edition === 'DEVELOPER_EDITION') return 10_000;
  if (edition === 'GEN_AI_ENTERPRISE_EDITION') return 20_000 * (1 + storageUnits);
  return 100_000 * (1 + storageUnits);
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;

/**
 * The most bytes of extracted text an index of `edition` holds, with `storageUnits` extra
 * capacity units: 3 GB for the developer edition (which takes no extra units), 30 GB a unit for
 * the enterprise edition, 200 MB a unit for the GenAI enterprise edition.
 */
export function extractedTextQuota(edition: string, storageUnits: number): number {
  if (edition === 'DEVELOPER_EDITION') return 3 * GB;
  if (edition === 'GEN_AI_ENTERPRISE_EDITION') return 200 * MB * (1 + storageUnits);
  return 30 * GB * (1 + storageUnits);
}

/** The columns a new index is written with (it starts CREATING until `busy_until`). */
export type NewIndex = Pick<
  IndexRow,
  'id' | 'region' | 'name' | 'edition' | 'role_arn' | 'description' | 'settings' | 'fields' | 'created_at' | 'updated_at' | 'busy_until'
>;

/** The columns an update rewrites (it is UPDATING until `busy_until`). */
export type IndexUpdate = Pick<IndexRow, 'rowid' | 'name' | 'role_arn' | 'description' | 'settings' | 'fields' | 'updated_at' | 'busy_until'>;

/** Writes a new index; returns its rowid. */
export function insertIndex(db: Database.Database, row: NewIndex): number {
  const result = sql(
    db,
    `INSERT INTO search_indices (id, region, name, edition, role_arn, description, settings, fields, created_at, updated_at, busy_state, busy_until)
     VALUES (@id, @region, @name, @edition, @role_arn, @description, @settings, @fields, @created_at, @updated_at, 'CREATING', @busy_until)`,
  ).run(row);
  return Number(result.lastInsertRowid);
}

/** Rewrites an index. */
export function updateIndexRow(db: Database.Database, row: IndexUpdate): void {
  sql(
    db,
    `UPDATE search_indices SET name = @name, role_arn = @role_arn, description = @description, settings = @settings, fields = @fields,
     updated_at = @updated_at, busy_state = 'UPDATING', busy_until = @busy_until WHERE rowid = @rowid`,
  ).run(row);
}

/** Marks an index deleted at `nowMs` (it shows as DELETING for a while, then is purged). */
export function markIndexDeleted(db: Database.Database, rowid: number, nowMs: number): void {
  sql(db, 'UPDATE search_indices SET deleted_at = ?, updated_at = ? WHERE rowid = ?').run(nowMs, nowMs, rowid);
}

/** The indexes of `region`, deleted or not, in creation order. */
export function indexRows(db: Database.Database, region: string): IndexRow[] {
  return sql(db, 'SELECT * FROM search_indices WHERE region = ? ORDER BY created_at, rowid').all(region) as IndexRow[];
}
