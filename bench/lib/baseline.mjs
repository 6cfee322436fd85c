// The regression check: a few headline figures of a run (ratios and percentiles, as machine-
// independent as the scenario allows), compared with the last committed baseline of the same
// mode (bench/baseline.json). A figure more than 20% worse than its baseline is flagged.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** How much worse than its baseline a figure may get before it is flagged. */
export const TOLERANCE = 0.2;

const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : undefined);

/** Each scenario's headline figures: `[name, value, 'higher' | 'lower' (which is better)]`. */
const EXTRACT = {
  startup: (d) => [['startup: nimbus / node time', ratio(d['nimbus search index list']?.wallMs, d['node -e 0']?.wallMs), 'lower']],
  client: (d) => [
    ['client: async c=1 / undici req/s', ratio(d['nimbus-async c=1']?.requestsPerSecond, d['undici c=1']?.requestsPerSecond), 'higher'],
    ['client: async c=64 / undici req/s', ratio(d['nimbus-async c=64']?.requestsPerSecond, d['undici c=64']?.requestsPerSecond), 'higher'],
    ['client: sync / async CPU per call', ratio(d['nimbus-sync c=1']?.cpuMicrosPerCall, d['nimbus-async c=1']?.cpuMicrosPerCall), 'lower'],
  ],
  local: (d) => [
    ['local: service CPU per document (µs)', ratio(d.ingest?.serviceCpuMs * 1000, d.docs), 'lower'],
    ['local: service CPU per query (µs)', ratio(d.query?.serviceCpuMs * 1000, d.queries), 'lower'],
    ['local: query p50 (ms)', d.p50, 'lower'],
    ['local: query p99 (ms)', d.p99, 'lower'],
    ['local: Retrieve p99 (ms)', d.retrieve?.p99, 'lower'],
    ['local: bytes on disk per document', ratio(d.diskBytes, d.docs), 'lower'],
  ],
  bulk: (d) => [
    ['bulk: nimbus docs/s', ratio(d.docs * 1000, d.nimbus?.wallMs), 'higher'],
    ['bulk: nimbus peak RSS (MB)', ratio(d.nimbus?.peakRss, 1e6), 'lower'],
  ],
  scale: (d) =>
    (d.steps ?? []).flatMap((step) => [
      [`scale: query p99 at ${step.docs} docs (ms)`, step.p99, 'lower'],
      [`scale: Retrieve p99 at ${step.docs} docs (ms)`, step.retrieve?.p99, 'lower'],
      [`scale: bytes on disk per document at ${step.docs} docs`, ratio(step.diskBytes, step.docs), 'lower'],
    ]),
};

/** The headline figures of a run's scenario results: `{name: {value, better}}`. */
export function headlineFigures(results) {
  const figures = {};
  for (const result of results) {
    if (!result.data || result.data.failed) continue;
    for (const [name, value, better] of EXTRACT[result.name]?.(result.data) ?? []) {
      if (Number.isFinite(value)) figures[name] = { value, better };
    }
  }
  return figures;
}

/** The baseline file's content (`{quick?: {...}, full?: {...}}`), or `{}` when there is none. */
export function readBaseline(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** Stores `figures` as the baseline of `mode`, keeping the other mode's and figures this run did not measure. */
export function saveBaseline(file, mode, figures, about) {
  const all = readBaseline(file);
  all[mode] = { ...about, figures: { ...all[mode]?.figures, ...figures } };
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
}

/**
 * Compares figures with a mode's baseline: `[{name, baseline, value, change}]` for every figure
 * both have, `change` being how much worse (positive) or better (negative) as a fraction, and
 * `regressed` when worse by more than the tolerance.
 */
export function compareWithBaseline(baseline, figures) {
  const rows = [];
  for (const [name, { value, better }] of Object.entries(figures)) {
    const before = baseline?.figures?.[name]?.value;
    if (!Number.isFinite(before) || before === 0) continue;
    const change = better === 'higher' ? 1 - value / before : value / before - 1;
    rows.push({ name, baseline: before, value, change, regressed: change > TOLERANCE });
  }
  return rows;
}
