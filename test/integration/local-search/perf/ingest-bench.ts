/**
 * Ingest benchmark: BatchPutDocument (10 documents a call) from 8 concurrent clients into a
 * local service running in another process. Prints documents per second.
 *
 *   node --import tsx test/integration/local-search/perf/ingest-bench.ts [documents=20000] [bodyWords=100]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok } from '../support.js';
import { syntheticDoc, Vocabulary } from './synthetic.js';

const total = Number(process.argv[2] ?? 20_000);
const bodyWords = Number(process.argv[3] ?? 100);
const CLIENTS = 8;

const dataDir = mkdtempSync(join(tmpdir(), 'nimbus-bench-'));
const child = fork(fileURLToPath(new URL('../child-service.ts', import.meta.url)), [dataDir], {
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [])],
});
const endpoint = await new Promise<string>((resolve) => child.once('message', (message) => resolve(String(message))));
try {
  const { Id } = await ok(endpoint, 'CreateIndex', { Name: 'bench', RoleArn: 'arn:aws:iam::000000000000:role/bench' });
  while ((await ok(endpoint, 'DescribeIndex', { Id })).Status !== 'ACTIVE') await new Promise((resolve) => setTimeout(resolve, 50));
  const vocabulary = new Vocabulary(20_000, 7);
  const batches = Array.from({ length: Math.ceil(total / 10) }, (_, batch) =>
    JSON.stringify({ IndexId: Id, Documents: Array.from({ length: 10 }, (_, n) => syntheticDoc(vocabulary, `doc-${batch * 10 + n}`, bodyWords)) }),
  );
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < batches.length) {
        const body = batches[next++]!;
        const answer = await ok(endpoint, 'BatchPutDocument', JSON.parse(body));
        if (answer.FailedDocuments.length > 0) throw new Error(JSON.stringify(answer.FailedDocuments[0]));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${batches.length * 10} documents of ~${bodyWords} words in ${seconds.toFixed(2)} s: ${Math.round((batches.length * 10) / seconds)} documents/s with ${CLIENTS} clients`,
  );
} finally {
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
