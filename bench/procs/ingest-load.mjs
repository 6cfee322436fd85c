// The local-service load: `{endpoint, servicePid, docs, queries, concurrency}` in. Creates an
// index, puts `docs` generated documents through BatchPutDocument (10 per call, `concurrency`
// clients), waits until the index counts them, then times `queries` queries one at a time, as
// many of the mix of issue 30 (`mixQueryText`), then as many Retrieve calls (the bench's mix).
// Reports the CPU time the service and this client used in each phase.
import { document, mixQueryText, queryText } from '../lib/corpus.mjs';
import { createActiveIndex, indexedCount, searchClient } from '../lib/search-setup.mjs';
import { processCpuMs } from '../lib/process-cpu.mjs';
import { percentile } from '../lib/stats.mjs';

const { endpoint, servicePid, docs, queries, concurrency } = JSON.parse(process.argv[2]);
const client = searchClient(endpoint);
const IndexId = await createActiveIndex(client, 'bench-ingest');
const now = () => Number(process.hrtime.bigint()) / 1e6;
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return { service: processCpuMs(servicePid), client: (user + system) / 1000 };
};
const used = (from) => {
  const to = cpu();
  return { serviceCpuMs: to.service - from.service, clientCpuMs: to.client - from.client };
};

function batch(b) {
  const Documents = [];
  for (let i = b * 10; i < Math.min(docs, b * 10 + 10); i++) {
    const { Id, Title, text } = document(i);
    Documents.push({ Id, Title, Blob: Buffer.from(text), ContentType: 'PLAIN_TEXT' });
  }
  return Documents;
}

// Generated before the clock starts, so that only the calls are timed.
const batches = Array.from({ length: Math.ceil(docs / 10) }, (_, b) => batch(b));
let next = 0;
let failed = 0;
const ingestCpu = cpu();
const start = now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < batches.length) {
      const result = await client.batchPutDocumentAsync({ IndexId, Documents: batches[next++] });
      failed += result.FailedDocuments?.length ?? 0;
    }
  }),
);
const acknowledgedMs = now() - start;
const ingestUsed = used(ingestCpu);

let indexed = await indexedCount(client, IndexId);
for (let last = indexed, since = now(); indexed < docs - failed && now() - since < 30_000;) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  indexed = await indexedCount(client, IndexId);
  if (indexed !== last) [last, since] = [indexed, now()];
}
const indexedMs = now() - start;

const latencies = [];
let matched = 0;
let totalResults = 0;
let queryError;
let queryCpu;
try {
  for (let q = -20; q < queries; q++) {
    if (q === 0) queryCpu = cpu();
    const t = now();
    const result = await client.queryAsync({ IndexId, QueryText: queryText(q < 0 ? 1_000_000 - q : q) });
    if (q < 0) continue;
    latencies.push(now() - t);
    if (result.ResultItems?.length) matched++;
    totalResults += result.TotalNumberOfResults ?? 0;
  }
} catch (error) {
  queryError = `${error.code ?? error.name}: ${error.message}`;
}
// Taken before the Retrieve calls, so that the query figure counts queries only.
const queryUsed = queryCpu && used(queryCpu);
// The mix of issue 30: common single words, mid-frequency pairs, rare words.
const mixLatencies = [];
let mixError;
let mixCpu;
try {
  for (let q = -20; q < queries; q++) {
    if (q === 0) mixCpu = cpu();
    const t = now();
    await client.queryAsync({ IndexId, QueryText: mixQueryText(q < 0 ? 1_000_000 - q : q) });
    if (q >= 0) mixLatencies.push(now() - t);
  }
} catch (error) {
  mixError = `${error.code ?? error.name}: ${error.message}`;
}
const mix = mixError ? { error: mixError } : { p50: percentile(mixLatencies, 50), p99: percentile(mixLatencies, 99), cpu: mixCpu && used(mixCpu) };
// Retrieve over the same documents with the same query mix, one call at a time.
const retrieveLatencies = [];
let retrieveMatched = 0;
let passages = 0;
let retrieveError;
let retrieveCpu;
try {
  for (let q = -20; q < queries; q++) {
    if (q === 0) retrieveCpu = cpu();
    const t = now();
    const result = await client.retrieveAsync({ IndexId, QueryText: queryText(q < 0 ? 1_000_000 - q : q) });
    if (q < 0) continue;
    retrieveLatencies.push(now() - t);
    if (result.ResultItems?.length) retrieveMatched++;
    passages += result.ResultItems?.length ?? 0;
  }
} catch (error) {
  retrieveError = `${error.code ?? error.name}: ${error.message}`;
}
const retrieve = retrieveError
  ? { error: retrieveError }
  : {
      p50: percentile(retrieveLatencies, 50),
      p99: percentile(retrieveLatencies, 99),
      matched: retrieveMatched,
      meanPassages: passages / retrieveLatencies.length,
      cpu: retrieveCpu && used(retrieveCpu),
    };

console.log(
  JSON.stringify({
    retrieve,
    mix,
    acknowledgedMs,
    indexedMs,
    failed,
    indexed,
    ingest: ingestUsed,
    query: queryUsed,
    ...(queryError
      ? { queryError }
      : {
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          mean: latencies.reduce((a, b) => a + b, 0) / latencies.length,
          matched,
          meanTotalResults: totalResults / latencies.length,
        }),
  }),
);
process.exit(0);
