import type { Client } from 'pg';
import type { LocalReplica } from './local-replica.js';
import type { Mutex } from './mutex.js';
import { checkNotAhead, readEntries, type PgWrites } from './pg-writes.js';
import type { PgSession } from './pg-session.js';

/** How often a node looks for new entries without being notified (a lost notification, a LISTEN connection being made again). */
export const POLL_MS = 500;

/**
 * Applies the entries other nodes append: on each notification of the log's channel (LISTEN, on
 * a connection of its own) and every {@link POLL_MS} besides, it reads the entries after the
 * copy's last one and applies them, under the process's write lock (never inside a window).
 * A failure (PostgreSQL unreachable) is reported once per message and tried again on the next poll.
 */
export class LogFollower {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly reported = new Set<string>();

  /**
   * @param reader the session the entries are read through
   * @param listener the session that LISTENs (made again after a break by the next poll)
   */
  constructor(
    private readonly replica: LocalReplica,
    private readonly writes: PgWrites,
    private readonly mutex: Mutex,
    private readonly reader: PgSession,
    private readonly listener: PgSession,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts listening and polling. */
  start(): void {
    this.timer = setInterval(() => this.poke(), POLL_MS);
    this.timer.unref();
    this.poke();
  }

  /** Called with each new LISTEN connection: its notifications start a catch-up. */
  listenOn(client: Client): void {
    client.on('notification', (message) => {
      const seq = Number(message.payload);
      if (Number.isSafeInteger(seq)) this.writes.headSeq = Math.max(this.writes.headSeq, seq);
      this.poke();
    });
  }

  /** Catches up now (or once the catch-up under way ends). */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.catchUp()
      .catch((error: unknown) => this.report(error))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Applies every entry after the copy's last one; resolves once done (for tests and a new node's start). */
  async catchUp(): Promise<void> {
    // (re)makes the LISTEN connection when it broke; the poll covers what it missed meanwhile
    void this.listener.connection().catch((error: unknown) => this.report(error));
    while (await this.mutex.run(() => this.applyNext())) {
      // more entries may follow
    }
    this.reported.clear();
  }

  /**
   * Applies the next entries; false when there were none. Runs under the process's write lock:
   * the copy's applied seq is then a committed one (a window of this process holds its entry
   * uncommitted on the same connection), and the head, read after it, cannot be behind it
   * unless the log lost entries.
   */
  private async applyNext(): Promise<boolean> {
    const applied = this.replica.appliedSeq();
    const head = await this.reader.query<{ seq: string }>('SELECT seq FROM nimbus_head WHERE id = 1');
    const headSeq = Number(head.rows[0]!.seq);
    checkNotAhead(applied, headSeq);
    this.writes.headSeq = Math.max(this.writes.headSeq, headSeq);
    const entries = headSeq > applied ? await readEntries((text, values) => this.reader.query(text, values), applied) : [];
    if (entries.length === 0) {
      this.writes.lagSeconds = 0;
      return false;
    }
    this.writes.lagSeconds = entries[0]!.ageSeconds;
    this.replica.apply(entries);
    return true;
  }

  private report(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.onError(error);
  }

  /** Stops polling; resolves once a catch-up under way ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
