import type { Migration } from '../types.js';

/**
 * The schema of the local mobile service in the shared SQLite database. Times are epoch
 * milliseconds; `definition` is the project's `mobile-hub-project.yml`.
 */
export const mobileMigrations: Migration[] = [
  {
    version: 1,
    up(db) {
      db.exec(`
        CREATE TABLE mobile_projects (
          project_id   TEXT PRIMARY KEY,
          account_id   TEXT NOT NULL,
          name         TEXT NOT NULL,
          region       TEXT NOT NULL,
          prefix       TEXT NOT NULL,
          definition   TEXT NOT NULL,
          created_at   INTEGER NOT NULL,
          updated_at   INTEGER NOT NULL,
          import_until INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX mobile_projects_by_account ON mobile_projects (account_id, created_at, project_id);
        CREATE TABLE mobile_resources (
          project_id TEXT NOT NULL,
          position   INTEGER NOT NULL,
          type       TEXT NOT NULL,
          name       TEXT NOT NULL,
          arn        TEXT NOT NULL,
          feature    TEXT NOT NULL,
          attributes TEXT NOT NULL,
          PRIMARY KEY (project_id, position)
        );
        CREATE TABLE mobile_snapshots (
          snapshot_id TEXT PRIMARY KEY,
          account_id  TEXT NOT NULL,
          access_key  TEXT NOT NULL,
          project_id  TEXT NOT NULL,
          name        TEXT NOT NULL,
          region      TEXT NOT NULL,
          definition  TEXT NOT NULL,
          zip         BLOB NOT NULL,
          created_at  INTEGER NOT NULL
        );
        CREATE TABLE mobile_bundle_downloads (
          download_id TEXT PRIMARY KEY,
          account_id  TEXT NOT NULL,
          access_key  TEXT NOT NULL,
          bundle_id   TEXT NOT NULL,
          file_name   TEXT NOT NULL,
          zip         BLOB NOT NULL,
          expires_at  INTEGER NOT NULL
        );
      `);
    },
  },
];
