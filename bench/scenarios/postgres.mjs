// Scenario 10, several nodes on PostgreSQL (`--only postgres`): ingest docs/s and Query p50/p99
// through two `nimbus local start --database-url` nodes of one PostgreSQL store, beside one
// SQLite node (`--workers 1` each), in the same run. Goals: PostgreSQL ingest ≥ 1,000 docs/s, and
// its query p99 ≤ 1.5× the SQLite node's. PostgreSQL: NIMBUS_BENCH_DATABASE_URL (a database the
// bench may fill), else a throw-away cluster of Debian's PostgreSQL 15 started here (needs root).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { runWorker } from '../lib/child.mjs';
import { startLocalCli } from '../lib/service.mjs';
import { proc } from '../lib/paths.mjs';
import { createActiveIndex, indexedCount, searchClient } from '../lib/search-setup.mjs';
import { int, ms, times, verdict } from '../lib/stats.mjs';
import { tempDir } from '../lib/temp-dir.mjs';

const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';
const INGEST_GOAL = 1000;
const P99_GOAL = 1.5;
/** Batches of 10 documents in flight at once, over all the nodes of a store. */
const INGEST_CONCURRENCY = 8;
/** Query clients over all the nodes of a store. */
const QUERY_CONCURRENCY = 16;
const WORDS = ['walrus', 'habitat', 'survey', 'ice', 'colony', 'tusk', 'arctic', 'feeding', 'migration', 'census', 'pup', 'shore'];

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A database for the bench: `{url, stop()}`. */
async function benchDatabase() {
  const given = process.env.NIMBUS_BENCH_DATABASE_URL;
  if (given) return { url: given, stop() {} };
  if (!existsSync(join(POSTGRES_BIN, 'initdb')) || process.getuid?.() !== 0)
    throw new Error(`needs NIMBUS_BENCH_DATABASE_URL, or root and ${POSTGRES_BIN} (apt-get install postgresql) to start a cluster`);
  const dir = tempDir('postgres');
  chmodSync(dir.path, 0o777);
  const data = join(dir.path, 'data');
  const port = await freePort();
  const asPostgres = (args) => execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  asPostgres([join(POSTGRES_BIN, 'initdb'), '-N', '-D', data, '-A', 'trust', '-U', 'postgres']);
  const ctl = (action) =>
    asPostgres([
      join(POSTGRES_BIN, 'pg_ctl'),
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir.path} -c listen_addresses=127.0.0.1`,
      '-l',
      join(dir.path, 'log'),
      '-w',
      action,
    ]);
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      ctl('stop');
      dir.remove();
    },
  };
}

/** Starts `nimbus local start --workers 1` (a node of `databaseUrl` when given); resolves to `{endpoint, stop()}`. */
function startNode(name, databaseUrl) {
  return startLocalCli(name, ['--workers', '1', '--create-delay', '0', '--embeddings', 'off'], databaseUrl ? { NIMBUS_DATABASE_URL: databaseUrl } : {});
}

/** Puts `count` documents in batches of 10, {@link INGEST_CONCURRENCY} batches at once spread over `clients`; resolves to docs/s. */
async function ingest(clients, indexId, count) {
  let next = 0;
  const started = Date.now();
  const lane = async (lane) => {
    for (let start = (next += 10) - 10; start < count; start = (next += 10) - 10) {
      const Documents = Array.from({ length: Math.min(10, count - start) }, (_, i) => {
        const n = start + i;
        const text = Array.from({ length: 40 }, (_, w) => WORDS[(n * 7 + w * 3) % WORDS.length]).join(' ');
        return { Id: `doc-${n}`, Title: `report ${n}`, Blob: Buffer.from(`${text} number ${n}`), ContentType: 'PLAIN_TEXT' };
      });
      const { FailedDocuments } = await clients[lane % clients.length].batchPutDocumentAsync({ IndexId: indexId, Documents });
      if (FailedDocuments?.length) throw new Error(`${FailedDocuments.length} documents failed: ${FailedDocuments[0].ErrorMessage}`);
    }
  };
  await Promise.all(Array.from({ length: INGEST_CONCURRENCY }, (_, i) => lane(i)));
  return count / ((Date.now() - started) / 1000);
}

/** Query load on every endpoint at once ({@link QUERY_CONCURRENCY} clients in all); the worst p50 and p99 of them. */
async function queryLoad(endpoints, indexId, measureMs) {
  const loads = await Promise.all(
    endpoints.map((endpoint) =>
      runWorker(proc('workers-load'), { endpoint, indexId, concurrency: QUERY_CONCURRENCY / endpoints.length, warmupMs: 2000, measureMs }),
    ),
  );
  return {
    requestsPerSecond: loads.reduce((sum, load) => sum + load.requestsPerSecond, 0),
    p50: Math.max(...loads.map((load) => load.p50)),
    p99: Math.max(...loads.map((load) => load.p99)),
    errors: loads.reduce((sum, load) => sum + load.errors, 0),
  };
}

/** Runs scenario 10: `sizes.docs / 5` documents (at most 20,000) into each store, then Query load. */
export async function postgres(sizes) {
  const docs = Math.min(20_000, Math.round(sizes.docs / 5));
  const measureMs = sizes.calls >= 10_000 ? 15_000 : 5_000;
  const data = { docs, measureMs, ingestConcurrency: INGEST_CONCURRENCY, queryConcurrency: QUERY_CONCURRENCY, runs: {} };
  const database = await benchDatabase();
  const stores = { postgresql: [database.url, database.url], sqlite: [undefined] };
  try {
    for (const [kind, urls] of Object.entries(stores)) {
      const nodes = [];
      try {
        for (const [at, url] of urls.entries()) nodes.push(await startNode(`${kind}-${at}`, url));
        const clients = nodes.map((node) => searchClient(node.endpoint));
        const indexId = await createActiveIndex(clients[0], `bench-${kind}`);
        const docsPerSecond = await ingest(clients, indexId, docs);
        for (const client of clients) {
          for (const deadline = Date.now() + 30_000; (await indexedCount(client, indexId)) !== docs;) {
            if (Date.now() > deadline) throw new Error(`a node of ${kind} did not have the ${docs} documents within 30 s`);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        data.runs[kind] = {
          nodes: nodes.length,
          docsPerSecond,
          ...(await queryLoad(
            nodes.map((node) => node.endpoint),
            indexId,
            measureMs,
          )),
        };
      } catch (error) {
        data.runs[kind] = { failed: error.message };
      } finally {
        for (const node of nodes) await node.stop();
      }
    }
  } finally {
    database.stop();
  }
  return {
    title: '10 Several nodes on PostgreSQL',
    size: `${int(docs)} docs (${INGEST_CONCURRENCY} batches of 10 in flight), Query at ${QUERY_CONCURRENCY} clients, ${measureMs / 1000} s`,
    rows: rows(data),
    data,
  };
}

function rows(d) {
  const pg = d.runs.postgresql;
  const lite = d.runs.sqlite;
  const line = (run) =>
    run.failed
      ? `failed: ${run.failed}`
      : `ingest ${int(run.docsPerSecond)} docs/s · Query ${int(run.requestsPerSecond)} req/s · p50 ${ms(run.p50)} · p99 ${ms(run.p99)} · ${run.errors} errors`;
  const ratio = pg.failed || lite.failed ? NaN : pg.p99 / lite.p99;
  return [
    { subject: 'SQLite, one node', measured: line(lite), ratio: '', goal: '' },
    {
      subject: 'PostgreSQL, two nodes',
      measured: line(pg),
      ratio: times(ratio),
      goal: `${verdict(`≥ ${INGEST_GOAL} docs/s`, pg.docsPerSecond ?? NaN, '>=', INGEST_GOAL, int)} · ${verdict(`p99 ≤ ${P99_GOAL}× SQLite's`, ratio, '<=', P99_GOAL, times)}`,
    },
  ];
}
