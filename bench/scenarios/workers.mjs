// Scenario 7, every core (`--only workers`): Query throughput of `nimbus local start --workers 1`
// against `--workers 2` over the same kind of index, at 64 concurrent clients, with p50/p99 and
// errors. Goal: 2 workers serve at least 1.6× the requests per second of one, with 0 errors.
// Keyword queries (`--embeddings off`): with the built-in model, the documents' background
// embedding would share the cores with the load, and every query's embedding is made by the one
// model of the machine (scenario 7 of semantic search measures that path).
import { execFileSync } from 'node:child_process';
import { runWorker } from '../lib/child.mjs';
import { startLocalCli } from '../lib/service.mjs';
import { processCpuMs } from '../lib/process-cpu.mjs';
import { proc } from '../lib/paths.mjs';
import { createActiveIndex, indexedCount, searchClient } from '../lib/search-setup.mjs';
import { int, ms, times, verdict } from '../lib/stats.mjs';

const CONCURRENCY = 64;
const WORKER_COUNTS = [1, 2];
const GOAL_RATIO = 1.6;
const WORDS = ['walrus', 'habitat', 'survey', 'ice', 'colony', 'tusk', 'arctic', 'feeding', 'migration', 'census', 'pup', 'shore'];

/** Starts `nimbus local start --workers N` on a fresh data dir; resolves to `{endpoint, cpuMs(), stop()}`. */
async function startWorkers(workers) {
  const service = await startLocalCli(`workers-${workers}`, ['--workers', String(workers), '--create-delay', '0', '--embeddings', 'off']);
  return { ...service, cpuMs: () => serviceCpuMs(service.pid) };
}

/** CPU milliseconds used so far by the service: its primary and every worker. */
function serviceCpuMs(pid) {
  let children = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // no child: one process serves
  }
  return [pid, ...children].reduce((sum, each) => sum + processCpuMs(each), 0);
}

/** `count` documents of a dozen words each, in batches of 10. */
async function ingest(client, indexId, count) {
  for (let start = 0; start < count; start += 10) {
    const Documents = Array.from({ length: Math.min(10, count - start) }, (_, i) => {
      const n = start + i;
      const text = Array.from({ length: 12 }, (_, w) => WORDS[(n * 7 + w * 3) % WORDS.length]).join(' ');
      return { Id: `doc-${n}`, Title: `report ${n}`, Blob: Buffer.from(`${text} number ${n}`), ContentType: 'PLAIN_TEXT' };
    });
    await client.batchPutDocumentAsync({ IndexId: indexId, Documents });
  }
}

/** Runs scenario 7: `sizes.docs / 10` documents (at most 5,000), then Query load for 1 and 2 workers. */
export async function workers(sizes) {
  const docs = Math.min(5_000, Math.round(sizes.docs / 10));
  const measureMs = sizes.calls >= 10_000 ? 15_000 : 5_000;
  const data = { docs, concurrency: CONCURRENCY, measureMs, runs: {} };
  for (const count of WORKER_COUNTS) {
    let service;
    try {
      service = await startWorkers(count);
      const client = searchClient(service.endpoint);
      const indexId = await createActiveIndex(client, `workers-${count}`);
      await ingest(client, indexId, docs);
      const indexed = await indexedCount(client, indexId);
      if (indexed !== docs) throw new Error(`${indexed} of ${docs} documents indexed`);
      const cpuBefore = service.cpuMs();
      const load = await runWorker(proc('workers-load'), { endpoint: service.endpoint, indexId, concurrency: CONCURRENCY, warmupMs: 2000, measureMs });
      // over warm-up and measurement alike: CPU per request, independent of how busy the machine is
      const served = load.requests * ((2000 + measureMs) / measureMs);
      data.runs[count] = { ...load, cpuMsPerRequest: (service.cpuMs() - cpuBefore) / served };
    } catch (error) {
      data.runs[count] = { failed: error.message };
    } finally {
      await service?.stop();
    }
  }
  return {
    title: '7 Every core: local start --workers',
    size: `${int(docs)} docs, keyword Query (--embeddings off) at ${CONCURRENCY} concurrent clients, ${measureMs / 1000} s each`,
    rows: rows(data),
    data,
  };
}

function rows(d) {
  const one = d.runs[1];
  const two = d.runs[2];
  const line = (run) =>
    run.failed
      ? `failed: ${run.failed}`
      : `${int(run.requestsPerSecond)} req/s · p50 ${ms(run.p50)} · p99 ${ms(run.p99)} · ${run.errors} errors${run.firstError ? ` (${run.firstError})` : ''}\nservice CPU ${ms(run.cpuMsPerRequest)} per request`;
  const ratio = one.failed || two.failed ? NaN : two.requestsPerSecond / one.requestsPerSecond;
  const errors = (one.errors ?? 0) + (two.errors ?? 0);
  return [
    { subject: '--workers 1', measured: line(one), ratio: '', goal: '' },
    {
      subject: '--workers 2',
      measured: line(two),
      ratio: times(ratio),
      goal: `${verdict(`≥ ${GOAL_RATIO}× one worker`, ratio, '>=', GOAL_RATIO, times)}${errors ? ` · ${errors} errors: MISSED` : ''}`,
    },
  ];
}
