import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';

/** The most recent actions kept per group, the ones DescribePrincipalMapping reports. */
const ACTIONS_KEPT = 10;

/** A group of an index: `ds` is its data source, '' for the whole index. */
export interface GroupKey {
  indexRowid: number;
  ds: string;
  groupId: string;
}

/** A member of a group: a user, or a group (of a data source, '' for any). */
export interface GroupMember {
  kind: 'USER' | 'GROUP';
  memberId: string;
  memberDs: string;
}

/** The ordering id of the last applied action on a group, and whether the group exists after it. */
export interface GroupState {
  ordering_id: number;
  present: number;
}

/** A PUT or DELETE action received for a group. */
export interface GroupActionRow {
  action: 'PUT' | 'DELETE';
  ordering_id: number;
  received_at: number;
  final_status: string;
  failure_reason: string | null;
}

/** The state of a group, if an action on it was ever applied. */
export function groupState(db: Database.Database, key: GroupKey): GroupState | undefined {
  return sql(db, 'SELECT ordering_id, present FROM search_groups WHERE index_rowid = ? AND ds_id = ? AND group_id = ?').get(
    key.indexRowid,
    key.ds,
    key.groupId,
  ) as GroupState | undefined;
}

/** Records an action received for a group, keeping the group's most recent ones. */
export function recordGroupAction(db: Database.Database, key: GroupKey, action: GroupActionRow): void {
  sql(
    db,
    `INSERT INTO search_group_actions (index_rowid, ds_id, group_id, action, ordering_id, received_at, final_status, failure_reason)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(key.indexRowid, key.ds, key.groupId, action.action, action.ordering_id, action.received_at, action.final_status, action.failure_reason);
  sql(
    db,
    `DELETE FROM search_group_actions WHERE index_rowid = ? AND ds_id = ? AND group_id = ? AND rowid NOT IN
     (SELECT rowid FROM search_group_actions WHERE index_rowid = ? AND ds_id = ? AND group_id = ? ORDER BY rowid DESC LIMIT ${ACTIONS_KEPT})`,
  ).run(key.indexRowid, key.ds, key.groupId, key.indexRowid, key.ds, key.groupId);
}

/** The recorded actions of a group, oldest first. */
export function groupActions(db: Database.Database, key: GroupKey): GroupActionRow[] {
  return sql(
    db,
    'SELECT action, ordering_id, received_at, final_status, failure_reason FROM search_group_actions WHERE index_rowid = ? AND ds_id = ? AND group_id = ? ORDER BY rowid',
  ).all(key.indexRowid, key.ds, key.groupId) as GroupActionRow[];
}

function setState(db: Database.Database, key: GroupKey, orderingId: number, present: boolean, nowMs: number): void {
  sql(
    db,
    `INSERT INTO search_groups (index_rowid, ds_id, group_id, ordering_id, present, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (index_rowid, ds_id, group_id) DO UPDATE SET ordering_id = excluded.ordering_id, present = excluded.present, updated_at = excluded.updated_at`,
  ).run(key.indexRowid, key.ds, key.groupId, orderingId, present ? 1 : 0, nowMs);
  sql(db, 'DELETE FROM search_group_members WHERE index_rowid = ? AND ds_id = ? AND group_id = ?').run(key.indexRowid, key.ds, key.groupId);
}

/** Makes `members` the members of a group, as of the action `orderingId`. */
export function replaceGroupMembers(db: Database.Database, key: GroupKey, members: readonly GroupMember[], orderingId: number, nowMs: number): void {
  setState(db, key, orderingId, true, nowMs);
  const insert = sql(db, 'INSERT OR IGNORE INTO search_group_members (index_rowid, ds_id, group_id, kind, member_id, member_ds) VALUES (?, ?, ?, ?, ?, ?)');
  for (const member of members) insert.run(key.indexRowid, key.ds, key.groupId, member.kind, member.memberId, member.memberDs);
}

/** Removes a group and its members, as of the action `orderingId`. */
export function removeGroup(db: Database.Database, key: GroupKey, orderingId: number, nowMs: number): void {
  setState(db, key, orderingId, false, nowMs);
}

/** The groups (of data source `ds`) whose last applied action is older than `orderingId`. */
export function groupsOlderThan(db: Database.Database, indexRowid: number, ds: string, orderingId: number): Array<{ group_id: string; ordering_id: number }> {
  return sql(
    db,
    'SELECT group_id, ordering_id FROM search_groups WHERE index_rowid = ? AND ds_id = ? AND present = 1 AND ordering_id < ? ORDER BY ordering_id, group_id',
  ).all(indexRowid, ds, orderingId) as Array<{ group_id: string; ordering_id: number }>;
}

/** The groups that have `memberId` (a user or a group) as a direct member. */
export function parentGroups(
  db: Database.Database,
  indexRowid: number,
  kind: 'USER' | 'GROUP',
  memberId: string,
): Array<{ ds_id: string; group_id: string; member_ds: string }> {
  return sql(db, 'SELECT ds_id, group_id, member_ds FROM search_group_members WHERE index_rowid = ? AND kind = ? AND member_id = ?').all(
    indexRowid,
    kind,
    memberId,
  ) as Array<{ ds_id: string; group_id: string; member_ds: string }>;
}
