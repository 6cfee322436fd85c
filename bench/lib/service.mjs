// The local service for a scenario: its own process over a fresh temporary data dir.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './child.mjs';
import { cliEnv } from './cli-env.mjs';
import { CLI_BIN, proc } from './paths.mjs';
import { tempDir } from './temp-dir.mjs';

/**
 * Starts the local service; resolves to `{endpoint, pid, dataDir, log(), stop()}`. `log()` is the
 * end of its stderr (where it logs a request's failure); `stop()` closes it and resolves to the
 * size in bytes of its data dir; `dispose()` removes the dir.
 * @param {string[]} [nodeArgs] options for the service's node process (e.g. --cpu-prof)
 */
export async function startService(nodeArgs = []) {
  const dir = tempDir('data');
  const dataDir = dir.path;
  const { info, pid, log, stop } = await startServer(proc('service'), { dataDir }, nodeArgs).catch((error) => {
    dir.remove();
    throw error;
  });
  return {
    endpoint: info.endpoint,
    pid,
    dataDir,
    log,
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

/**
 * Starts `nimbus local start` (the built CLI) with `args` on a fresh temporary data dir, in the
 * bench's minimal environment plus `env`; resolves to `{endpoint, pid, stop()}` once it prints its
 * endpoint. `stop()` sends SIGTERM, waits for the exit and removes the dir.
 * @param {string} name names the data dir and the error of a start that failed
 * @param {string[]} args the flags after `local start --port 0 --data-dir DIR`
 * @param {Record<string, string>} [env] more environment variables
 */
export function startLocalCli(name, args, env = {}) {
  const dir = tempDir(name);
  const child = spawn(process.execPath, [CLI_BIN, 'local', 'start', '--port', '0', '--data-dir', dir.path, ...args], {
    env: { ...cliEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (!stdout.includes('\n')) return;
      resolve({
        endpoint: stdout.split('\n')[0],
        pid: child.pid,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
          dir.remove();
        },
      });
    });
    child.once('exit', (code) => {
      dir.remove();
      reject(new Error(`local start (${name}) exited ${code}: ${stderr.trim().split('\n').pop()}`));
    });
  });
}
