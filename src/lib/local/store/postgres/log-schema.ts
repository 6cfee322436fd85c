import { randomUUID } from 'node:crypto';
import type { PgSession } from './pg-session.js';

/**
 * The tables of a PostgreSQL store (its system of record):
 * - `nimbus_log`: every write of the store, in order: the SQL statements and parameters one write
 *   window ran on a node's SQLite copy (`statements`: v8-serialised `[sql, params]` pairs);
 * - `nimbus_head`: the one row with the last `seq`, locked `FOR UPDATE` by every write (the order);
 * - `nimbus_meta`: the store's id (a restored dump of another store is told apart by it) and the
 *   schema versions the log's statements were written for;
 * - `nimbus_leases`: the leases of background work (holder, fencing token, expiry in PostgreSQL's clock).
 */
const TABLES = [
  `CREATE TABLE IF NOT EXISTS nimbus_meta (id integer PRIMARY KEY CHECK (id = 1), store_id uuid NOT NULL, schema jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE TABLE IF NOT EXISTS nimbus_head (id integer PRIMARY KEY CHECK (id = 1), seq bigint NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS nimbus_log (seq bigint PRIMARY KEY, entry_id uuid NOT NULL UNIQUE, node text NOT NULL, statements bytea NOT NULL, created_at timestamptz NOT NULL DEFAULT clock_timestamp())`,
  `CREATE TABLE IF NOT EXISTS nimbus_leases (name text PRIMARY KEY, holder text, token bigint NOT NULL, expires_at bigint NOT NULL)`,
  `INSERT INTO nimbus_head (id, seq) VALUES (1, 0) ON CONFLICT (id) DO NOTHING`,
];

/** Thrown when the store's log was written for other schema versions than this nimbus's. */
export class StoreSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreSchemaError';
  }
}

/** The versions of the SQLite schema (per module) that a log's statements are written for. */
export type SchemaVersions = Record<string, number>;

/**
 * Creates the store's tables when missing (one node at a time, under an advisory lock) and
 * returns the store's id; refuses a store whose log was written for other schema versions (its
 * statements would not fit this nimbus's tables).
 */
export async function ensureLogSchema(session: PgSession, schema: SchemaVersions): Promise<string> {
  const client = await session.connection();
  await client.query('BEGIN');
  try {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('nimbus_log_schema'))");
    for (const statement of TABLES) await client.query(statement);
    await client.query('INSERT INTO nimbus_meta (id, store_id, schema) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [randomUUID(), JSON.stringify(schema)]);
    const { rows } = await client.query<{ store_id: string; schema: SchemaVersions }>('SELECT store_id, schema FROM nimbus_meta WHERE id = 1');
    await client.query('COMMIT');
    const stored = rows[0]!;
    if (JSON.stringify(sorted(stored.schema)) !== JSON.stringify(sorted(schema))) {
      throw new StoreSchemaError(
        `the PostgreSQL store was written for the schema versions ${JSON.stringify(sorted(stored.schema))}, and this nimbus has ${JSON.stringify(sorted(schema))}: every node of a store must run the same nimbus version (upgrading a PostgreSQL store in place is not supported yet)`,
      );
    }
    return stored.store_id;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

function sorted(schema: SchemaVersions): SchemaVersions {
  return Object.fromEntries(Object.entries(schema).sort(([a], [b]) => a.localeCompare(b)));
}
