import { AsyncLocalStorage } from 'node:async_hooks';
import Database from 'better-sqlite3';

/** One write statement as it ran: its SQL and the parameters bound to it. */
export interface CapturedStatement {
  sql: string;
  /** The arguments of `run`/`get`/`all`/`iterate` (positional values, or one object of named ones); null for SQL run by `exec` (several statements, no parameters). */
  params: unknown[] | null;
}

/** What a window's work did: its result or its failure, and the writes it made either way. */
export type Captured<T> = { statements: CapturedStatement[] } & ({ ok: true; value: T } | { ok: false; error: unknown });

/** A write of a temp-schema table (the connection's scratch tables): the connection's own, never replicated. */
const TEMP_WRITE =
  /^\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|DELETE\s+FROM|UPDATE(?:\s+OR\s+\w+)?|CREATE\s+(?:VIRTUAL\s+)?TABLE(?:\s+IF\s+NOT\s+EXISTS)?)\s+temp\./i;

/** Thrown by a write statement run outside a write window on a connection that is captured. */
export class WriteOutsideWindowError extends Error {
  constructor(sql: string) {
    super(`a write outside a write window of the PostgreSQL store (it would never reach the other nodes): ${sql.replace(/\s+/g, ' ').trim().slice(0, 120)}`);
    this.name = 'WriteOutsideWindowError';
  }
}

interface Window {
  readonly statements: CapturedStatement[];
}

/**
 * Records the write statements run on one better-sqlite3 connection while a write window is
 * open, with their parameters, so that the transaction can be replayed on another copy of the
 * store: statements of a transaction or savepoint that rolled back are dropped, reads are not
 * recorded, and a write run outside the window (a path that forgot the write seam) throws
 * {@link WriteOutsideWindowError} instead of changing this copy alone.
 *
 * The connection's statements are caught at the prototype of better-sqlite3's `Statement` (and
 * `exec`, `transaction` of `Database`), patched once per process on the first capture: a
 * statement prepared before the capture began (a module's cached statement) is captured too.
 * Connections without a capture are not affected.
 */
export class WriteCapture {
  private readonly scope = new AsyncLocalStorage<Window>();
  private current: Window | undefined;
  /** The connection's own `prepare`, `exec`: for replaying the log, which is not captured. */
  readonly raw: { prepare(sql: string): Database.Statement; exec(sql: string): void };

  /** @param db the connection whose writes are captured from now on */
  constructor(readonly db: Database.Database) {
    installPatches();
    captures.set(db, this);
    this.raw = {
      prepare: (sql) => {
        const statement = db.prepare(sql);
        uncaptured.add(statement);
        return statement;
      },
      exec: (sql) => {
        originals.exec!.call(db, sql);
      },
    };
  }

  /**
   * Runs `work` with a window open: every write it makes, synchronously or after awaits, is
   * recorded; resolves to its result (or failure) and the statements, those of rolled back
   * transactions left out. A write made meanwhile by other code of the process throws.
   */
  async capture<T>(work: () => T | Promise<T>): Promise<Captured<T>> {
    const window: Window = { statements: [] };
    this.current = window;
    try {
      const value = await this.scope.run(window, work);
      return { ok: true, value, statements: window.statements };
    } catch (error) {
      return { ok: false, error, statements: window.statements };
    } finally {
      this.current = undefined;
    }
  }

  /** Records a statement about to run (throws when no window of this connection's caller is open). */
  record(sql: string, params: unknown[] | null): void {
    if (TEMP_WRITE.test(sql)) return;
    const window = this.scope.getStore();
    if (window === undefined || window !== this.current) throw new WriteOutsideWindowError(sql);
    window.statements.push({ sql, params });
  }

  /** How many statements the open window holds (where a transaction began). */
  mark(): number {
    return this.scope.getStore()?.statements.length ?? 0;
  }

  /** Drops the statements recorded after `mark` (their transaction rolled back). */
  rollBackTo(mark: number): void {
    const window = this.scope.getStore();
    if (window && window.statements.length > mark) window.statements.length = mark;
  }
}

const captures = new WeakMap<Database.Database, WriteCapture>();
/** Statements of the replay, run on a captured connection but never captured. */
const uncaptured = new WeakSet<Database.Statement>();
const originals: { exec?: (this: Database.Database, sql: string) => Database.Database } = {};
let installed = false;

type StatementMethod = (this: Database.Statement, ...params: unknown[]) => unknown;

/** Patches better-sqlite3's prototypes once: each patched method asks whether its connection is captured. */
function installPatches(): void {
  if (installed) return;
  installed = true;
  const probe = new Database(':memory:');
  const statementPrototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, StatementMethod>;
  probe.close();
  for (const name of ['run', 'get', 'all', 'iterate']) {
    const original = statementPrototype[name]!;
    statementPrototype[name] = function (this: Database.Statement, ...params: unknown[]) {
      const capture = this.readonly ? undefined : captures.get(this.database);
      if (capture === undefined || uncaptured.has(this)) return original.apply(this, params);
      const mark = capture.mark();
      capture.record(this.source, params);
      try {
        return original.apply(this, params);
      } catch (error) {
        // the statement failed, so SQLite undid it: so is its record
        capture.rollBackTo(mark);
        throw error;
      }
    };
  }
  const databasePrototype = Database.prototype as unknown as Record<string, unknown>;
  const exec = databasePrototype.exec as (this: Database.Database, sql: string) => Database.Database;
  originals.exec = exec;
  databasePrototype.exec = function (this: Database.Database, sql: string) {
    const capture = captures.get(this);
    if (capture === undefined) return exec.call(this, sql);
    const mark = capture.mark();
    capture.record(sql, null);
    try {
      return exec.call(this, sql);
    } catch (error) {
      capture.rollBackTo(mark);
      throw error;
    }
  };
  const transaction = databasePrototype.transaction as (this: Database.Database, fn: (...args: unknown[]) => unknown) => Database.Transaction;
  databasePrototype.transaction = function (this: Database.Database, fn: (...args: unknown[]) => unknown) {
    const made = transaction.call(this, fn);
    const capture = captures.get(this);
    if (capture === undefined) return made;
    const guarded = (variant: (...args: unknown[]) => unknown) =>
      function (this: unknown, ...args: unknown[]) {
        const mark = capture.mark();
        try {
          return variant.apply(this, args);
        } catch (error) {
          capture.rollBackTo(mark);
          throw error;
        }
      };
    const wrapped = guarded(made) as Database.Transaction;
    for (const variant of ['default', 'deferred', 'immediate', 'exclusive'] as const) wrapped[variant] = guarded(made[variant]) as Database.Transaction;
    return wrapped;
  };
}
