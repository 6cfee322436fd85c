// The load of the workers benchmark: `{endpoint, indexId, concurrency, warmupMs, measureMs}` in,
// `{requests, errors, requestsPerSecond, p50, p99}` out (one JSON line). One Query request is
// signed once (SigV4, test/test) and replayed by `concurrency` clients, each on its own
// keep-alive connection, so that the load costs this process little next to the service.
import { createHash, createHmac } from 'node:crypto';
import { Pool } from 'undici';

const input = JSON.parse(process.argv[2]);
const url = new URL(input.endpoint);
const body = JSON.stringify({ IndexId: input.indexId, QueryText: 'walrus habitat survey', PageSize: 10 });

/** The SigV4 headers of one POST of `body` to the search API, signed now. */
function signedHeaders() {
  const amzDate = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/us-east-1/kendra/aws4_request`;
  const payloadHash = createHash('sha256').update(body).digest('hex');
  const headers = {
    'content-type': 'application/x-amz-json-1.1',
    host: url.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate,
    'x-amz-target': 'AWSKendraFrontendService.Query',
  };
  const names = Object.keys(headers).sort();
  const canonical = ['POST', '/', '', ...names.map((name) => `${name}:${headers[name]}`), '', names.join(';'), payloadHash].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  let key = `AWS4test`;
  for (const part of [day, 'us-east-1', 'kendra', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...sent } = headers;
  return { ...sent, authorization: `AWS4-HMAC-SHA256 Credential=test/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
}

const headers = signedHeaders();
const pool = new Pool(url.origin, { connections: input.concurrency, pipelining: 1 });
let errors = 0;
let firstError;
const latencies = [];

async function client(untilMs, record) {
  while (Date.now() < untilMs) {
    const started = process.hrtime.bigint();
    try {
      const response = await pool.request({ path: '/', method: 'POST', headers, body });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
      if (record) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    } catch (error) {
      if (record) errors++;
      firstError ??= error.message;
    }
  }
}

const run = (ms, record) => {
  const until = Date.now() + ms;
  return Promise.all(Array.from({ length: input.concurrency }, () => client(until, record)));
};
await run(input.warmupMs, false);
const started = Date.now();
await run(input.measureMs, true);
const seconds = (Date.now() - started) / 1000;
await pool.close();
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))];
console.log(JSON.stringify({ requests: latencies.length, errors, firstError, requestsPerSecond: latencies.length / seconds, p50: at(50), p99: at(99) }));
