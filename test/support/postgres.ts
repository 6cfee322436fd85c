import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's PostgreSQL 15 binaries, which `.ci/run` installs. */
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/**
 * Why the PostgreSQL tests cannot run here, or undefined when they can. Without PostgreSQL (or
 * without root, which `runuser -u postgres` needs) they are skipped with that reason, except on
 * CI (`CI=true`), which always has it: there its absence is a failure.
 */
export function missingPostgres(): string | undefined {
  let reason: string | undefined;
  if (!existsSync(join(POSTGRES_BIN, 'initdb'))) reason = `${POSTGRES_BIN}/initdb is not installed (apt-get install postgresql)`;
  else if (process.getuid?.() !== 0) reason = 'starting a PostgreSQL cluster needs root (runuser -u postgres)';
  if (reason !== undefined && process.env['CI'] === 'true') throw new Error(`The PostgreSQL tests need PostgreSQL on CI, and ${reason}`);
  return reason;
}

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A throw-away PostgreSQL cluster on 127.0.0.1 (trust authentication), its files in a temp dir. */
export interface TestPostgres {
  port: number;
  dir: string;
  /** A `postgres://` URL of a new, empty database of this cluster. */
  createDatabase(name: string): string;
  /** `pg_ctl stop` then `start` again (fast shutdown: connections are cut). */
  restart(): void;
  stop(): void;
  /** Runs SQL in `database` through psql and returns its unaligned output, trimmed. */
  psql(database: string, sql: string): string;
  /** `pg_dump --format=custom` of `database` into `file`. */
  dump(database: string, file: string): void;
  /** `pg_restore --clean --if-exists` of `file` into `database`. */
  restore(database: string, file: string): void;
  /** Makes a streaming standby of this cluster (pg_basebackup -R) and starts it on a port of its own. */
  startStandby(): Promise<TestPostgres & { promote(): void }>;
}

/** How to start a cluster. */
export interface PostgresOptions {
  /** Commits wait for a standby to have the WAL (`synchronous_standby_names = '*'`): a failover loses nothing acknowledged. */
  synchronousStandby?: boolean;
}

function asPostgres(args: string[]): string {
  return execFileSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Starts a cluster (initdb, pg_ctl start: about a second), listening on 127.0.0.1 at a free port. */
export async function startPostgres(options: PostgresOptions = {}): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  asPostgres([join(POSTGRES_BIN, 'initdb'), '-N', '-D', data, '-A', 'trust', '-U', 'postgres']);
  return runCluster(dir, data, options.synchronousStandby ? "-c synchronous_standby_names='*'" : '');
}

/** Starts the cluster of `data` and returns its handle. */
async function runCluster(dir: string, data: string, settings: string): Promise<TestPostgres> {
  const port = await freePort();
  const ctl = (action: 'start' | 'stop' | 'restart') =>
    asPostgres([
      join(POSTGRES_BIN, 'pg_ctl'),
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off ${settings}`,
      '-l',
      join(dir, 'log'),
      '-w',
      ...(action === 'stop' || action === 'restart' ? ['-m', 'fast'] : []),
      action,
    ]);
  ctl('start');
  const psql = (database: string, sql: string) =>
    asPostgres([join(POSTGRES_BIN, 'psql'), '-h', dir, '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-At', '-c', sql]).trim();
  let stopped = false;
  return {
    port,
    dir,
    createDatabase(name) {
      psql('postgres', `CREATE DATABASE "${name}"`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    restart: () => ctl('restart'),
    psql,
    dump: (database, file) =>
      void asPostgres([join(POSTGRES_BIN, 'pg_dump'), '-h', dir, '-p', String(port), '-U', 'postgres', '--format=custom', `--file=${file}`, database]),
    restore: (database, file) =>
      void asPostgres([
        join(POSTGRES_BIN, 'pg_restore'),
        '-h',
        dir,
        '-p',
        String(port),
        '-U',
        'postgres',
        '--clean',
        '--if-exists',
        `--dbname=${database}`,
        file,
      ]),
    async startStandby() {
      const standbyDir = mkdtempSync(join(tmpdir(), 'nimbus-pg-standby-'));
      chmodSync(standbyDir, 0o777);
      const standbyData = join(standbyDir, 'data');
      asPostgres([join(POSTGRES_BIN, 'pg_basebackup'), '-h', dir, '-p', String(port), '-U', 'postgres', '-D', standbyData, '-R', '-X', 'stream']);
      const standby = await runCluster(standbyDir, standbyData, '');
      return { ...standby, promote: () => void asPostgres([join(POSTGRES_BIN, 'pg_ctl'), '-D', standbyData, '-w', 'promote']) };
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        ctl('stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
