// Command-line options of `npm run bench`: the mode (quick or full), the scenarios, one size knob
// per scenario, and whether to store the run as the new baseline.

/** Sizes of the full run (what the README table states) and of `--quick` (under 2 minutes). */
export const SIZES = {
  full: {
    runs: 20,
    calls: 20_000,
    docs: 100_000,
    queries: 2_000,
    bulkDocs: 100_000,
    awsBatches: 20,
    pdfDocs: 2_000,
    scaleDocs: [10_000, 100_000, 1_000_000],
    semanticDocs: 100_000,
    semanticPassages: 400,
  },
  quick: {
    runs: 7,
    calls: 3_000,
    docs: 10_000,
    queries: 300,
    bulkDocs: 10_000,
    awsBatches: 8,
    pdfDocs: 300,
    scaleDocs: [2_000, 10_000],
    semanticDocs: 5_000,
    semanticPassages: 100,
  },
};

const KNOBS = {
  '--runs': ['runs', 'start-up runs per command (scenario 1)'],
  '--calls': ['calls', 'measured Query calls per client and concurrency (scenario 2)'],
  '--docs': ['docs', 'documents ingested into the local service (scenario 3)'],
  '--queries': ['queries', 'queries timed over them (scenario 3)'],
  '--semantic-docs': ['semanticDocs', 'documents with stand-in vectors for hybrid latency (scenario 7)'],
  '--semantic-passages': ['semanticPassages', 'real passages embedded by the built-in model (scenario 7)'],
  '--bulk-docs': ['bulkDocs', 'documents in the bulk JSON Lines load (scenario 4)'],
  '--aws-batches': ['awsBatches', 'AWS CLI batches (processes) sampled per CLI (scenario 4)'],
  '--pdf-docs': ['pdfDocs', 'one-page PDFs (and as many text files) loaded with --from (scenario 6)'],
};

/** Every scenario; `scale` runs only when asked for (`--scale` or `--only`), `postgres` only with `--only`. */
export const SCENARIOS = ['startup', 'client', 'local', 'bulk', 'uploads', 'pdf', 'workers', 'scale', 'semantic', 'postgres'];
/** `scale`, `semantic` and `postgres` (which needs PostgreSQL) run only when asked for. */
const DEFAULT_SCENARIOS = SCENARIOS.filter((name) => name !== 'scale' && name !== 'semantic' && name !== 'postgres');
const FLAGS = ['--quick', '--markdown', '--scale', '--save-baseline'];

/** The usage text. */
export const USAGE = [
  'Usage: npm run bench -- [--quick] [--markdown] [--scale] [--save-baseline] [--only startup,client,local,bulk,uploads,pdf,workers,scale,semantic,postgres] [size knobs]',
  '  --quick            small sizes: the whole run takes under 2 minutes',
  '  --markdown         print the table as Markdown (for the README)',
  '  --scale            also run the scaling series (scenario 5)',
  "  --save-baseline    store this run's headline figures in bench/baseline.json (what later runs compare with)",
  `  --scale-docs LIST  document counts of the scaling series (full ${SIZES.full.scaleDocs.join(',')}, quick ${SIZES.quick.scaleDocs.join(',')})`,
  ...Object.entries(KNOBS).map(([flag, [key, text]]) => `  ${`${flag} N`.padEnd(18)} ${text} (full ${SIZES.full[key]}, quick ${SIZES.quick[key]})`),
].join('\n');

/**
 * Parses argv into `{mode, sizes, only, markdown, help}`; throws a one-line error on a bad flag or value.
 * @param {string[]} argv
 */
export function parseOptions(argv) {
  const mode = argv.includes('--quick') ? 'quick' : 'full';
  const sizes = { ...SIZES[mode] };
  let only = argv.includes('--scale') ? SCENARIOS.filter((name) => name !== 'postgres') : DEFAULT_SCENARIOS;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (FLAGS.includes(flag)) continue;
    if (flag === '--help' || flag === '-h') return { mode, sizes, only, help: true };
    const value = argv[++i];
    if (flag === '--only') {
      only = String(value ?? '')
        .split(',')
        .filter(Boolean);
      const unknown = only.filter((name) => !SCENARIOS.includes(name));
      if (unknown.length || !only.length) throw new Error(`--only takes a list of ${SCENARIOS.join(', ')}; got "${value ?? ''}"`);
    } else if (flag === '--scale-docs') {
      const counts = String(value ?? '')
        .split(',')
        .map(Number);
      if (!counts.every((n) => Number.isInteger(n) && n > 0)) throw new Error(`--scale-docs takes a list of positive whole numbers; got "${value ?? ''}"`);
      sizes.scaleDocs = counts.sort((a, b) => a - b);
    } else if (KNOBS[flag]) {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} takes a positive whole number; got "${value ?? ''}"`);
      sizes[KNOBS[flag][0]] = n;
    } else {
      throw new Error(`Unknown option "${flag}"\n${USAGE}`);
    }
  }
  return {
    mode,
    sizes,
    only: SCENARIOS.filter((name) => only.includes(name)),
    markdown: argv.includes('--markdown'),
    saveBaseline: argv.includes('--save-baseline'),
    help: false,
  };
}
