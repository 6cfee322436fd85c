#!/usr/bin/env node
// `npm run bench [-- --quick]`: measures nimbus beside its peers on this machine, in one run,
// prints one table with ratios and goals, compares the headline figures with the last committed
// baseline (bench/baseline.json) and writes the numbers to bench/results/<date>-<mode>.json
// (an ignored folder).
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, platform, release, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { compareWithBaseline, headlineFigures, readBaseline, saveBaseline, TOLERANCE } from './lib/baseline.mjs';
import { parseOptions, USAGE } from './lib/options.mjs';
import { rssMethod } from './lib/measure-process.mjs';
import { BASELINE, DIST_INDEX, DIST_SERVER, RESULTS_DIR, ROOT } from './lib/paths.mjs';
import { renderMarkdown, renderTable } from './lib/table.mjs';

const SCENARIO_MODULES = {
  startup: ['./scenarios/startup.mjs', 'startup'],
  client: ['./scenarios/client.mjs', 'client'],
  local: ['./scenarios/local-service.mjs', 'localService'],
  bulk: ['./scenarios/bulk.mjs', 'bulk'],
  pdf: ['./scenarios/pdf-ingest.mjs', 'pdfIngest'],
  scale: ['./scenarios/scale.mjs', 'scale'],
  uploads: ['./scenarios/upload-memory.mjs', 'uploadMemory'],
  workers: ['./scenarios/workers.mjs', 'workers'],
  semantic: ['./scenarios/semantic.mjs', 'semantic'],
  postgres: ['./scenarios/postgres.mjs', 'postgres'],
};

/** The newest modification time under `dir` (to tell a stale build). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

// Ctrl-C or kill: exit normally, so that children are stopped and temporary directories removed.
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!existsSync(DIST_INDEX) || !existsSync(DIST_SERVER)) {
  console.error('nimbus is not built (dist/lib/index.js or dist/lib/local/server.js is missing): run npm run build first');
  process.exit(1);
}
const notes = [];
if (newest(join(ROOT, 'src')) > statSync(DIST_INDEX).mtimeMs) notes.push('dist/ is older than src/: these numbers are for the last build (npm run build)');
notes.push(`peak RSS measured with ${rssMethod()}`);
const load = loadavg()[0];
if (load > cpus().length / 2)
  notes.push(
    `load average ${load.toFixed(1)} on ${cpus().length} cores when the run started: other work shares the machine, absolute numbers are noisy (ratios less so)`,
  );

const started = Date.now();
const results = [];
for (const name of options.only) {
  const [path, exported] = SCENARIO_MODULES[name];
  process.stderr.write(`bench: ${name}…\n`);
  const scenario = (await import(path))[exported];
  try {
    results.push({ name, ...(await scenario(options.sizes)) });
  } catch (error) {
    results.push({
      name,
      title: name,
      size: '',
      rows: [{ subject: '(scenario)', measured: `failed: ${error.message}`, ratio: '', goal: 'not measured' }],
      data: { failed: error.message },
    });
  }
}
const seconds = (Date.now() - started) / 1000;

const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model,
  memoryBytes: totalmem(),
  freeMemoryBytes: freemem(),
  loadAverage: load,
  os: `${platform()} ${release()}`,
  node: process.version,
};
console.log(options.markdown ? renderMarkdown(results) : renderTable(results));
console.log(`${options.mode} run, ${seconds.toFixed(0)} s · ${machine.cpus} × ${machine.cpu} · node ${machine.node}`);
for (const note of notes) console.log(`note: ${note}`);
const missing = results.flatMap((r) =>
  r.rows.filter((row) => /^(missing|failed):/.test(row.measured)).map((row) => `${row.subject} (${row.measured.replace(/\n.*/s, '')})`),
);
if (missing.length) console.log(`missing: ${missing.join('; ')}`);

const figures = headlineFigures(results);
const compared = compareWithBaseline(readBaseline(BASELINE)[options.mode], figures);
const show = (n) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toPrecision(3));
for (const row of compared) {
  const change = `${row.change > 0 ? 'worse' : 'better'} by ${Math.abs(Math.round(row.change * 100))}%`;
  console.log(`${row.regressed ? 'REGRESSION' : 'baseline'}: ${row.name} ${show(row.value)} (baseline ${show(row.baseline)}, ${change})`);
}
const regressions = compared.filter((row) => row.regressed).length;
if (compared.length)
  console.log(
    `${regressions} of ${compared.length} headline figures more than ${TOLERANCE * 100}% worse than ${relative(process.cwd(), BASELINE)} (${options.mode})`,
  );
else console.log(`no ${options.mode} baseline to compare with: npm run bench -- ${options.mode === 'quick' ? '--quick ' : ''}--save-baseline stores one`);
if (options.saveBaseline) {
  saveBaseline(BASELINE, options.mode, figures, {
    date: new Date(started).toISOString(),
    machine: `${machine.cpus} × ${machine.cpu}, node ${machine.node}`,
    loadAverage: load,
  });
  console.log(`baseline: ${relative(process.cwd(), BASELINE)} (${options.mode}) updated`);
}

mkdirSync(RESULTS_DIR, { recursive: true });
const file = join(RESULTS_DIR, `${new Date(started).toISOString().replace(/[:.]/g, '-')}-${options.mode}.json`);
const json = {
  date: new Date(started).toISOString(),
  mode: options.mode,
  sizes: options.sizes,
  seconds,
  machine,
  notes,
  figures,
  baseline: compared,
  scenarios: results,
};
writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
console.log(`results: ${relative(process.cwd(), file)}`);
process.exit(regressions ? 3 : 0);
