// Scenario 7, semantic search: the built-in model's cost per passage and per query on real text,
// the service's embedding throughput and peak RSS with the model loaded, hybrid Query and
// Retrieve latency at `sizes.semanticDocs` documents, and quality on the labelled set.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashedEmbeddingFor } from '../semantic/stand-in.mjs';
import { measureQuality } from '../semantic/quality.mjs';
import { startServer } from '../lib/child.mjs';
import { document, queryText } from '../lib/corpus.mjs';
import { proc, ROOT } from '../lib/paths.mjs';
import { processCpuMs } from '../lib/process-cpu.mjs';
import { createActiveIndex, searchClient } from '../lib/search-setup.mjs';
import { dirSize } from '../lib/service.mjs';
import { int, mb, ms, percentile, verdict } from '../lib/stats.mjs';
import { tempDir } from '../lib/temp-dir.mjs';

const CLIENTS = 8;

/** Real English prose: the paragraphs of the README and ARCHITECTURE files, each at most about 100 words. */
function realPassages(count) {
  const text = ['README.md', 'ARCHITECTURE.md'].map((name) => readFileSync(join(ROOT, name), 'utf8')).join('\n\n');
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part.split(' ').length >= 30 && !part.startsWith('|') && !part.startsWith('```'));
  const out = [];
  for (const paragraph of paragraphs) {
    const words = paragraph.split(' ');
    for (let at = 0; at < words.length && out.length < count; at += 100) out.push(words.slice(at, at + 100).join(' '));
  }
  return out;
}

/** The built-in model in this process: passages per second over its lanes, and one query's embedding time. */
async function builtinCosts(passageCount, queryCount) {
  const { BuiltinProvider } = await import(pathToFileURL(join(ROOT, 'dist/lib/local/search/semantic/builtin-provider.js')).href);
  const cache = tempDir('model');
  const provider = new BuiltinProvider({ cacheDir: cache.path });
  try {
    await provider.embedQuery('warm up');
    await provider.embedPassages(['warm up']);
    const passages = realPassages(passageCount);
    const batches = [];
    for (let at = 0; at < passages.length; at += provider.batchSize) batches.push(passages.slice(at, at + provider.batchSize));
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: provider.parallelism }, async () => {
        while (next < batches.length) await provider.embedPassages(batches[next++]);
      }),
    );
    const passagesPerSecond = (passages.length / (performance.now() - started)) * 1000;
    const questions = JSON.parse(readFileSync(new URL('../semantic/labelled-set.json', import.meta.url), 'utf8')).paraphrases.map((entry) => entry.query);
    const times = [];
    for (let i = 0; i < queryCount; i++) {
      const at = performance.now();
      await provider.embedQuery(questions[i % questions.length]);
      times.push(performance.now() - at);
    }
    return { passages: passages.length, passagesPerSecond, queryP50: percentile(times, 50), queryP99: percentile(times, 99) };
  } finally {
    await provider.close();
    cache.remove();
  }
}

/** Peak and current RSS of a process, from /proc (Linux). */
function processRss(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1]) * 1024;
    return { peak: field('VmHWM'), now: field('VmRSS') };
  } catch {
    return { peak: NaN, now: NaN };
  }
}

