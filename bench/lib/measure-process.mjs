// Runs one command as a child process and measures its wall time and peak resident memory:
// GNU `/usr/bin/time -f %M` when present, else a tiny python3 wrapper reading
// getrusage(RUSAGE_CHILDREN), else wall time only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp-dir.mjs';

const PY_WRAPPER = [
  'import resource, subprocess, sys, time',
  't = time.perf_counter()',
  'rc = subprocess.call(sys.argv[2:], stdin=subprocess.DEVNULL)',
  'w = time.perf_counter() - t',
  "open(sys.argv[1], 'w').write('%d %f\\n' % (resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, w))",
  'sys.exit(rc)',
].join('\n');

let method;

/** How peak memory is measured on this machine: `gnu-time`, `python-rusage` or `none`. */
export function rssMethod() {
  if (method) return method;
  const works = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
  if (existsSync('/usr/bin/time') && works('/usr/bin/time', ['-f', '%M', '-o', '/dev/null', 'true'])) method = 'gnu-time';
  else if (works('python3', ['-c', 'import resource'])) method = 'python-rusage';
  else method = 'none';
  return method;
}

const scratch = tempDir('rss').path;
let serial = 0;

/**
 * Runs `command args` with stdout discarded; resolves to `{wallMs, peakRss, code, stderr}` with
 * `peakRss` in bytes (NaN when it cannot be measured) and the tail of stderr.
 * @param {string} command
 * @param {string[]} args
 * @param {{env?: NodeJS.ProcessEnv, cwd?: string, timeoutMs?: number}} [options]
 */
export function measureProcess(command, args, options = {}) {
  const how = rssMethod();
  const out = join(scratch, `rss-${serial++}`);
  const [cmd, argv] =
    how === 'gnu-time'
      ? ['/usr/bin/time', ['-f', '%M', '-o', out, command, ...args]]
      : how === 'python-rusage'
        ? ['python3', ['-c', PY_WRAPPER, out, command, ...args]]
        : [command, args];
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(cmd, argv, { env: options.env, cwd: options.cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let wallMs = Number(process.hrtime.bigint() - start) / 1e6;
      let peakRss = NaN;
      if (how !== 'none' && existsSync(out)) {
        const fields = readFileSync(out, 'utf8').trim().split('\n').pop().trim().split(/\s+/);
        peakRss = Number(fields[0]) * 1024;
        if (how === 'python-rusage') wallMs = Number(fields[1]) * 1000;
        rmSync(out, { force: true });
      }
      resolve({ wallMs, peakRss, code: signal ? `signal ${signal}` : code, stderr });
    });
  });
}

/** The error line of a child's stderr (else its last line), for a one-line failure message. */
export function lastLine(stderr) {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const error = lines.find((line) => /^(\w*(Error|Exception)\b|error:)/i.test(line));
  return (error ?? lines.pop() ?? 'no output').slice(0, 200);
}
