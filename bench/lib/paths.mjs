// Where things are: the repository root, the built library and CLI, the bench's child scripts.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The built CLI entry (what `nimbus` runs). */
export const CLI_BIN = join(ROOT, 'bin', 'run.js');

/** The built library entry, and the built local service. */
export const DIST_INDEX = join(ROOT, 'dist', 'lib', 'index.js');
export const DIST_SERVER = join(ROOT, 'dist', 'lib', 'local', 'server.js');

/** Where each run's JSON goes (ignored by git). */
export const RESULTS_DIR = join(ROOT, 'bench', 'results');

/** The committed headline figures each run is compared with. */
export const BASELINE = join(ROOT, 'bench', 'baseline.json');

/** A child script of the bench (bench/procs/<name>.mjs). */
export const proc = (name) => join(ROOT, 'bench', 'procs', `${name}.mjs`);
