#!/usr/bin/env node
// Quality of nimbus's hybrid search on a labelled set: recall@10 and MRR of the paraphrased
// questions for Query and Retrieve, and the keyword queries' top-1, hybrid and keyword-only. The
// fusion is tuned on `labelled-set.json`; `validation-set.json` (other documents and questions) is
// never tuned on and tells whether the tuning holds elsewhere. Runs the built local service in
// this process (`npm run build` first):
// `node bench/semantic/quality.mjs [--embeddings builtin] [--set labelled|validation]`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST_INDEX, DIST_SERVER } from '../lib/paths.mjs';

/** The labelled sets, by name. */
export const SETS = ['labelled', 'validation'];

/** The set `name` of {@link SETS}. */
function readSet(name) {
  if (!SETS.includes(name)) throw new Error(`no labelled set ${name}: the sets are ${SETS.join(', ')}`);
  return JSON.parse(readFileSync(new URL(`./${name}-set.json`, import.meta.url), 'utf8'));
}

/** The 1-based rank of `answer` among the document ids, or Infinity. */
function rankOf(ids, answer) {
  const at = ids.indexOf(answer);
  return at < 0 ? Infinity : at + 1;
}

function summary(ranks) {
  return {
    recallAt10: ranks.filter((rank) => rank <= 10).length / ranks.length,
    mrr: ranks.reduce((sum, rank) => sum + (Number.isFinite(rank) ? 1 / rank : 0), 0) / ranks.length,
    recallAt1: ranks.filter((rank) => rank === 1).length / ranks.length,
  };
}

async function waitEmbedded(endpoint) {
  for (const deadline = Date.now() + 600_000; Date.now() < deadline;) {
    const health = await (await fetch(`${endpoint}/_nimbus/health`)).json();
    if (health.counts.search.passagesToEmbed === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the labelled set was not embedded within 10 minutes');
}

/** Runs every query of the set against a service over `dataDir`; resolves to ranks and confidences. */
async function run(SET, dataDir, embeddings, { startLocalService }, { SearchClient }, load) {
  const service = await startLocalService({ port: 0, dataDir, createDelay: 0, embeddings });
  try {
    const client = new SearchClient({ region: 'us-east-1', version: '2019-02-03', endpoint: service.endpoint, credentials: { key: 'test', secret: 'test' } });
    let indexId;
    if (load) {
      ({ Id: indexId } = await client.createIndexAsync({ Name: 'labelled', RoleArn: 'arn:aws:iam::000000000000:role/x' }));
      while ((await client.describeIndexAsync({ Id: indexId })).Status !== 'ACTIVE') await new Promise((resolve) => setTimeout(resolve, 20));
      const documents = SET.documents.map((doc) => ({ Id: doc.id, Title: doc.title, Blob: Buffer.from(doc.body), ContentType: 'PLAIN_TEXT' }));
      for (let i = 0; i < documents.length; i += 10) await client.batchPutDocumentAsync({ IndexId: indexId, Documents: documents.slice(i, i + 10) });
    } else {
      indexId = (await client.listIndicesAsync({})).IndexConfigurationSummaryItems[0].Id;
    }
    if (embeddings !== 'off') await waitEmbedded(service.endpoint);
    const queryIds = async (text) => {
      const answer = await client.queryAsync({ IndexId: indexId, QueryText: text, PageSize: 10, QueryResultTypeFilter: 'DOCUMENT' });
      return { ids: answer.ResultItems.map((item) => item.DocumentId), confidences: answer.ResultItems.map((item) => item.ScoreAttributes?.ScoreConfidence) };
    };
    const retrieveIds = async (text) => {
      const answer = await client.retrieveAsync({ IndexId: indexId, QueryText: text, PageSize: 10 });
      return { ids: answer.ResultItems.map((item) => item.DocumentId), confidences: answer.ResultItems.map((item) => item.ScoreAttributes?.ScoreConfidence) };
    };
    const out = { query: [], retrieve: [], keywordTop1: 0, topConfidence: {}, nonsense: [] };
    for (const { query, answer } of SET.paraphrases) {
      const q = await queryIds(query);
      out.query.push(rankOf(q.ids, answer));
      const first = q.ids[0] === answer ? 'right' : 'wrong';
      out.topConfidence[`${first}:${q.confidences[0] ?? 'none'}`] = (out.topConfidence[`${first}:${q.confidences[0] ?? 'none'}`] ?? 0) + 1;
      out.retrieve.push(rankOf((await retrieveIds(query)).ids, answer));
    }
    for (const { query, answer } of SET.keywords) if ((await queryIds(query)).ids[0] === answer) out.keywordTop1 += 1;
    for (const text of ['zorblax quintessor flimwhistle', 'glarbnik vostrum pelliquade', 'snorf wumbleton']) {
      out.nonsense.push(...(await queryIds(text)).confidences, ...(await retrieveIds(text)).confidences);
    }
    return out;
  } finally {
    await service.close();
  }
}

/** The figures of a labelled set for a provider, with keyword-only ranking beside them. */
export async function measureQuality(embeddings = 'builtin', setName = 'labelled') {
  const SET = readSet(setName);
  const server = await import(pathToFileURL(DIST_SERVER).href);
  const library = await import(pathToFileURL(DIST_INDEX).href);
  const dataDir = mkdtempSync(join(tmpdir(), 'nimbus-quality-'));
  try {
    const hybrid = await run(SET, dataDir, embeddings, server, library, true);
    const keywordOnly = await run(SET, dataDir, 'off', server, library, false);
    return {
      documents: SET.documents.length,
      paraphrases: SET.paraphrases.length,
      keywords: SET.keywords.length,
      query: summary(hybrid.query),
      retrieve: summary(hybrid.retrieve),
      keywordOnlyQuery: summary(keywordOnly.query),
      keywordOnlyRetrieve: summary(keywordOnly.retrieve),
      keywordTop1: hybrid.keywordTop1,
      keywordOnlyTop1: keywordOnly.keywordTop1,
      topConfidence: hybrid.topConfidence,
      nonsenseConfidences: hybrid.nonsense,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const option = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
  console.log(JSON.stringify(await measureQuality(option('--embeddings', 'builtin'), option('--set', 'labelled')), null, 1));
}
