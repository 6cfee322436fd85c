// Temporary directories of the bench, removed when done and, whatever happens (Ctrl-C
// included), when the bench exits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const live = new Set();
process.on('exit', () => {
  for (const path of live) rmSync(path, { recursive: true, force: true });
});

/** A new directory `<tmp>/nimbus-bench-<name>-XXXXXX`: `{path, remove()}`. */
export function tempDir(name) {
  const path = mkdtempSync(join(tmpdir(), `nimbus-bench-${name}-`));
  live.add(path);
  return {
    path,
    remove() {
      live.delete(path);
      rmSync(path, { recursive: true, force: true });
    },
  };
}
