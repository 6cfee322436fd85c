// Child node processes of the bench: long-lived servers that announce themselves with one JSON
// line on stdout, and one-shot workers that print their result as one JSON line.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { lastLine } from './measure-process.mjs';

const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function launch(script, input, nodeArgs = [], env = process.env) {
  const child = spawn(process.execPath, [...nodeArgs, script, JSON.stringify(input)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  return { child, stderr: () => stderr };
}

/**
 * Starts a server child and resolves, once it prints its JSON line, to `{info, pid, log(), stop()}`;
 * `log()` is the last 4,000 characters of its stderr; `stop()` sends SIGTERM and resolves when it has exited (so its files are closed).
 * @param {string} script
 * @param {unknown} input passed as the first argument, JSON
 * @param {string[]} [nodeArgs] options for node itself (e.g. --cpu-prof)
 */
export function startServer(script, input, nodeArgs = []) {
  const { child, stderr } = launch(script, input, nodeArgs);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready: ${lastLine(stderr())}`)));
    lines.once('line', (line) => {
      const exited = new Promise((done) => child.once('exit', done));
      resolve({
        info: JSON.parse(line),
        pid: child.pid,
        log: stderr,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

/**
 * Runs a worker child to completion and resolves to the JSON of its last stdout line; rejects
 * with a one-line error when it fails or exceeds `timeoutMs`.
 * @param {string} script
 * @param {unknown} input
 * @param {{timeoutMs?: number, nodeArgs?: string[], env?: NodeJS.ProcessEnv}} [options]
 */
export function runWorker(script, input, options = {}) {
  const { child, stderr } = launch(script, input, options.nodeArgs, options.env);
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  return new Promise((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? 300_000;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const last = stdout.trim().split('\n').pop();
      if (code === 0 && last) return resolve(JSON.parse(last));
      if (signal === 'SIGKILL') return reject(new Error(`timed out after ${timeoutMs / 1000} s`));
      reject(new Error(lastLine(stderr())));
    });
  });
}
