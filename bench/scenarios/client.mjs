// Scenario 2, client throughput and overhead: Query calls at concurrency 1 and 64 against a
// canned node:http server in another process; requests/s and CPU per call of the client process.
// Every client is measured in ROUNDS interleaved rounds and keeps its best round (least disturbed
// by whatever else runs on the machine); each runs in the CLIs' minimal environment (no ~/.aws).
import { runWorker, startServer } from '../lib/child.mjs';
import { cliEnv } from '../lib/cli-env.mjs';
import { proc } from '../lib/paths.mjs';
import { int, times, verdict } from '../lib/stats.mjs';

const PEERS = [
  ['undici', 'raw undici request (floor)'],
  ['nimbus-async', 'nimbus queryAsync'],
  ['nimbus-sync', 'nimbus query (sync)'],
  ['aws-sdk-v3', '@aws-sdk/client-kendra'],
  ['synckit', 'synckit + queryAsync (worker thread)'],
  ['sync-request', 'sync-request (process per call, unsigned)'],
];
/** The peers that block the calling thread: measured at concurrency 1 only. */
const BLOCKING = new Set(['nimbus-sync', 'synckit', 'sync-request']);
/** A process per call costs milliseconds: that peer makes at most this many calls. */
const PROCESS_PER_CALL_CALLS = 300;
const CONCURRENCY = [1, 64];
const ROUNDS = 2;

/** Runs scenario 2 with `sizes.calls` measured calls per client, concurrency and round. */
export async function client(sizes) {
  const server = await startServer(proc('canned-server'), {});
  const endpoint = `http://127.0.0.1:${server.info.port}`;
  const data = {};
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const concurrency of CONCURRENCY) {
        for (const [peer] of PEERS) {
          const key = `${peer} c=${concurrency}`;
          if (BLOCKING.has(peer) && concurrency > 1) continue;
          if (data[key]?.missing || data[key]?.failed) continue;
          const calls = peer === 'sync-request' ? Math.min(sizes.calls, PROCESS_PER_CALL_CALLS) : sizes.calls;
          const input = { peer, concurrency, endpoint, calls, warmup: Math.max(peer === 'sync-request' ? 20 : 1000, Math.round(calls / 5)) };
          const result = await runWorker(proc('client-load'), input, { env: cliEnv(), timeoutMs: 180_000 }).catch((error) => ({ failed: error.message }));
          data[key] = best(data[key], result);
        }
      }
    }
  } finally {
    await server.stop();
  }
  return { title: '2 Client Query calls', size: `${int(sizes.calls)} calls each,\nbest of ${ROUNDS} rounds,\n11 KB canned response`, rows: rows(data), data };
}

/** The better of two rounds: highest requests/s, lowest CPU per call. */
function best(previous, result) {
  if (!previous || result.missing || result.failed) return result;
  return {
    requestsPerSecond: Math.max(previous.requestsPerSecond, result.requestsPerSecond),
    cpuMicrosPerCall: Math.min(previous.cpuMicrosPerCall, result.cpuMicrosPerCall),
    rounds: [...(previous.rounds ?? [previous]), result],
  };
}

function rows(data) {
  const out = [];
  for (const c of CONCURRENCY) {
    const floor = data[`undici c=${c}`];
    const async = data[`nimbus-async c=${c}`];
    const v3 = data[`aws-sdk-v3 c=${c}`];
    const sync = data[`nimbus-sync c=${c}`];
    for (const [peer, name] of PEERS) {
      const d = data[`${peer} c=${c}`];
      if (!d) continue;
      const subject = `c=${c} ${name}`;
      if (d.missing || d.failed) {
        const measured = d.missing ? `missing: ${d.missing}` : `failed: ${d.failed}`;
        out.push({ subject, measured, ratio: '', goal: peer === 'nimbus-sync' ? 'not measured' : '' });
        continue;
      }
      const ratio = [];
      let goal = '';
      if (peer === 'undici') goal = 'reference (floor)';
      else ratio.push(`${times(d.requestsPerSecond / floor.requestsPerSecond)} floor req/s`);
      if (peer === 'nimbus-async' && v3.requestsPerSecond) {
        ratio.push(`${times(d.requestsPerSecond / v3.requestsPerSecond)} v3 req/s`, `${times(v3.cpuMicrosPerCall / d.cpuMicrosPerCall)} less CPU than v3`);
      }
      if (peer === 'nimbus-async' && c === 64) {
        goal = [
          verdict('≥ 3× v3', d.requestsPerSecond / v3.requestsPerSecond, '>=', 3, times),
          verdict('≥ 0.7× floor', d.requestsPerSecond / floor.requestsPerSecond, '>=', 0.7, times),
        ].join('\n');
      }
      if (peer === 'nimbus-sync' && async.requestsPerSecond) {
        ratio.push(
          `${times(d.cpuMicrosPerCall / async.cpuMicrosPerCall)} async CPU/call`,
          `${times(async.requestsPerSecond / d.requestsPerSecond)} async time/call`,
        );
        goal = 'floor: 3 thread wake-ups a call (README)';
      }
      if ((peer === 'synckit' || peer === 'sync-request') && sync?.cpuMicrosPerCall) {
        ratio.push(
          `${times(d.cpuMicrosPerCall / sync.cpuMicrosPerCall)} nimbus sync CPU/call`,
          `${times(sync.requestsPerSecond / d.requestsPerSecond)} nimbus sync time/call`,
        );
        goal = 'reference (other ways to block)';
      }
      out.push({ subject, measured: `${int(d.requestsPerSecond)} req/s\n${int(d.cpuMicrosPerCall)} µs CPU/call`, ratio: ratio.join('\n'), goal });
    }
  }
  return out;
}
