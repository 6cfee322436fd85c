// The scaling series' load: `{endpoint, servicePid, dataDir, steps, queries, concurrency}` in.
// Creates one index and grows it step by step to each document count of `steps`; at each step it
// reports the ingest time of that step's documents, the size of the service's data dir
// (database and write-ahead log), the service's resident memory, and the latency of `queries`
// Query calls and as many Retrieve calls, one at a time. Documents are generated in chunks
// before each chunk's clock starts (a million documents at once would not fit in memory).
import { readFileSync } from 'node:fs';
import { document, mixQueryText, queryText } from '../lib/corpus.mjs';
import { createActiveIndex, indexedCount, searchClient } from '../lib/search-setup.mjs';
import { dirSize } from '../lib/service.mjs';
import { percentile } from '../lib/stats.mjs';

const { endpoint, servicePid, dataDir, steps, queries, concurrency } = JSON.parse(process.argv[2]);
const CHUNK = 20_000;
const client = searchClient(endpoint);
const IndexId = await createActiveIndex(client, 'bench-scale');
// An enterprise index holds 100,000 documents plus 100,000 per storage capacity unit.
const units = Math.max(0, Math.ceil(Math.max(...steps) / 100_000) - 1);
if (units > 0) await client.updateIndexAsync({ Id: IndexId, CapacityUnits: { StorageCapacityUnits: units, QueryCapacityUnits: 0 } });
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Resident and peak resident memory of the service, from /proc (NaN elsewhere). */
function serviceMemory() {
  try {
    const status = readFileSync(`/proc/${servicePid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
    return { rss: kb('VmRSS'), peakRss: kb('VmHWM') };
  } catch {
    return { rss: NaN, peakRss: NaN };
  }
}

function batches(from, to) {
  const out = [];
  for (let b = from; b < to; b += 10) {
    const Documents = [];
    for (let i = b; i < Math.min(to, b + 10); i++) {
      const { Id, Title, text } = document(i);
      Documents.push({ Id, Title, Blob: Buffer.from(text), ContentType: 'PLAIN_TEXT' });
    }
    out.push(Documents);
  }
  return out;
}

async function ingest(list) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) await client.batchPutDocumentAsync({ IndexId, Documents: list[next++] });
    }),
  );
}

/**
 * Retrieve p50/p99 over the same query words as Query, one call at a time; `{missing}` when the
 * service does not implement Retrieve (its answer to the first call).
 */
async function retrieveLatency() {
  const latencies = [];
  for (let q = -20; q < queries; q++) {
    const t = now();
    try {
      await client.retrieveAsync({ IndexId, QueryText: queryText(q < 0 ? 1_000_000 - q : q) });
    } catch (error) {
      if (q === -20 && (error.code === 'UnsupportedOperationException' || error.code === 'UnknownOperationException'))
        return { missing: 'the local service does not implement Retrieve' };
      throw error;
    }
    if (q >= 0) latencies.push(now() - t);
  }
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

const results = [];
let done = 0;
for (const target of steps) {
  let ingestMs = 0;
  for (let from = done; from < target; from += CHUNK) {
    const list = batches(from, Math.min(target, from + CHUNK));
    const start = now();
    await ingest(list);
    ingestMs += now() - start;
  }
  const added = target - done;
  done = target;
  for (const since = now(); (await indexedCount(client, IndexId)) < target && now() - since < 60_000;) await new Promise((resolve) => setTimeout(resolve, 100));
  const latencies = [];
  const mixLatencies = [];
  for (let q = -20; q < queries; q++) {
    const t = now();
    await client.queryAsync({ IndexId, QueryText: queryText(q < 0 ? 1_000_000 - q : q) });
    if (q >= 0) latencies.push(now() - t);
  }
  for (let q = -20; q < queries; q++) {
    const t = now();
    await client.queryAsync({ IndexId, QueryText: mixQueryText(q < 0 ? 1_000_000 - q : q) });
    if (q >= 0) mixLatencies.push(now() - t);
  }
  results.push({
    docs: target,
    added,
    ingestMs,
    diskBytes: dirSize(dataDir),
    ...serviceMemory(),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    mix: { p50: percentile(mixLatencies, 50), p99: percentile(mixLatencies, 99) },
    retrieve: await retrieveLatency(),
  });
}
console.log(JSON.stringify({ steps: results }));
process.exit(0);
