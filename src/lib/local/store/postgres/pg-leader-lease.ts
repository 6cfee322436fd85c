import { LEASE_TTL_MS, type LeaderLease, type LeaseState } from '../leader-lease.js';
import type { PgSession } from './pg-session.js';
import type { PgWrites } from './pg-writes.js';

/** A holder renews its lease once less than this is left (as the SQLite lease does). */
const RENEW_WHEN_LEFT_MS = 2000;
/** PostgreSQL's clock in epoch milliseconds: every node compares expiries in the same clock. */
const PG_NOW_MS = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

interface LeaseRow {
  holder: string | null;
  token: string;
  expires_at: string;
  now_ms: string;
}

/**
 * The {@link LeaderLease} `name` of a PostgreSQL store: a row of `nimbus_leases` (holder,
 * fencing token, expiry in PostgreSQL's clock, so that nodes' clocks need not agree). Taken with
 * one `INSERT … ON CONFLICT DO UPDATE … WHERE` (free, lapsed, or this holder's with its token),
 * and {@link PgLeaderLease.fenced} runs the work in a write window whose PostgreSQL transaction
 * first reads the row `FOR SHARE` with this holder and token: a takeover's update waits for that
 * transaction, and a holder that lost the lease (hung past it, say) appends nothing.
 */
export class PgLeaderLease implements LeaderLease {
  private token: number | undefined;
  /** Until when (this process's clock) the lease is held, or held by another and not worth asking about. */
  private until = 0;
  private last: LeaseState = { holder: null, token: 0, expiresAt: 0 };

  /**
   * @param session the connection the lease is read and written through
   * @param writes the node's write seam (for the fenced work)
   * @param name the work the lease is for, e.g. `ticker`
   * @param holder this process's name as a holder
   */
  constructor(
    private readonly session: PgSession,
    private readonly writes: PgWrites,
    private readonly name: string,
    readonly holder: string,
  ) {}

  async hold(nowMs: number): Promise<number | undefined> {
    if (this.token !== undefined && this.until - nowMs > RENEW_WHEN_LEFT_MS) return this.token;
    if (this.token === undefined && this.until > nowMs) return undefined;
    const { rows } = await this.session.query<LeaseRow>(
      `INSERT INTO nimbus_leases AS lease (name, holder, token, expires_at) VALUES ($1, $2, 1, ${PG_NOW_MS} + $4)
       ON CONFLICT (name) DO UPDATE SET holder = $2, expires_at = ${PG_NOW_MS} + $4,
         token = CASE WHEN lease.holder = $2 AND lease.token = $3 THEN lease.token ELSE lease.token + 1 END
       WHERE (lease.holder = $2 AND lease.token = $3) OR lease.holder IS NULL OR lease.expires_at <= ${PG_NOW_MS}
       RETURNING holder, token, expires_at, ${PG_NOW_MS} AS now_ms`,
      [this.name, this.holder, this.token ?? -1, LEASE_TTL_MS],
    );
    const local = Date.now();
    const row = rows[0] ?? (await this.read());
    if (!row) return undefined;
    const left = Number(row.expires_at) - Number(row.now_ms);
    this.last = { holder: row.holder, token: Number(row.token), expiresAt: local + left };
    if (rows[0]) {
      this.token = Number(row.token);
      this.until = local + left;
      return this.token;
    }
    this.token = undefined;
    this.until = local + Math.max(0, left);
    return undefined;
  }

  async fenced(token: number, work: () => void): Promise<boolean> {
    const outcome = await this.writes.windowIf(async (client) => {
      const { rows } = await client.query('SELECT 1 FROM nimbus_leases WHERE name = $1 AND holder = $2 AND token = $3 FOR SHARE', [
        this.name,
        this.holder,
        token,
      ]);
      return rows.length === 1;
    }, work);
    return outcome.ran;
  }

  async release(): Promise<void> {
    if (this.token === undefined) return;
    const token = this.token;
    this.token = undefined;
    this.until = 0;
    await this.session.query('UPDATE nimbus_leases SET holder = NULL, expires_at = 0 WHERE name = $1 AND holder = $2 AND token = $3', [
      this.name,
      this.holder,
      token,
    ]);
  }

  /** The lease as last read (this process's clock for the expiry). */
  state(): LeaseState {
    return this.last;
  }

  private async read(): Promise<LeaseRow | undefined> {
    const { rows } = await this.session.query<LeaseRow>(`SELECT holder, token, expires_at, ${PG_NOW_MS} AS now_ms FROM nimbus_leases WHERE name = $1`, [
      this.name,
    ]);
    return rows[0];
  }
}
