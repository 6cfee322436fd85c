import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';

/** How long a writer waits for the lock before it gives up (other writers hold it for milliseconds). */
export const LOCK_WAIT_MS = 30_000;

/** Age after which a lock taken on another host (whose process cannot be checked) counts as abandoned. */
const FOREIGN_LOCK_STALE_MS = 60_000;

/** Sleeps the thread: the lock is taken synchronously, and nothing else runs meanwhile. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** True unless `pid` is certainly not running on this host. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** What a lock file says about its owner: `pid host` on one line. */
interface Owner {
  pid: number;
  host: string;
}

/** The owner a lock file names; undefined when it cannot be read or is not written yet. */
function readOwner(lockPath: string): Owner | undefined {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch {
    return undefined;
  }
  const match = /^(\d+) (\S+)\n$/.exec(text);
  return match ? { pid: Number(match[1]), host: match[2]! } : undefined;
}

/** True when the lock was left by a process that no longer runs (killed while holding it). */
function abandoned(owner: Owner | undefined, modifiedMs: number): boolean {
  if (owner && owner.pid > 0 && owner.host === hostname()) return !alive(owner.pid);
  // Another host, or a lock file whose owner died before writing its name: only age tells.
  return Date.now() - modifiedMs > (owner ? FOREIGN_LOCK_STALE_MS : LOCK_WAIT_MS / 2);
}

/**
 * Removes an abandoned lock, and only that one: it is first moved aside, then checked to be the
 * very file judged abandoned (same inode); a lock another writer took meanwhile is put back.
 */
function breakLock(lockPath: string, inode: number): void {
  const aside = `${lockPath}.${process.pid}.broken`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // someone else broke it first
  }
  if (statSync(aside).ino !== inode) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // The path was taken again in the instant between: that writer's lock stands.
    }
  }
  unlinkSync(aside);
}

/** Tries once to create the lock file; true when this process now holds it. */
function tryLock(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid} ${hostname()}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Runs `fn` while holding `<path>.lock`, a lock file created exclusively, so that writers of
 * `path` take turns. A lock left by a process that died holding it (same host, process gone;
 * another host, older than a minute; no owner written, older than 15 s) is broken. Waits up to
 * {@link LOCK_WAIT_MS}.
 * @throws CliError (exit 255) when the lock stays taken.
 */
export function withFileLock<R>(path: string, fn: () => R): R {
  const lockPath = `${path}.lock`;
  const start = Date.now();
  let delay = 2;
  while (!tryLock(lockPath)) {
    let stats;
    try {
      stats = statSync(lockPath);
    } catch {
      continue; // released just now
    }
    if (abandoned(readOwner(lockPath), stats.mtimeMs)) {
      breakLock(lockPath, stats.ino);
      continue;
    }
    if (Date.now() - start > LOCK_WAIT_MS) {
      const owner = readOwner(lockPath);
      throw new CliError(
        `${path} is locked by another writer${owner ? ` (process ${owner.pid} on ${owner.host})` : ''}; if none is running, delete ${lockPath}`,
        EXIT.OTHER,
      );
    }
    sleepSync(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
  try {
    return fn();
  } finally {
    try {
      unlinkSync(lockPath);
    } catch {
      // already gone: nothing to release
    }
  }
}
