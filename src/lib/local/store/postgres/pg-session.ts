import type { Client, ClientConfig, QueryResult, QueryResultRow } from 'pg';
import type { DatabaseHost, DatabaseUrl } from './database-url.js';

/** The `pg` package's `Client` class, loaded lazily by whoever opens a node. */
export type ClientClass = new (config: ClientConfig) => Client;

/** Thrown when no host of the database URL is a reachable primary; its message names the hosts, never the password. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/** SQLSTATE classes and codes after which a connection is not used again: it broke, or its server stopped being the primary. */
function endsConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return true;
  return code.startsWith('08') || code.startsWith('57P') || code === '25006' || code === '53300' || /^E[A-Z]+$/.test(code);
}

/** How long a session keeps trying the hosts again before a call fails. */
const RECONNECT_FOR_MS = 15_000;
const FIRST_BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 2000;

function hostName(host: DatabaseHost): string {
  return `${host.host.includes(':') ? `[${host.host}]` : host.host}:${host.port}`;
}

/** Opens a connection to the first host of `url` that is a primary (`pg_is_in_recovery()` false), running `setup` on it. */
export async function connectPrimary(Client: ClientClass, url: DatabaseUrl, setup: readonly string[]): Promise<Client> {
  const failures: string[] = [];
  for (const host of url.hosts) {
    const client = new Client({
      host: host.host,
      port: host.port,
      ...(url.user !== undefined ? { user: url.user } : {}),
      ...(url.password !== undefined ? { password: url.password } : {}),
      ...(url.database !== undefined ? { database: url.database } : {}),
      ssl: url.ssl === 'disable' ? false : { rejectUnauthorized: url.ssl === 'verify-full' },
      connectionTimeoutMillis: url.connectTimeoutSeconds * 1000,
      application_name: url.applicationName,
    });
    // a connection that breaks while idle says so here; the session notices it on its next use
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      if (rows[0]!.standby) {
        failures.push(`${hostName(host)} is a standby (in recovery)`);
        await client.end().catch(() => undefined);
        continue;
      }
      for (const statement of setup) await client.query(statement);
      return client;
    } catch (error) {
      failures.push(`${hostName(host)}: ${(error as Error).message.split('\n')[0]}`);
      await client.end().catch(() => undefined);
    }
  }
  throw new DatabaseUnavailableError(`no PostgreSQL primary to be reached for ${url.redacted}: ${failures.join('; ')}`);
}

/**
 * One connection of a node to the store's primary, for one use (the writes, the reads of the
 * follower, its LISTEN): made on first use, and made again, with backoff, after it broke (the
 * server restarted, or a standby was promoted: the hosts are tried in order again, so the node
 * follows the new primary). A call that fails because the connection broke fails; the next
 * call reconnects.
 */
export class PgSession {
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private closed = false;

  /**
   * @param Client the `pg` package's client class
   * @param url where to connect
   * @param setup statements run on each new connection (session settings, LISTEN)
   */
  constructor(
    private readonly Client: ClientClass,
    private readonly url: DatabaseUrl,
    private readonly setup: readonly string[] = [],
    private readonly onConnect?: (client: Client) => void,
  ) {}

  /** The connection, made (again) when needed: the hosts are tried for up to 15 s, with backoff. */
  async connection(): Promise<Client> {
    if (this.closed) throw new DatabaseUnavailableError('the connection to PostgreSQL is closed (the node is stopping)');
    if (this.client) return this.client;
    this.connecting ??= this.reconnect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async reconnect(): Promise<Client> {
    const deadline = Date.now() + RECONNECT_FOR_MS;
    let backoff = FIRST_BACKOFF_MS;
    for (;;) {
      try {
        const client = await connectPrimary(this.Client, this.url, this.setup);
        const forget = () => {
          if (this.client === client) this.client = undefined;
        };
        client.on('error', forget);
        client.on('end', forget);
        this.client = client;
        this.onConnect?.(client);
        return client;
      } catch (error) {
        if (this.closed || Date.now() + backoff > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoff));
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }

  /** Runs one statement; a failure that broke the connection drops it (the next call reconnects). */
  async query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>> {
    const client = await this.connection();
    try {
      return await client.query<R>(text, values);
    } catch (error) {
      if (endsConnection(error)) this.drop(client);
      throw error;
    }
  }

  /** Ends `client` (when it is still this session's): the next call reconnects. */
  drop(client: Client): void {
    if (this.client === client) this.client = undefined;
    void client.end().catch(() => undefined);
  }

  /** Ends the connection for good. */
  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
