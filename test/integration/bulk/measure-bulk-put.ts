/**
 * Measures `runBulkPut` the way the CLI runs it: one process reading a JSON Lines corpus and
 * putting it into a running service, with the plain progress lines on stderr. Prints the
 * summary as JSON on stdout. Run under `/usr/bin/time -f %M` for the peak resident memory:
 *
 *   node --import tsx test/integration/bulk/measure-bulk-put.ts ENDPOINT INDEX_ID CORPUS.jsonl [CONCURRENCY]
 *
 * (or bundled with esbuild first, to measure compiled code without the TypeScript loader).
 */
import { runBulkPut } from '../../../src/lib/bulk/bulk-put.js';
import { createProgressReporter } from '../../../src/lib/bulk/progress-reporter.js';
import { RetryConfiguration } from '../../../src/lib/retry/retry-configuration.js';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';

const [endpoint, indexId, corpus, concurrency] = process.argv.slice(2);
if (!endpoint || !indexId || !corpus) {
  process.stderr.write('usage: measure-bulk-put ENDPOINT INDEX_ID CORPUS.jsonl [CONCURRENCY]\n');
  process.exit(2);
}
const summary = await runBulkPut({
  client: new SearchClient({
    region: 'us-east-1',
    version: '2019-02-03',
    endpoint,
    credentials: { key: 'test', secret: 'test' },
    use_aws_shared_config_files: false,
    retries: new RetryConfiguration({ mode: 'standard', max_attempts: 3 }),
  }),
  args: { IndexId: indexId },
  source: { jsonl: corpus },
  concurrency: concurrency === undefined ? undefined : Number(concurrency),
  progress: createProgressReporter({ mode: 'lines' }),
});
process.stdout.write(`${JSON.stringify({ ...summary, cpu: process.cpuUsage(), maxRssMB: process.resourceUsage().maxRSS / 1024 })}\n`);
process.exitCode = summary.failed > 0 ? 1 : 0;
