import type { LocalServiceModule } from '../types.js';

/**
 * The service's own tables (not a module's), recorded under the name `service` in
 * `schema_migrations`: `service_leases` holds the leases that keep background work to one
 * process at a time across every process (and worker) that serves the data dir;
 * `service_page_sessions` the sign-ins of the search pages, which every worker must know.
 */
export const serviceSchema: Pick<LocalServiceModule, 'name' | 'migrations'> = {
  name: 'service',
  migrations: [
    {
      version: 1,
      up(db) {
        db.exec(`
          CREATE TABLE service_leases (
            name TEXT PRIMARY KEY,
            holder TEXT,
            token INTEGER NOT NULL DEFAULT 0,
            expires_at INTEGER NOT NULL DEFAULT 0
          )
        `);
      },
    },
    {
      version: 2,
      up(db) {
        db.exec(`
          CREATE TABLE service_page_sessions (
            id_hash TEXT PRIMARY KEY,
            experience_id TEXT NOT NULL,
            access_key TEXT NOT NULL,
            user_id TEXT,
            owner INTEGER NOT NULL,
            csrf_token TEXT NOT NULL,
            visitor_id TEXT NOT NULL,
            expires_at INTEGER NOT NULL
          )
        `);
      },
    },
  ],
};
