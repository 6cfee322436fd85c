// One measured client process of the client benchmark: `{peer, concurrency, calls, warmup,
// endpoint}` in, `{requestsPerSecond, cpuMicrosPerCall, ...}` out (one JSON line). Peers:
// nimbus-async (queryAsync), nimbus-sync (query, blocking), aws-sdk-v3 (QueryCommand), undici (a
// raw request with a fixed body and no signing: the floor), and two other ways to block in Node:
// synckit (nimbus's queryAsync in a worker thread behind synckit's bridge) and sync-request (a
// raw unsigned request through a child process per call, as sync-request and sync-fetch do).
// CPU per call counts this process and every process it started (familyCpuMicros).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { familyCpuMicros } from '../lib/family-cpu.mjs';

const input = JSON.parse(process.argv[2]);
const REGION = 'us-east-1';
const ARGS = { IndexId: '6f0a1d2e-3b4c-4d5e-8f90-a1b2c3d4e5f6', QueryText: 'relevance tuning', PageSize: 10 };
const RAW_URL = `${input.endpoint}/`;
const RAW_BODY = JSON.stringify(ARGS);
const RAW_HEADERS = { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSKendraFrontendService.Query' };

/** Each peer: build a client, return `call()` (a promise, or a value when it blocks), or undefined when the form is missing. */
const PEERS = {
  async 'nimbus-async'() {
    const { SearchClient } = await import('nimbus');
    const client = new SearchClient({ region: REGION, version: '2019-02-03', endpoint: input.endpoint, credentials: { key: 'test', secret: 'test' } });
    return () => client.queryAsync(ARGS);
  },
  async 'nimbus-sync'() {
    const { SearchClient } = await import('nimbus');
    const client = new SearchClient({ region: REGION, version: '2019-02-03', endpoint: input.endpoint, credentials: { key: 'test', secret: 'test' } });
    if (typeof client.query !== 'function') return undefined;
    return () => client.query(ARGS);
  },
  async 'aws-sdk-v3'() {
    const { KendraClient, QueryCommand } = await import('@aws-sdk/client-kendra');
    const client = new KendraClient({ region: REGION, endpoint: input.endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    return () => client.send(new QueryCommand(ARGS));
  },
  async undici() {
    return async () => {
      const response = await request(RAW_URL, { method: 'POST', headers: RAW_HEADERS, body: RAW_BODY });
      return response.body.json();
    };
  },
  async synckit() {
    const { createSyncFn } = await import('synckit');
    const query = createSyncFn(fileURLToPath(new URL('./synckit-worker.mjs', import.meta.url)));
    return () => query(input.endpoint, ARGS);
  },
  async 'sync-request'() {
    const syncRequest = createRequire(import.meta.url)('sync-request');
    return () => JSON.parse(syncRequest('POST', RAW_URL, { headers: RAW_HEADERS, body: RAW_BODY }).getBody('utf8'));
  },
};

/** Runs `count` calls with `concurrency` in flight (a blocking call simply runs them one by one). */
async function drive(call, count, concurrency) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      await call();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const call = await PEERS[input.peer]();
if (!call) {
  console.log(JSON.stringify({ missing: 'SearchClient has no synchronous query() in this build' }));
  process.exit(0);
}
const check = await call();
if (!check || !Array.isArray(check.ResultItems) || check.ResultItems.length !== 10) throw new Error(`${input.peer}: unexpected Query result`);
await drive(call, input.warmup, input.concurrency);
const cpu = familyCpuMicros();
const start = process.hrtime.bigint();
await drive(call, input.calls, input.concurrency);
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const used = familyCpuMicros() - cpu;
console.log(
  JSON.stringify({
    requestsPerSecond: input.calls / seconds,
    cpuMicrosPerCall: used / input.calls,
    seconds,
    rss: process.memoryUsage().rss,
  }),
);
process.exit(0);
