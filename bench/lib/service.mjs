// The local service for a scenario: its own process over a fresh temporary data dir.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './child.mjs';
import { proc } from './paths.mjs';
import { tempDir } from './temp-dir.mjs';

/**
 * Starts the local service; resolves to `{endpoint, pid, dataDir, stop()}`. `stop()` closes it and
 * resolves to the size in bytes of its data dir; `dispose()` removes the dir.
 * @param {string[]} [nodeArgs] options for the service's node process (e.g. --cpu-prof)
 */
export async function startService(nodeArgs = []) {
  const dir = tempDir('data');
  const dataDir = dir.path;
  const { info, pid, stop } = await startServer(proc('service'), { dataDir }, nodeArgs).catch((error) => {
    dir.remove();
    throw error;
  });
  return {
    endpoint: info.endpoint,
    pid,
    dataDir,
    stop: async () => {
      await stop();
      return dirSize(dataDir);
    },
    dispose: dir.remove,
  };
}

/** The total size of the files under `dir`. */
export function dirSize(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    total += entry.isDirectory() ? dirSize(full) : statSync(full).size;
  }
  return total;
}
