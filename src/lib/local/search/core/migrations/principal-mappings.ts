import type { Migration } from '../../../types.js';

/**
 * Principal mapping: the groups of an index (per data source, '' for the whole index) with the
 * ordering id of the action that set them, their members (users and other groups), and every
 * PUT/DELETE action received, whose processing DescribePrincipalMapping reports.
 */
export const principalMappingsMigration: Migration = {
  version: 7,
  up(db) {
    db.exec(`
      CREATE TABLE search_groups (
        index_rowid INTEGER NOT NULL,
        ds_id TEXT NOT NULL,
        group_id TEXT NOT NULL,
        ordering_id INTEGER NOT NULL,
        present INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (index_rowid, ds_id, group_id)
      );
      CREATE TABLE search_group_members (
        index_rowid INTEGER NOT NULL,
        ds_id TEXT NOT NULL,
        group_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        member_id TEXT NOT NULL,
        member_ds TEXT NOT NULL,
        PRIMARY KEY (index_rowid, ds_id, group_id, kind, member_id, member_ds)
      );
      CREATE INDEX search_group_members_member ON search_group_members (index_rowid, kind, member_id);
      CREATE TABLE search_group_actions (
        rowid INTEGER PRIMARY KEY,
        index_rowid INTEGER NOT NULL,
        ds_id TEXT NOT NULL,
        group_id TEXT NOT NULL,
        action TEXT NOT NULL,
        ordering_id INTEGER NOT NULL,
        received_at INTEGER NOT NULL,
        final_status TEXT NOT NULL,
        failure_reason TEXT
      );
      CREATE INDEX search_group_actions_group ON search_group_actions (index_rowid, ds_id, group_id, received_at);
    `);
  },
};
