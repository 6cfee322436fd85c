/**
 * Query latency benchmark: loads `documents` synthetic documents (8 concurrent BatchPutDocument
 * clients, 10 documents a call) into a local service running in another process, then runs
 * `queries` queries one at a time and prints p50/p95/p99 latency as the client sees it.
 *
 *   node --import tsx test/integration/local-search/perf/query-bench.ts [documents=100000] [queries=2000]
 *
 * Queries: 1 to 3 words drawn by frequency from the corpus vocabulary, skipping its 100 most
 * frequent words (which play the part of the function words of real text); a fifth with a
 * quoted two-word phrase, 30% filtered on _category, 30% with a _category facet.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok } from '../support.js';
import { seededRandom as random } from '../../../../src/lib/local/server/faults.js';
import { syntheticDoc, Vocabulary } from './synthetic.js';

const total = Number(process.argv[2] ?? 100_000);
const queries = Number(process.argv[3] ?? 2000);
const CLIENTS = 8;

const dataDir = mkdtempSync(join(tmpdir(), 'nimbus-bench-'));
const child = fork(fileURLToPath(new URL('../child-service.ts', import.meta.url)), [dataDir], {
  execArgv: ['--import', 'tsx', ...(process.env['BENCH_PROFILE'] ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [])],
});
const endpoint = await new Promise<string>((resolve) => child.once('message', (message) => resolve(String(message))));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
try {
  const { Id } = await ok(endpoint, 'CreateIndex', { Name: 'bench', RoleArn: 'arn:aws:iam::000000000000:role/bench' });
  while ((await ok(endpoint, 'DescribeIndex', { Id })).Status !== 'ACTIVE') await new Promise((resolve) => setTimeout(resolve, 50));
  const vocabulary = new Vocabulary(20_000, 7);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < total / 10) {
        const batch = next++;
        const documents = Array.from({ length: 10 }, (_, n) => syntheticDoc(vocabulary, `doc-${batch * 10 + n}`, 100));
        await ok(endpoint, 'BatchPutDocument', { IndexId: Id, Documents: documents });
      }
    }),
  );
  const loadSeconds = (performance.now() - started) / 1000;
  console.log(`loaded ${total} documents in ${loadSeconds.toFixed(1)} s (${Math.round(total / loadSeconds)} documents/s, ${CLIENTS} clients)`);

  const draw = random(99);
  const contentWord = () => {
    for (;;) {
      const word = vocabulary.word();
      if (vocabulary.words.indexOf(word) >= 100) return word;
    }
  };
  const categories = ['engineering', 'sales', 'legal', 'support', 'research', 'finance', 'marketing', 'operations'];
  const inputs = Array.from({ length: queries }, () => {
    const words = 1 + Math.floor(draw() * 3);
    const terms = Array.from({ length: words }, contentWord);
    const text = draw() < 0.2 && terms.length >= 2 ? `"${terms[0]} ${terms[1]}" ${terms.slice(2).join(' ')}`.trim() : terms.join(' ');
    return {
      IndexId: Id,
      QueryText: text,
      ...(draw() < 0.3
        ? { AttributeFilter: { EqualsTo: { Key: '_category', Value: { StringValue: categories[Math.floor(draw() * categories.length)] } } } }
        : {}),
      ...(draw() < 0.3 ? { Facets: [{ DocumentAttributeKey: '_category' }] } : {}),
    };
  });
  for (const input of inputs.slice(0, 50)) await ok(endpoint, 'Query', input);
  const latencies: number[] = [];
  let results = 0;
  for (const input of inputs) {
    const begin = performance.now();
    const answer = await ok(endpoint, 'Query', input);
    latencies.push(performance.now() - begin);
    results += answer.TotalNumberOfResults;
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `${queries} queries over ${total} documents: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies[latencies.length - 1]!.toFixed(1)} ms (mean ${Math.round(results / queries)} matches)`,
  );
} finally {
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
