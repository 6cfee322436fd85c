/**
 * Measures the built CLI loading a generated corpus: `nimbus local start` in one process,
 * `nimbus search document put --jsonl` in another under `/usr/bin/time` (peak resident memory),
 * into a fresh Enterprise index. Prints one JSON line: documents/s (the CLI's own summary and
 * the wall time of the process) and the peak RSS in MB.
 *
 *   node --import tsx test/cli/bulk/measure-cli-put.ts [COUNT=100000] [CONCURRENCY=8] [file|stdin]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, cliEnv, requireBuild } from '../helpers/cli.js';
import { createActiveIndex, localClient, writeCorpus } from '../../integration/bulk/support.js';

const [count = '100000', concurrency = '8', mode = 'file'] = process.argv.slice(2);
requireBuild();
const dir = mkdtempSync(join(tmpdir(), 'nimbus-measure-'));
const server = spawn(process.execPath, [BIN, 'local', 'start', '--port', '0', '--data-dir', join(dir, 'data'), '--create-delay', '0'], {
  env: cliEnv(dir),
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const endpoint = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk) => {
      out += chunk;
      const found = /http:\/\/[\d.:]+/.exec(out);
      if (found) resolve(found[0]);
    });
    server.on('exit', (code) => reject(new Error(`the local service exited (${code})`)));
  });
  const indexId = await createActiveIndex(localClient(endpoint));
  const corpus = join(dir, 'corpus.jsonl');
  await writeCorpus(corpus, Number(count));
  const args = [
    '-f',
    'maxrss=%M',
    process.execPath,
    BIN,
    'search',
    'document',
    'put',
    '--index-id',
    indexId,
    '--jsonl',
    mode === 'stdin' ? '-' : corpus,
    '--concurrency',
    concurrency,
    '--endpoint-url',
    endpoint,
  ];
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', args, {
    env: cliEnv(dir, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' }),
    stdio: [mode === 'stdin' ? openSync(corpus, 'r') : 'ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  const wallMs = performance.now() - started;
  if (run.status !== 0) throw new Error(`exit ${run.status}: ${run.stderr}`);
  const summary = JSON.parse(run.stdout) as { acknowledged: number; failed: number; rate: number; elapsedMs: number };
  const maxRssKb = Number(/maxrss=(\d+)/.exec(run.stderr)?.[1]);
  process.stdout.write(
    `${JSON.stringify({
      documents: summary.acknowledged,
      failed: summary.failed,
      concurrency: Number(concurrency),
      input: mode,
      runDocsPerSecond: Math.round(summary.rate),
      processDocsPerSecond: Math.round((summary.acknowledged * 1000) / wallMs),
      processWallSeconds: +(wallMs / 1000).toFixed(2),
      peakRssMB: +(maxRssKb / 1024).toFixed(1),
    })}\n`,
  );
} finally {
  server.kill('SIGINT');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
