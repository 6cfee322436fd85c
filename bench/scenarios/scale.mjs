// Scenario 5, how cost grows (`--scale`): one local service grown to 10k, 100k and 1M documents
// (quick: 2k, 10k), with the ingest rate of each step, the data dir's size, the service's RSS and
// Query and Retrieve p50/p99 at each size; and CLI start-up with 1 versus 20 profiles in the
// shared files.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runWorker } from '../lib/child.mjs';
import { cliEnv } from '../lib/cli-env.mjs';
import { lastLine, measureProcess } from '../lib/measure-process.mjs';
import { proc } from '../lib/paths.mjs';
import { nimbusCli } from '../lib/peers.mjs';
import { startService } from '../lib/service.mjs';
import { createActiveIndex, searchClient } from '../lib/search-setup.mjs';
import { tempDir } from '../lib/temp-dir.mjs';
import { int, mb, median, ms, times } from '../lib/stats.mjs';

const CLIENTS = 8;
const PROFILE_COUNTS = [1, 20];

/** Runs scenario 5 over `sizes.scaleDocs` document counts, `sizes.queries` queries at each. */
export async function scale(sizes) {
  const service = await startService();
  const data = {};
  try {
    const input = {
      endpoint: service.endpoint,
      servicePid: service.pid,
      dataDir: service.dataDir,
      steps: sizes.scaleDocs,
      queries: sizes.queries,
      concurrency: CLIENTS,
    };
    Object.assign(data, await runWorker(proc('scale-load'), input, { timeoutMs: 3_600_000 }));
    data.startup = await profilesStartup(service.endpoint, sizes.runs);
  } catch (error) {
    data.failed = error.message;
  } finally {
    await service.stop();
    service.dispose();
  }
  const size = `${sizes.scaleDocs.map(int).join(' → ')} docs,\n${int(sizes.queries)} queries at each;\nstart-up: median of ${sizes.runs} runs`;
  return { title: '5 How cost grows', size, rows: rows(data), data };
}

/** Shared config and credentials files with `count` profiles, the last one selected. */
function profilesHome(count) {
  const home = tempDir(`profiles-${count}`).path;
  const config = [];
  const credentials = [];
  for (let i = 1; i <= count; i++) {
    config.push(`[${i === 1 ? 'default' : `profile bench-${i}`}]`, 'region = us-east-1', 'output = json', 'cli_pager =', '');
    credentials.push(`[${i === 1 ? 'default' : `bench-${i}`}]`, 'aws_access_key_id = test', 'aws_secret_access_key = test', '');
  }
  writeFileSync(join(home, 'config'), config.join('\n'));
  writeFileSync(join(home, 'credentials'), credentials.join('\n'));
  const env = { ...cliEnv(), HOME: home, AWS_CONFIG_FILE: join(home, 'config'), AWS_SHARED_CREDENTIALS_FILE: join(home, 'credentials') };
  for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION', 'AWS_DEFAULT_REGION']) delete env[name];
  if (count > 1) env.AWS_PROFILE = `bench-${count}`;
  return env;
}

/** Median start-up of `nimbus search index list` with 1 and 20 profiles, runs interleaved. */
async function profilesStartup(endpoint, runs) {
  const cli = nimbusCli();
  if (cli.missing) return { missing: cli.missing };
  await createActiveIndex(searchClient(endpoint), 'bench-profiles');
  const subjects = PROFILE_COUNTS.map((count) => ({ count, env: profilesHome(count), samples: [] }));
  const run = (s) => measureProcess(cli.command, [...cli.args, 'search', 'index', 'list', '--endpoint-url', endpoint], { env: s.env, timeoutMs: 60_000 });
  for (const s of subjects) {
    const first = await run(s);
    if (first.code !== 0) return { failed: `${s.count} profiles: exit ${first.code}: ${lastLine(first.stderr)}` };
  }
  for (let r = 0; r < runs; r++) for (const s of subjects) s.samples.push((await run(s)).wallMs);
  return Object.fromEntries(subjects.map((s) => [s.count, median(s.samples)]));
}

/** A step's Retrieve latencies, or why there are none. */
function retrieveText(retrieve) {
  if (!retrieve || retrieve.missing) return `Retrieve: missing (${retrieve?.missing ?? 'not measured'})`;
  return `Retrieve p50 ${ms(retrieve.p50)} · p99 ${ms(retrieve.p99)}`;
}

function rows(d) {
  if (d.failed) return [{ subject: 'scaling series', measured: `failed: ${d.failed}`, ratio: '', goal: 'not measured' }];
  const first = d.steps[0];
  const out = d.steps.map((step) => {
    const growth =
      step === first
        ? ''
        : `×${int(step.docs / first.docs)} docs:\n${times(step.diskBytes / first.diskBytes)} disk, ${times(step.rss / first.rss)} RSS,\n${times(step.p99 / first.p99)} p99`;
    return {
      subject: `${int(step.docs)} documents`,
      measured: `ingest ${int((step.added / step.ingestMs) * 1000)} docs/s\n${mb(step.diskBytes)} on disk (${int(step.diskBytes / step.docs)} B/doc)\nservice RSS ${mb(step.rss)} (peak ${mb(step.peakRss)})\nquery p50 ${ms(step.p50)} · p99 ${ms(step.p99)}\nissue-30 mix p50 ${ms(step.mix.p50)} · p99 ${ms(step.mix.p99)}\n${retrieveText(step.retrieve)}`,
      ratio: growth,
      goal: '',
    };
  });
  const s = d.startup;
  if (s.missing || s.failed)
    out.push({ subject: 'start-up, 1 vs 20 profiles', measured: s.missing ? `missing: ${s.missing}` : `failed: ${s.failed}`, ratio: '', goal: '' });
  else out.push({ subject: 'start-up, 1 vs 20 profiles', measured: `${ms(s[1])} vs ${ms(s[20])}`, ratio: `${times(s[20] / s[1])} with 20`, goal: '' });
  return out;
}
