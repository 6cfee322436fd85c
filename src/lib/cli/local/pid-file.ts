import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The PID file of a detached local service, in its data dir. */
export const PID_FILE = 'nimbus-local.pid';
/** The log of a detached local service (its stdout and stderr), in its data dir. */
export const LOG_FILE = 'nimbus-local.log';

/** What the PID file holds (JSON): who serves the data dir, where, since when. */
export interface PidRecord {
  pid: number;
  /** The endpoint it serves, e.g. `http://127.0.0.1:4599`; absent while it is starting. */
  endpoint?: string;
  /** The log file of its output. */
  log: string;
  /** When it started (ISO 8601). */
  startedAt: string;
}

/** The data dir `local start` uses for `--data-dir` (given or not), as an absolute path. */
export function resolveDataDir(dataDir: string | undefined): string {
  return resolve(dataDir ?? join(homedir(), '.nimbus', 'local'));
}

/** The path of the PID file of `dataDir`. */
export function pidFilePath(dataDir: string): string {
  return join(dataDir, PID_FILE);
}

/** Whether process `pid` runs (one we may signal, or one of another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The PID file's record, or undefined when there is none (or it is unreadable). */
export function readPidFile(dataDir: string): PidRecord | undefined {
  const path = pidFilePath(dataDir);
  if (!existsSync(path)) return undefined;
  try {
    const record = JSON.parse(readFileSync(path, 'utf8')) as PidRecord;
    return Number.isSafeInteger(record.pid) && record.pid > 0 ? record : undefined;
  } catch {
    return undefined;
  }
}

/** The record of a local service that still runs on `dataDir`; a stale PID file (its process gone) is removed. */
export function liveService(dataDir: string): PidRecord | undefined {
  const record = readPidFile(dataDir);
  if (record && isRunning(record.pid)) return record;
  removePidFile(dataDir);
  return undefined;
}

/**
 * Claims the PID file of `dataDir` for a start: created exclusively, so that of two starts at
 * once only one goes on. Resolves to false when another process holds it.
 */
export function claimPidFile(dataDir: string, record: PidRecord): boolean {
  try {
    writeFileSync(pidFilePath(dataDir), `${JSON.stringify(record)}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Replaces the PID file's record. */
export function writePidFile(dataDir: string, record: PidRecord): void {
  writeFileSync(pidFilePath(dataDir), `${JSON.stringify(record)}\n`);
}

/** Removes the PID file of `dataDir`, if any. */
export function removePidFile(dataDir: string): void {
  rmSync(pidFilePath(dataDir), { force: true });
}