async function drained(endpoint, timeoutMs) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const health = await (await fetch(`${endpoint}/_nimbus/health`)).json();
    if (health.counts.search.passagesToEmbed === 0) return health.counts.search.passagesEmbedded;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the backlog did not drain within ${timeoutMs / 1000} s`);
}

/** The service with the built-in model: real passages embedded in the background, and its peak RSS. */
async function builtinService(passageCount) {
  const dir = tempDir('semantic');
  const server = await startServer(proc('semantic-service'), { dataDir: dir.path, embeddings: 'builtin' });
  try {
    const client = searchClient(server.info.endpoint);
    const IndexId = await createActiveIndex(client, 'prose');
    const passages = realPassages(passageCount);
    const documents = passages.map((text, i) => ({ Id: `p${i}`, Title: `Part ${i}`, Blob: Buffer.from(text), ContentType: 'PLAIN_TEXT' }));
    const started = performance.now();
    for (let at = 0; at < documents.length; at += 10) await client.batchPutDocumentAsync({ IndexId, Documents: documents.slice(at, at + 10) });
    const embedded = await drained(server.info.endpoint, 1_800_000);
    const seconds = (performance.now() - started) / 1000;
    await client.queryAsync({ IndexId, QueryText: 'how do I run the service offline' });
    return { embedded, seconds, rss: processRss(server.pid) };
  } finally {
    await server.stop();
    dir.remove();
  }
}

/**
 * A stand-in `openai:` provider on loopback: deterministic vectors for the corpus (hashed words),
 * and the built-in model's vector for a single text (a query), so that query latency includes a
 * real embedding (plus one loopback HTTP hop).
 */
async function standIn() {
  const { BuiltinProvider } = await import(pathToFileURL(join(ROOT, 'dist/lib/local/search/semantic/builtin-provider.js')).href);
  const cache = tempDir('stand-in-model');
  const model = new BuiltinProvider({ cacheDir: cache.path, threads: 1 });
  await model.embedQuery('warm up');
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      const { input } = JSON.parse(body);
      const texts = Array.isArray(input) ? input : [input];
      const vectors = texts.length === 1 ? [Array.from(await model.embedQuery(texts[0]))] : texts.map((text) => hashedEmbeddingFor(text, 384));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: vectors.map((embedding, index) => ({ index, embedding })) }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/v1`, close: async () => (server.close(), await model.close(), cache.remove()) };
}

/** Hybrid Query and Retrieve latency over `docs` synthetic documents whose vectors come from the stand-in. */
async function hybridLatency(docs, queries) {
  const provider = await standIn();
  const dir = tempDir('semantic-scale');
  const server = await startServer(proc('semantic-service'), { dataDir: dir.path, embeddings: `openai:${provider.url}` });
  try {
    const client = searchClient(server.info.endpoint);
    const IndexId = await createActiveIndex(client, 'scale');
    let next = 0;
    const batches = Math.ceil(docs / 10);
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < batches) {
          const b = next++;
          const Documents = [];
          for (let i = b * 10; i < Math.min(docs, b * 10 + 10); i++) {
            const { Id, Title, text } = document(i);
            Documents.push({ Id, Title, Blob: Buffer.from(text), ContentType: 'PLAIN_TEXT' });
          }
          await client.batchPutDocumentAsync({ IndexId, Documents });
        }
      }),
    );
    const vectors = await drained(server.info.endpoint, 3_600_000);
    // the service's CPU per query beside the wall-clock percentiles: it tells the work done however loaded the machine is
    const timed = async (call) => {
      const times = [];
      const cpuBefore = processCpuMs(server.pid);
      for (let i = 0; i < queries; i++) {
        const at = performance.now();
        await call(queryText(i));
        times.push(performance.now() - at);
      }
      return { p50: percentile(times, 50), p99: percentile(times, 99), cpuMs: (processCpuMs(server.pid) - cpuBefore) / queries };
    };
    await timed((text) => client.queryAsync({ IndexId, QueryText: text }));
    const query = await timed((text) => client.queryAsync({ IndexId, QueryText: text }));
    const retrieve = await timed((text) => client.retrieveAsync({ IndexId, QueryText: text }));
    const rss = processRss(server.pid);
    await server.stop();
    return { docs, vectors, query, retrieve, rss, diskPerDoc: dirSize(dir.path) / docs };
  } finally {
    await server.stop();
    await provider.close();
    dir.remove();
  }
}

/** Runs scenario 7. */
export async function semantic(sizes) {
  const data = {};
  const attempt = async (name, run) => {
    try {
      data[name] = await run();
    } catch (error) {
      data[name] = { failed: error.message };
    }
  };
  await attempt('model', () => builtinCosts(sizes.semanticPassages, 100));
  await attempt('service', () => builtinService(sizes.semanticPassages));
  await attempt('hybrid', () => hybridLatency(sizes.semanticDocs, Math.min(sizes.queries, 500)));
  await attempt('quality', () => measureQuality('builtin', 'labelled'));
  await attempt('validation', () => measureQuality('builtin', 'validation'));
  return {
    title: '7 Semantic search',
    size: `${int(sizes.semanticDocs)} docs (stand-in vectors), ${int(sizes.semanticPassages)} real passages`,
    rows: rows(data, sizes),
    data,
  };
}

