import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';

/** A row of `search_experiences`. */
export interface ExperienceRow {
  rowid: number;
  index_rowid: number;
  id: string;
  name: string;
  description: string | null;
  role_arn: string | null;
  configuration: string | null;
  created_at: number;
  updated_at: number;
  busy_state: string;
  busy_until: number;
  deleted_at: number | null;
}

/** What an experience is created or updated with. */
export interface ExperienceValues {
  name: string;
  description: string | null;
  roleArn: string | null;
  configuration: string | null;
}

/** A user or group given access to an experience. */
export interface EntityRow {
  entity_id: string;
  entity_type: string;
  created_at: number;
}

/** The persona of a user or group in an experience. */
export interface PersonaRow {
  entity_id: string;
  persona: string;
  created_at: number;
  updated_at: number;
}

/** Stores a new experience, CREATING until `busyUntil`. */
export function insertExperience(db: Database.Database, indexRowid: number, id: string, values: ExperienceValues, nowMs: number, busyUntil: number): void {
  sql(
    db,
    `INSERT INTO search_experiences (index_rowid, id, name, description, role_arn, configuration, created_at, updated_at, busy_state, busy_until)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'CREATING', ?)`,
  ).run(indexRowid, id, values.name, values.description, values.roleArn, values.configuration, nowMs, nowMs, busyUntil);
}

/** The experience `id` of an index, deleted or not. */
export function findExperienceRow(db: Database.Database, indexRowid: number, id: string): ExperienceRow | undefined {
  return sql(db, 'SELECT * FROM search_experiences WHERE index_rowid = ? AND id = ?').get(indexRowid, id) as ExperienceRow | undefined;
}

/** The experiences of an index, oldest first. */
export function listExperienceRows(db: Database.Database, indexRowid: number): ExperienceRow[] {
  return sql(db, 'SELECT * FROM search_experiences WHERE index_rowid = ? ORDER BY created_at, rowid').all(indexRowid) as ExperienceRow[];
}

/** Replaces the values of an experience. */
export function updateExperienceRow(db: Database.Database, rowid: number, values: ExperienceValues, nowMs: number): void {
  sql(db, 'UPDATE search_experiences SET name = ?, description = ?, role_arn = ?, configuration = ?, updated_at = ? WHERE rowid = ?').run(
    values.name,
    values.description,
    values.roleArn,
    values.configuration,
    nowMs,
    rowid,
  );
}

/** Marks an experience deleted at `nowMs` and removes its entities and personas. */
export function markExperienceDeleted(db: Database.Database, rowid: number, nowMs: number): void {
  sql(db, 'UPDATE search_experiences SET deleted_at = ?, updated_at = ? WHERE rowid = ?').run(nowMs, nowMs, rowid);
  sql(db, 'DELETE FROM search_experience_entities WHERE experience_rowid = ?').run(rowid);
  sql(db, 'DELETE FROM search_experience_personas WHERE experience_rowid = ?').run(rowid);
}

/** The entity `entityId` of an experience, if it is associated. */
export function findEntity(db: Database.Database, experienceRowid: number, entityId: string): EntityRow | undefined {
  return sql(db, 'SELECT entity_id, entity_type, created_at FROM search_experience_entities WHERE experience_rowid = ? AND entity_id = ?').get(
    experienceRowid,
    entityId,
  ) as EntityRow | undefined;
}

/** Associates an entity with an experience. */
export function insertEntity(db: Database.Database, experienceRowid: number, entityId: string, entityType: string, nowMs: number): void {
  sql(db, 'INSERT INTO search_experience_entities (experience_rowid, entity_id, entity_type, created_at) VALUES (?, ?, ?, ?)').run(
    experienceRowid,
    entityId,
    entityType,
    nowMs,
  );
}

/** Removes an entity (and its persona) from an experience. */
export function deleteEntity(db: Database.Database, experienceRowid: number, entityId: string): void {
  sql(db, 'DELETE FROM search_experience_entities WHERE experience_rowid = ? AND entity_id = ?').run(experienceRowid, entityId);
  sql(db, 'DELETE FROM search_experience_personas WHERE experience_rowid = ? AND entity_id = ?').run(experienceRowid, entityId);
}

/** The entities of an experience, in the order they were associated. */
export function listEntities(db: Database.Database, experienceRowid: number): EntityRow[] {
  return sql(db, 'SELECT entity_id, entity_type, created_at FROM search_experience_entities WHERE experience_rowid = ? ORDER BY created_at, rowid').all(
    experienceRowid,
  ) as EntityRow[];
}

/** The persona of an entity in an experience, if it has one. */
export function findPersona(db: Database.Database, experienceRowid: number, entityId: string): PersonaRow | undefined {
  return sql(db, 'SELECT entity_id, persona, created_at, updated_at FROM search_experience_personas WHERE experience_rowid = ? AND entity_id = ?').get(
    experienceRowid,
    entityId,
  ) as PersonaRow | undefined;
}

/** Gives an entity a persona in an experience (replacing the one it had). */
export function upsertPersona(db: Database.Database, experienceRowid: number, entityId: string, persona: string, nowMs: number): void {
  sql(
    db,
    `INSERT INTO search_experience_personas (experience_rowid, entity_id, persona, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (experience_rowid, entity_id) DO UPDATE SET persona = excluded.persona, updated_at = excluded.updated_at`,
  ).run(experienceRowid, entityId, persona, nowMs, nowMs);
}

/** Removes the persona of an entity in an experience. */
export function deletePersona(db: Database.Database, experienceRowid: number, entityId: string): void {
  sql(db, 'DELETE FROM search_experience_personas WHERE experience_rowid = ? AND entity_id = ?').run(experienceRowid, entityId);
}

/** The personas of an experience, in the order they were given. */
export function listPersonas(db: Database.Database, experienceRowid: number): PersonaRow[] {
  return sql(db, 'SELECT entity_id, persona, created_at, updated_at FROM search_experience_personas WHERE experience_rowid = ? ORDER BY created_at, rowid').all(
    experienceRowid,
  ) as PersonaRow[];
}

/** Whether the FAQ `id` of an index exists (not deleted). */
export function faqExists(db: Database.Database, indexRowid: number, id: string): boolean {
  return sql(db, 'SELECT 1 FROM search_faqs WHERE index_rowid = ? AND id = ? AND deleted_at IS NULL').get(indexRowid, id) !== undefined;
}

/** Where the live experience `id` is, in any region: its row and its index's id, row id and region. */
export function locateExperience(
  db: Database.Database,
  id: string,
): { experience: ExperienceRow; indexId: string; indexRowid: number; region: string } | undefined {
  const row = sql(
    db,
    `SELECT e.*, i.id AS index_id, i.region AS index_region FROM search_experiences e JOIN search_indices i ON i.rowid = e.index_rowid
     WHERE e.id = ? AND e.deleted_at IS NULL AND i.deleted_at IS NULL`,
  ).get(id) as (ExperienceRow & { index_id: string; index_region: string }) | undefined;
  if (!row) return undefined;
  const { index_id: indexId, index_region: region, ...experience } = row;
  return { experience, indexId, indexRowid: experience.index_rowid, region };
}
