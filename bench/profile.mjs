#!/usr/bin/env node
// Profiles one side of a benchmark with `node --cpu-prof` and prints the hot spots (src/ lines):
//   node bench/profile.mjs client [--peer nimbus-async|nimbus-sync|aws-sdk-v3|undici] [--concurrency 64] [--calls 20000]
//   node bench/profile.mjs service [--docs 10000] [--queries 300]   (scenario 3: the local service and its load client)
// The sync worker thread is started with no node options, so `client --peer nimbus-sync` profiles the calling thread only.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runWorker, startServer } from './lib/child.mjs';
import { summarise } from './lib/cpu-profile.mjs';
import { proc } from './lib/paths.mjs';
import { startService } from './lib/service.mjs';
import { tempDir } from './lib/temp-dir.mjs';

// Ctrl-C or kill: exit normally, so that children are stopped and temporary directories removed.
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

const DEFAULTS = {
  client: { peer: 'nimbus-async', concurrency: 64, calls: 20_000 },
  service: { docs: 10_000, queries: 300 },
};
const USAGE = 'Usage: node bench/profile.mjs client [--peer P] [--concurrency N] [--calls N] | service [--docs N] [--queries N]';
const [target, ...argv] = process.argv.slice(2);
const options = { ...DEFAULTS[target] };
let valid = target in DEFAULTS;
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, '');
  valid &&= key in options && argv[i + 1] !== undefined;
  options[key] = key === 'peer' ? argv[i + 1] : Number(argv[i + 1]);
}
if (!valid) {
  console.error(USAGE);
  process.exit(2);
}

const profiles = tempDir('prof');
const dir = profiles.path;
const profile = (name) => {
  mkdirSync(join(dir, name));
  return ['--cpu-prof', '--cpu-prof-dir', join(dir, name)];
};
try {
  if (target === 'client') {
    const server = await startServer(proc('canned-server'), {});
    const input = { ...options, endpoint: `http://127.0.0.1:${server.info.port}`, warmup: 1000 };
    const result = await runWorker(proc('client-load'), input, { nodeArgs: profile('client') }).finally(() => server.stop());
    console.log(
      `${options.peer} c=${options.concurrency}: ${Math.round(result.requestsPerSecond)} req/s, ${Math.round(result.cpuMicrosPerCall)} µs CPU/call (under the profiler)`,
    );
  } else {
    const service = await startService(profile('service'));
    const input = { endpoint: service.endpoint, servicePid: service.pid, ...options, concurrency: 8 };
    const result = await runWorker(proc('ingest-load'), input, { nodeArgs: profile('client') }).finally(async () => {
      await service.stop();
      service.dispose();
    });
    console.log(
      `service: ${Math.round((options.docs / result.acknowledgedMs) * 1000)} docs/s ingested, query p50 ${result.p50?.toFixed(2)} ms p99 ${result.p99?.toFixed(2)} ms (under the profiler)`,
    );
  }
  const files = readdirSync(dir, { recursive: true }).filter((name) => name.endsWith('.cpuprofile'));
  for (const file of files.sort().reverse()) {
    const summary = summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    const line = ([what, ms]) => `  ${ms.toFixed(0).padStart(7)} ms  ${what}`;
    console.log(`\n${file} (${summary.totalMs.toFixed(0)} ms)\n by area (self time):\n${summary.areas.map(line).join('\n')}`);
    console.log(` hottest functions (self time):\n${summary.self.map(line).join('\n')}`);
    console.log(` nimbus functions (inclusive time):\n${summary.nimbus.map(line).join('\n')}`);
  }
} finally {
  profiles.remove();
}