const failedRow = (subject, d) => ({ subject, measured: `failed: ${d.failed}`, ratio: '', goal: 'not measured' });

function rows(d) {
  const out = [];
  const m = d.model;
  if (m?.failed) out.push(failedRow('built-in model', m));
  else if (m)
    out.push({
      subject: 'built-in model, real text',
      measured: `${m.passagesPerSecond.toFixed(1)} passages/s (${int(m.passages)} passages of ≤ 100 words)\nquery embedding p50 ${ms(m.queryP50)} · p99 ${ms(m.queryP99)}`,
      ratio: '',
      goal: verdict('≥ 15 passages/s', m.passagesPerSecond, '>=', 15, (n) => `${n.toFixed(1)}/s`),
    });
  const s = d.service;
  if (s?.failed) out.push(failedRow('service with the built-in model', s));
  else if (s)
    out.push({
      subject: 'service, builtin: background embedding',
      measured: `${int(s.embedded)} passages in ${s.seconds.toFixed(1)} s incl. model load (${(s.embedded / s.seconds).toFixed(1)}/s)\npeak RSS ${mb(s.rss.peak)}`,
      ratio: '',
      goal: verdict('RSS ≤ 600 MB', s.rss.peak, '<=', 600e6, mb),
    });
  const h = d.hybrid;
  if (h?.failed) out.push(failedRow('hybrid Query and Retrieve', h));
  else if (h)
    out.push({
      subject: `hybrid Query/Retrieve, ${int(h.docs)} docs\n(stand-in openai: vectors for the corpus;\nqueries embedded by the built-in model)`,
      measured: `Query p50 ${ms(h.query.p50)} · p99 ${ms(h.query.p99)} · service CPU ${ms(h.query.cpuMs)}/query\nRetrieve p50 ${ms(h.retrieve.p50)} · p99 ${ms(h.retrieve.p99)} · service CPU ${ms(h.retrieve.cpuMs)}/query\n${int(h.vectors)} vectors · ${int(h.diskPerDoc)} B/doc on disk · RSS ${mb(h.rss.now)}`,
      ratio: '',
      goal: verdict('p99 ≤ 50 ms', Math.max(h.query.p99, h.retrieve.p99), '<=', 50, ms),
    });
  for (const [name, q] of [
    ['labelled set (tuned on)', d.quality],
    ['validation set (never tuned on)', d.validation],
  ]) {
    if (q?.failed) out.push(failedRow(`quality on the ${name}`, q));
    else if (q) out.push(qualityRow(name, q));
  }
  return out;
}

/** The quality row of a labelled set: recall@10 and MRR of its paraphrases, and its keyword queries' top-1. */
function qualityRow(name, q) {
  return {
    subject: `quality, ${name}\n(${q.documents} docs, ${q.paraphrases} paraphrases, ${q.keywords} keyword queries)`,
    measured: `Query R@10 ${q.query.recallAt10.toFixed(2)} · MRR ${q.query.mrr.toFixed(2)}\nRetrieve R@10 ${q.retrieve.recallAt10.toFixed(2)} · MRR ${q.retrieve.mrr.toFixed(2)}\nkeyword top-1 ${q.keywordTop1}/${q.keywords} (keyword-only ${q.keywordOnlyTop1}/${q.keywords})\nkeyword-only R@10 ${q.keywordOnlyQuery.recallAt10.toFixed(2)} · MRR ${q.keywordOnlyQuery.mrr.toFixed(2)}`,
    ratio: '',
    goal:
      verdict('R@10 ≥ 0.85', Math.min(q.query.recallAt10, q.retrieve.recallAt10), '>=', 0.85, (n) => n.toFixed(2)) +
      `\n${verdict('MRR ≥ 0.60', Math.min(q.query.mrr, q.retrieve.mrr), '>=', 0.6, (n) => n.toFixed(2))}\n${q.keywordTop1 >= q.keywordOnlyTop1 ? 'keyword top-1: met' : 'keyword top-1: MISSED'}`,
  };
}
