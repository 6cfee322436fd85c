// Scenario 3, the local service: ingest rate through BatchPutDocument with 8 concurrent clients,
// Query and Retrieve latency p50/p99 over the ingested documents, and the index's size on disk.
import { runWorker } from '../lib/child.mjs';
import { proc } from '../lib/paths.mjs';
import { startService } from '../lib/service.mjs';
import { int, mb, ms, verdict } from '../lib/stats.mjs';

const CLIENTS = 8;
const GOAL_DOCS = 100_000;

/** Runs scenario 3 with `sizes.docs` documents and `sizes.queries` timed queries. */
export async function localService(sizes) {
  const service = await startService();
  let data;
  try {
    const load = await runWorker(
      proc('ingest-load'),
      { endpoint: service.endpoint, servicePid: service.pid, docs: sizes.docs, queries: sizes.queries, concurrency: CLIENTS },
      { timeoutMs: 1_800_000 },
    );
    data = { ...load, docs: sizes.docs, queries: sizes.queries, clients: CLIENTS };
    // a request the service failed: its log (kept in the run's JSON) says why
    if (load.queryError || load.mix?.error || load.retrieve?.error) {
      data.serviceLog = service.log();
      process.stderr.write(`bench: the local service failed requests; the end of its log:\n${data.serviceLog}\n`);
    }
  } catch (error) {
    data = { failed: error.message };
  } finally {
    const bytes = await service.stop();
    if (data && !data.failed) data.diskBytes = bytes;
    service.dispose();
  }
  return { title: '3 Local service', size: `${int(sizes.docs)} docs, ${int(sizes.queries)} queries`, rows: rows(data, sizes), data };
}

/** CPU per item of the service and of the client, e.g. `service 210 µs CPU/doc, client 90`. */
function perDoc(used, count, unit) {
  if (!Number.isFinite(used?.serviceCpuMs)) return '';
  return `\nCPU/${unit}: service ${int((used.serviceCpuMs * 1000) / count)} µs, client ${int((used.clientCpuMs * 1000) / count)} µs`;
}

function rows(d, sizes) {
  if (d.failed) return [{ subject: 'BatchPutDocument, Query, Retrieve', measured: `failed: ${d.failed}`, ratio: '', goal: 'not measured' }];
  const ackRate = (d.docs / d.acknowledgedMs) * 1000;
  const searchable =
    d.indexedMs > d.acknowledgedMs * 1.05 ? `\nall searchable after ${(d.indexedMs / 1000).toFixed(1)} s (${int((d.docs / d.indexedMs) * 1000)} docs/s)` : '';
  const counted = d.indexed === d.docs - d.failed ? '' : `\nindex counts ${int(d.indexed)} of ${int(d.docs - d.failed)}`;
  const at = sizes.docs === GOAL_DOCS ? '' : `\n(at ${int(sizes.docs)} docs; the goal is at ${int(GOAL_DOCS)})`;
  return [
    {
      subject: `ingest, ${CLIENTS} clients × 10 docs/call`,
      measured: `${int(ackRate)} docs/s${d.failed ? ` · ${int(d.failed)} failed` : ''}${perDoc(d.ingest, d.docs, 'doc')}${searchable}${counted}`,
      ratio: '',
      goal: verdict('≥ 3,000 docs/s', ackRate, '>=', 3000, int),
    },
    d.queryError
      ? { subject: 'query latency, 1 client', measured: `failed: ${d.queryError}`, ratio: '', goal: 'not measured' }
      : {
          subject: 'query latency, 1 client',
          measured: `p50 ${ms(d.p50)} · p99 ${ms(d.p99)}${perDoc(d.query, d.queries, 'query')}\n${int(d.matched)} of ${int(d.queries)} queries matched,\n${int(d.meanTotalResults)} matches each on average`,
          ratio: '',
          goal: `${verdict('p99 ≤ 25 ms', d.p99, '<=', 25, ms)}${at}`,
        },
    !d.mix || d.mix.error
      ? { subject: 'query latency, issue-30 mix', measured: `failed: ${d.mix?.error ?? 'not run'}`, ratio: '', goal: 'not measured' }
      : {
          subject: 'query latency, issue-30 mix',
          measured: `p50 ${ms(d.mix.p50)} · p99 ${ms(d.mix.p99)}${perDoc(d.mix.cpu, d.queries, 'query')}\n⅓ one word of rank 5–50, ⅓ two of rank 50–500,\n⅓ one of rank 2,000–8,000`,
          ratio: '',
          goal: `${verdict('p99 ≤ 25 ms', d.mix.p99, '<=', 25, ms)}${at}`,
        },
    !d.retrieve || d.retrieve.error
      ? { subject: 'Retrieve latency, 1 client', measured: `failed: ${d.retrieve?.error ?? 'not run'}`, ratio: '', goal: 'not measured' }
      : {
          subject: 'Retrieve latency, 1 client',
          measured: `p50 ${ms(d.retrieve.p50)} · p99 ${ms(d.retrieve.p99)}${perDoc(d.retrieve.cpu, d.queries, 'call')}\n${int(d.retrieve.matched)} of ${int(d.queries)} calls found passages,\n${d.retrieve.meanPassages.toFixed(1)} passages each on average`,
          ratio: '',
          goal: `${verdict('p99 ≤ 40 ms', d.retrieve.p99, '<=', 40, ms)}${at}`,
        },
    { subject: 'index size on disk', measured: `${mb(d.diskBytes)} · ${int(d.diskBytes / d.docs)} B/doc`, ratio: '', goal: '' },
  ];
}
