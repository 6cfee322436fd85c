import type Database from 'better-sqlite3';
import type { LocalContext } from '../types.js';
import { pruneLogs } from './maintenance/prune-logs.js';
import { purgeDeleted } from './maintenance/purge.js';
import { runSchedules } from './maintenance/schedules.js';
import { runSyncJobs } from './maintenance/sync-runner.js';
import { semanticService, startBackgroundEmbedding } from './semantic/background-embedding.js';

/** How long background work waits for another process's write lock before trying next time. */
const TICK_BUSY_TIMEOUT_MS = 50;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/** Runs every step, each on its own: a failing step does not keep the later ones from running. */
function withShortBusyTimeout(db: Database.Database, steps: Array<() => void>): void {
  const previous = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${TICK_BUSY_TIMEOUT_MS}`);
  const failures: unknown[] = [];
  try {
    for (const step of steps) {
      try {
        step();
      } catch (error) {
        if (!isBusy(error)) failures.push(error);
      }
    }
  } finally {
    db.pragma(`busy_timeout = ${previous}`);
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, failures.map((error) => (error instanceof Error ? error.message : String(error))).join('; '));
}

/**
 * The search module's background work, run by whichever process shares the data dir: starts
 * scheduled syncs, advances sync jobs, purges what finished deleting, trims the logs, starts
 * embedding the passages that wait for vectors (semantic search, in the background). A step
 * that finds the data dir locked by another process waits for the next tick; a step that
 * fails otherwise is reported (thrown once every step ran) without stopping the others.
 */
export function searchTick(context: LocalContext): void {
  const nowMs = context.now().getTime();
  const delayMs = Math.round(context.createDelay * 1000);
  const { db } = context;
  // known before a sync step stores documents: whether they are cut into passages
  semanticService(context);
  withShortBusyTimeout(db, [
    () => runSchedules(db, nowMs, delayMs),
    () =>
      runSyncJobs({
        db,
        s3Dir: context.s3Dir,
        nowMs,
        ...(context.extractTimeLimit ? { extractTimeLimitMs: context.extractTimeLimit * 1000 } : {}),
        ...(context.functions ? { functions: context.functions } : {}),
        ...(context.caBundlePem ? { caBundlePem: context.caBundlePem } : {}),
        ...(context.allowHttpCrawl ? { allowHttpCrawl: true } : {}),
        ...(context.tokenSecrets ? { secrets: context.tokenSecrets } : {}),
      }),
    () => purgeDeleted(db, context.accountId, nowMs, delayMs),
    () => pruneLogs(db, nowMs),
    () => startBackgroundEmbedding(context),
  ]);
}
