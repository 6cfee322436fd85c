import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { missingPostgres, startPostgres, type TestPostgres } from '../../support/postgres.js';

/** What the tests of a describe block of local-service nodes share (see {@link nodesFixture}). */
export interface NodesFixture {
  /** The test cluster, started before the block's tests. */
  readonly postgres: TestPostgres;
  /** A new data dir, removed after the tests. */
  dataDir(): string;
  /** A local service on port 0: a node of `databaseUrl`'s store, or a SQLite service without one. */
  start(databaseUrl?: string, dataDir?: string): Promise<LocalService>;
  /** Runs `step` after the tests, once the services are closed and before PostgreSQL stops (in the order given). */
  cleanUp(step: () => unknown): void;
}

/**
 * Starts a PostgreSQL cluster before the tests of the current describe block (skipping them,
 * with the reason, where PostgreSQL is not installed) and stops it after them, with the services
 * and data dirs the tests made.
 */
export function nodesFixture(): NodesFixture {
  let cluster: TestPostgres | undefined;
  const dirs: string[] = [];
  const services: LocalService[] = [];
  const steps: Array<() => unknown> = [];
  before(async function () {
    const missing = missingPostgres();
    if (missing) {
      console.log(`    (skipped: ${missing})`);
      this.skip();
    }
    cluster = await startPostgres();
  });
  after(async () => {
    for (const service of services) await service.close().catch(() => undefined);
    for (const step of steps) await step();
    cluster?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-node-'));
    dirs.push(dir);
    return dir;
  };
  return {
    get postgres() {
      if (!cluster) throw new Error('the PostgreSQL cluster starts before the tests');
      return cluster;
    },
    dataDir,
    async start(databaseUrl, dir = dataDir()) {
      const service = await startLocalService({ port: 0, createDelay: 0, dataDir: dir, ...(databaseUrl ? { databaseUrl } : {}) });
      services.push(service);
      return service;
    },
    cleanUp(step) {
      steps.push(step);
    },
  };
}
