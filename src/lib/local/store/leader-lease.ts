import type Database from 'better-sqlite3';
import type { MaybePromise } from './store-writes.js';

/** Who holds a lease, as stored. */
export interface LeaseState {
  /** The holder's name (`host:pid:random`), or null when nobody holds it. */
  holder: string | null;
  /** The fencing token: it grows by one each time the lease changes hands. */
  token: number;
  /** When the lease lapses unless renewed, in epoch milliseconds. */
  expiresAt: number;
}

/**
 * A lease that lets one process at a time do a piece of work (the ticker's background work),
 * whatever the store: it is taken when free or lapsed, renewed by its holder's heartbeat,
 * taken over once its holder stops renewing it (killed or hung), and handed back on a clean
 * stop. Every change of holder raises the fencing token; work done under the lease runs through
 * {@link LeaderLease.fenced}, which refuses a token that is no longer current, so a holder that
 * hung past its lease and wakes up cannot write over its successor's work.
 */
export interface LeaderLease {
  /** This process's name as a holder. */
  readonly holder: string;
  /**
   * Takes the lease when it is free or lapsed, renews it when held and due for renewal, and
   * returns the fencing token when this process holds it (undefined when another does).
   * A SQLite lease answers at once; a PostgreSQL one later.
   */
  hold(nowMs: number): MaybePromise<number | undefined>;
  /** Runs `work` in one write transaction of the store if `token` is still the current one; false when it was not. */
  fenced(token: number, work: () => void): MaybePromise<boolean>;
  /** Hands the lease back at once (when held), so that another process takes it on its next tick. */
  release(): MaybePromise<void>;
  /** The lease as stored. */
  state(): LeaseState;
}

/** How long a lease lasts without renewal. */
export const LEASE_TTL_MS = 3000;
/** A holder renews its lease once less than this is left. */
const RENEW_WHEN_LEFT_MS = 2000;

interface LeaseRow {
  holder: string | null;
  token: number;
  expires_at: number;
}

/** The {@link LeaderLease} `name` over a SQLite data dir (the `service_leases` table of `service-schema.ts`). */
export class SqliteLeaderLease implements LeaderLease {
  private heldUntil = 0;
  private token: number | undefined;

  /**
   * @param db the connection of this process
   * @param name the work the lease is for, e.g. `ticker`
   * @param holder this process's name as a holder
   */
  constructor(
    private readonly db: Database.Database,
    private readonly name: string,
    readonly holder: string,
  ) {}

  hold(nowMs: number): number | undefined {
    if (this.token !== undefined && this.heldUntil - nowMs > RENEW_WHEN_LEFT_MS) return this.token;
    const row = this.read();
    const mine = row?.holder === this.holder && row.token === this.token;
    if (!mine && row && row.holder !== null && row.expires_at > nowMs) {
      this.token = undefined;
      return undefined;
    }
    return this.take(nowMs);
  }

  /** Takes or renews the lease in one write transaction, unless someone else took it meanwhile. */
  private take(nowMs: number): number | undefined {
    const taken = this.db
      .transaction((): number | undefined => {
        const row = this.read();
        const mine = row?.holder === this.holder && row.token === this.token;
        if (!mine && row && row.holder !== null && row.expires_at > nowMs) return undefined;
        const token = mine ? row.token : (row?.token ?? 0) + 1;
        this.db
          .prepare(
            `INSERT INTO service_leases (name, holder, token, expires_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, token = excluded.token, expires_at = excluded.expires_at`,
          )
          .run(this.name, this.holder, token, nowMs + LEASE_TTL_MS);
        return token;
      })
      .immediate();
    this.token = taken;
    this.heldUntil = taken === undefined ? 0 : nowMs + LEASE_TTL_MS;
    return taken;
  }

  fenced(token: number, work: () => void): boolean {
    return this.db
      .transaction((): boolean => {
        const row = this.read();
        if (row?.holder !== this.holder || row.token !== token) return false;
        work();
        return true;
      })
      .immediate();
  }

  release(): void {
    if (this.token === undefined) return;
    this.db
      .prepare('UPDATE service_leases SET holder = NULL, expires_at = 0 WHERE name = ? AND holder = ? AND token = ?')
      .run(this.name, this.holder, this.token);
    this.token = undefined;
    this.heldUntil = 0;
  }

  state(): LeaseState {
    const row = this.read();
    return { holder: row?.holder ?? null, token: row?.token ?? 0, expiresAt: row?.expires_at ?? 0 };
  }

  private read(): LeaseRow | undefined {
    return this.db.prepare('SELECT holder, token, expires_at FROM service_leases WHERE name = ?').get(this.name) as LeaseRow | undefined;
  }
}
