// Scenario: memory of the local service under large uploads. Four clients each send one
// BatchPutDocument of about 50 MB (10 plain-text documents) at the same time; the service's
// peak resident memory (VmHWM) and what it still holds afterwards (VmRSS) are read from
// /proc, so the figure is the service's alone, not the bench's.
import { readFileSync } from 'node:fs';
import { createActiveIndex, searchClient } from '../lib/search-setup.mjs';
import { startService } from '../lib/service.mjs';
import { mb, verdict } from '../lib/stats.mjs';

const CLIENTS = 4;
const DOCS_PER_BATCH = 10;
/** Raw text per document: base64 makes a batch of 10 about 50 MB on the wire. */
const DOC_BYTES = 3_750_000;
const GOAL_BYTES = 300e6;
const WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango'.split(' ');

/** A plain-text document of about `bytes` bytes of varied words. */
function text(seed, bytes) {
  const parts = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const word = `${WORDS[(i * 7 + seed) % WORDS.length]}${(i * 31 + seed) % 997}`;
    parts.push(word);
    size += word.length + 1;
  }
  return Buffer.from(parts.join(' '));
}

/** A process's memory figures from /proc (bytes), or NaN where /proc is missing. */
function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
    return { peak: field('VmHWM'), now: field('VmRSS') };
  } catch {
    return { peak: NaN, now: NaN };
  }
}

/** Runs the scenario; `sizes` is unused (the load is fixed by the goal it checks). */
export async function uploadMemory() {
  const service = await startService();
  let data;
  try {
    const client = searchClient(service.endpoint);
    const IndexId = await createActiveIndex(client, 'bench-uploads');
    const batches = Array.from({ length: CLIENTS }, (_, c) =>
      Array.from({ length: DOCS_PER_BATCH }, (_, d) => ({
        Id: `big-${c}-${d}`,
        Title: `Big ${c}.${d}`,
        Blob: text(c * 100 + d, DOC_BYTES),
        ContentType: 'PLAIN_TEXT',
      })),
    );
    const before = memory(service.pid);
    const started = Date.now();
    const outcomes = await Promise.allSettled(batches.map((Documents) => client.batchPutDocumentAsync({ IndexId, Documents })));
    const seconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = memory(service.pid);
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => outcome.reason?.code ?? outcome.reason?.message);
    const failedDocs = outcomes.reduce((sum, outcome) => sum + (outcome.status === 'fulfilled' ? (outcome.value.FailedDocuments?.length ?? 0) : 0), 0);
    data = { idleRss: before.now, peakRss: after.peak, heldRss: after.now, seconds, failedCalls: failed, failedDocs };
  } catch (error) {
    data = { failed: error.message };
  } finally {
    await service.stop();
    service.dispose();
  }
  return { title: 'Local service: large uploads', size: `${CLIENTS} × ${DOCS_PER_BATCH} docs ≈ 50 MB`, rows: rows(data), data };
}

function rows(d) {
  if (d.failed) return [{ subject: 'BatchPutDocument, 4 × 50 MB', measured: `failed: ${d.failed}`, ratio: '', goal: 'not measured' }];
  const calls = d.failedCalls.length ? ` · ${d.failedCalls.length} calls refused (${[...new Set(d.failedCalls)].join(', ')})` : '';
  return [
    {
      subject: `${CLIENTS} concurrent 50 MB BatchPutDocument`,
      measured: `peak ${mb(d.peakRss)} · held after ${mb(d.heldRss)} (idle ${mb(d.idleRss)})\n${d.seconds.toFixed(1)} s${calls}${d.failedDocs ? ` · ${d.failedDocs} docs failed` : ''}`,
      ratio: '',
      goal: verdict('peak RSS < 300 MB', d.peakRss, '<=', GOAL_BYTES, mb),
    },
  ];
}
