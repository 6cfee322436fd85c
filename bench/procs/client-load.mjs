// One measured client process of the client benchmark: `{peer, concurrency, calls, warmup,
// endpoint}` in, `{requestsPerSecond, cpuMicrosPerCall, ...}` out (one JSON line). Peers:
// nimbus-async (queryAsync), nimbus-sync (query, blocking), aws-sdk-v3 (QueryCommand), and
// undici (a raw request with a fixed body and no signing: the floor).
import { request } from 'undici';

const input = JSON.parse(process.argv[2]);
const REGION = 'us-east-1';
const ARGS = { IndexId: '6f0a1d2e-3b4c-4d5e-8f90-a1b2c3d4e5f6', QueryText: 'relevance tuning', PageSize: 10 };

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
    const url = `${input.endpoint}/`;
    const body = JSON.stringify(ARGS);
    const headers = { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSKendraFrontendService.Query' };
    return async () => {
      const response = await request(url, { method: 'POST', headers, body });
      return response.body.json();
    };
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
const cpu = process.cpuUsage();
const start = process.hrtime.bigint();
await drive(call, input.calls, input.concurrency);
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    requestsPerSecond: input.calls / seconds,
    cpuMicrosPerCall: (used.user + used.system) / input.calls,
    seconds,
    rss: process.memoryUsage().rss,
  }),
);
process.exit(0);
