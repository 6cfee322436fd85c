// Scenario 4, bulk ingest: `nimbus search document put --jsonl` of N documents (documents/s,
// peak RSS) beside the AWS CLI loading the same documents one batch of 10 per process (a
// sample of batches, extrapolated to N).
import { createWriteStream, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { cliEnv } from '../lib/cli-env.mjs';
import { document } from '../lib/corpus.mjs';
import { lastLine, measureProcess } from '../lib/measure-process.mjs';
import { awsClis, nimbusJsonl } from '../lib/peers.mjs';
import { createActiveIndex, indexedCount, searchClient } from '../lib/search-setup.mjs';
import { startService } from '../lib/service.mjs';
import { tempDir } from '../lib/temp-dir.mjs';
import { int, mb, times, verdict } from '../lib/stats.mjs';

const TIMEOUT_MS = 1_800_000;

/** Runs scenario 4 with `sizes.bulkDocs` documents and `sizes.awsBatches` AWS CLI batches per CLI. */
export async function bulk(sizes) {
  const service = await startService();
  const scratch = tempDir('bulk');
  try {
    const setup = { dir: scratch.path, client: searchClient(service.endpoint), env: cliEnv(), endpoint: ['--endpoint-url', service.endpoint] };
    const data = { docs: sizes.bulkDocs, nimbus: await measureNimbus(setup, sizes.bulkDocs) };
    for (const [key, cli] of Object.entries(awsClis())) data[`aws-${key}`] = await measureAws(setup, key, cli, sizes.awsBatches);
    return { title: '4 Bulk ingest', size: `${int(sizes.bulkDocs)} docs; AWS CLI: ${sizes.awsBatches} batches of 10 sampled per CLI`, rows: rows(data), data };
  } finally {
    await service.stop();
    service.dispose();
    scratch.remove();
  }
}

/** One `nimbus search document put --jsonl` of `docs` documents into a new index. */
async function measureNimbus({ dir, client, env, endpoint }, docs) {
  const nimbus = nimbusJsonl();
  if (nimbus.missing) return { missing: nimbus.missing };
  const file = await writeJsonl(join(dir, 'docs.jsonl'), docs);
  const IndexId = await createActiveIndex(client, 'bench-bulk-nimbus');
  const args = [...nimbus.args, 'search', 'document', 'put', '--index-id', IndexId, '--jsonl', file, ...endpoint];
  const run = await measureProcess(nimbus.command, args, { env, timeoutMs: TIMEOUT_MS });
  if (run.code !== 0) return { failed: `exit ${run.code}: ${lastLine(run.stderr)}` };
  return { wallMs: run.wallMs, peakRss: run.peakRss, indexed: await indexedCount(client, IndexId) };
}

/** `batches` AWS CLI processes, each putting one batch of 10 documents into a new index. */
async function measureAws({ dir, client, env, endpoint }, key, cli, batches) {
  if (cli.missing) return { missing: cli.missing };
  const IndexId = await createActiveIndex(client, `bench-bulk-aws-${key}`);
  const samples = [];
  for (let b = 0; b < batches; b++) {
    const file = writeBatch(join(dir, `batch-${key}-${b}.json`), b, key === 'v2');
    const args = [...cli.args, 'kendra', 'batch-put-document', '--index-id', IndexId, '--documents', `file://${file}`, ...endpoint];
    const run = await measureProcess(cli.command, args, { env, timeoutMs: 60_000 });
    if (run.code !== 0) return { failed: `exit ${run.code}: ${lastLine(run.stderr)}` };
    samples.push(run);
  }
  const seconds = samples.reduce((sum, run) => sum + run.wallMs, 0) / 1000;
  const peakRss = Math.max(...samples.map((run) => run.peakRss));
  return { version: cli.version, batches, docsPerSecond: (batches * 10) / seconds, peakRss, indexed: await indexedCount(client, IndexId) };
}

/** The corpus as JSON Lines, one Document per line in the API's JSON form (Blob base64). */
async function writeJsonl(file, count) {
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) {
    const { Id, Title, text } = document(i);
    const line = `${JSON.stringify({ Id, Title, Blob: Buffer.from(text).toString('base64'), ContentType: 'PLAIN_TEXT' })}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return file;
}

/** Batch `b` for `--documents file://…`: v2 decodes Blob from base64; v1 sends the value's own bytes, so it gets the plain text. */
function writeBatch(file, b, base64) {
  const docs = Array.from({ length: 10 }, (_, k) => {
    const { Id, Title, text } = document(b * 10 + k);
    return { Id, Title, Blob: base64 ? Buffer.from(text).toString('base64') : text, ContentType: 'PLAIN_TEXT' };
  });
  writeFileSync(file, JSON.stringify(docs));
  return file;
}

function rows(d) {
  const out = [];
  const n = d.nimbus;
  const nimbusRate = n.wallMs ? (d.docs / n.wallMs) * 1000 : NaN;
  if (!n.wallMs)
    out.push({
      subject: 'nimbus search document put --jsonl',
      measured: n.missing ? `missing: ${n.missing}` : `failed: ${n.failed}`,
      ratio: '',
      goal: 'not measured',
    });
  else {
    const counted = n.indexed === d.docs ? '' : `\nindex counts ${int(n.indexed)} of ${int(d.docs)}`;
    out.push({
      subject: 'nimbus search document put --jsonl',
      measured: `${int(nimbusRate)} docs/s · ${mb(n.peakRss)} peak RSS\n${(n.wallMs / 1000).toFixed(1)} s in all, start-up included${counted}`,
      ratio: '',
      goal: `${verdict('RSS ≤ 200 MB', n.peakRss, '<=', 200e6, mb)}\n${verdict('≥ 3,000 docs/s', nimbusRate, '>=', 3000, int)}`,
    });
  }
  for (const key of ['v1', 'v2']) {
    const a = d[`aws-${key}`];
    const subject = `aws kendra batch-put-document (${key}), 1 batch/process`;
    if (!a.docsPerSecond) {
      out.push({ subject, measured: a.missing ? `missing: ${a.missing}` : `failed: ${a.failed}`, ratio: '', goal: '' });
      continue;
    }
    const minutes = d.docs / a.docsPerSecond / 60;
    out.push({
      subject,
      measured: `${a.docsPerSecond.toFixed(1)} docs/s · ${mb(a.peakRss)} peak RSS\nEXTRAPOLATED from ${a.batches} batches: ${minutes.toFixed(1)} min for ${int(d.docs)}`,
      ratio: Number.isFinite(nimbusRate) ? `nimbus ${times(nimbusRate / a.docsPerSecond)} faster` : '',
      goal: '',
    });
  }
  return out;
}
