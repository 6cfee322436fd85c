// Scenario 6, PDF ingest: `nimbus search document put --from` of a directory of N one-page PDFs
// beside the same N documents as plain-text files (documents/s, start-up included): the local
// service reads PDFs with pdf.js in worker threads.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { cliEnv } from '../lib/cli-env.mjs';
import { document } from '../lib/corpus.mjs';
import { lastLine, measureProcess } from '../lib/measure-process.mjs';
import { pdfFile } from '../lib/pdf.mjs';
import { nimbusJsonl } from '../lib/peers.mjs';
import { createActiveIndex, indexedCount, searchClient } from '../lib/search-setup.mjs';
import { startService } from '../lib/service.mjs';
import { tempDir } from '../lib/temp-dir.mjs';
import { int, times } from '../lib/stats.mjs';

const TIMEOUT_MS = 1_800_000;

/** Runs scenario 6 with `sizes.pdfDocs` documents of each kind. */
export async function pdfIngest(sizes) {
  const service = await startService();
  const scratch = tempDir('pdf');
  try {
    const setup = { dir: scratch.path, client: searchClient(service.endpoint), env: cliEnv(), endpoint: ['--endpoint-url', service.endpoint] };
    const data = {
      docs: sizes.pdfDocs,
      cores: availableParallelism(),
      pdf: await measureLoad(setup, 'pdf', sizes.pdfDocs),
      text: await measureLoad(setup, 'txt', sizes.pdfDocs),
    };
    return { title: '6 PDF ingest', size: `${int(sizes.pdfDocs)} one-page PDFs, the same as text files; ${data.cores} cores`, rows: rows(data), data };
  } finally {
    await service.stop();
    service.dispose();
    scratch.remove();
  }
}

/** Writes `docs` files of `extension` (`pdf` or `txt`) and loads them with `--from` into a new index. */
async function measureLoad({ dir, client, env, endpoint }, extension, docs) {
  const nimbus = nimbusJsonl();
  if (nimbus.missing) return { missing: nimbus.missing };
  const folder = join(dir, extension);
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < docs; i++) {
    const { Title, text } = document(i);
    writeFileSync(join(folder, `doc-${i}.${extension}`), extension === 'pdf' ? pdfFile(Title, text.match(/.{1,80}(\s|$)/g) ?? [text]) : text);
  }
  const IndexId = await createActiveIndex(client, `bench-pdf-${extension}`);
  const args = [...nimbus.args, 'search', 'document', 'put', '--index-id', IndexId, '--from', folder, ...endpoint];
  const run = await measureProcess(nimbus.command, args, { env, timeoutMs: TIMEOUT_MS });
  if (run.code !== 0) return { failed: `exit ${run.code}: ${lastLine(run.stderr)}` };
  return { wallMs: run.wallMs, rate: (docs / run.wallMs) * 1000, indexed: await indexedCount(client, IndexId) };
}

function rows(d) {
  return [
    ['pdf', 'PDF files'],
    ['text', 'text files'],
  ].map(([key, name]) => {
    const run = d[key];
    const subject = `nimbus search document put --from (${name})`;
    if (!run.rate) return { subject, measured: run.missing ? `missing: ${run.missing}` : `failed: ${run.failed}`, ratio: '', goal: 'not measured' };
    const counted = run.indexed === d.docs ? '' : `\nindex counts ${int(run.indexed)} of ${int(d.docs)}`;
    return {
      subject,
      measured: `${int(run.rate)} docs/s\n${(run.wallMs / 1000).toFixed(1)} s in all, start-up included${counted}`,
      ratio: key === 'pdf' && d.text.rate ? `${times(run.rate / d.text.rate)} the text rate` : '',
      goal: '',
    };
  });
}
