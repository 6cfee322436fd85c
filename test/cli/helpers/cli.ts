import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The built CLI: what users run. */
export const BIN = join(ROOT, 'bin', 'run.js');

/** The newest modification time of the files under a folder. */
function newest(dir: string): number {
  let time = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const stats = statSync(full);
    time = Math.max(time, stats.isDirectory() ? newest(full) : stats.mtimeMs);
  }
  return time;
}

/** Fails unless the CLI is built and not older than its sources (run `npm run build`). */
export function requireBuild(): void {
  const bundle = join(ROOT, 'dist', 'cli', 'nimbus.cjs');
  const manifest = join(ROOT, 'oclif.manifest.json');
  if (!existsSync(bundle) || !existsSync(manifest)) throw new Error('The CLI is not built: run `npm run build` first');
  const built = Math.min(statSync(bundle).mtimeMs, statSync(manifest).mtimeMs);
  if (newest(join(ROOT, 'src')) > built) throw new Error('The CLI build is older than src/: run `npm run build` first');
}

/** What a CLI run did. */
export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Options of a CLI run. */
export interface RunOptions {
  env: NodeJS.ProcessEnv;
  /** Text written to stdin (stdin is closed after it). */
  input?: string;
  /** Called once stderr contains this text, with the child process (to send it a signal, say). */
  onStderr?: { text: string; then(child: ReturnType<typeof spawn>): void };
  timeoutMs?: number;
  /** The working directory (where a bare `--download` saves); default this process's. */
  cwd?: string;
  /** Node options given before the binary, such as `--import` of a preload script. */
  nodeOptions?: readonly string[];
}

/** Runs `nimbus <args>` (the built binary) as a child process with exactly the given environment. */
export function nimbus(args: readonly string[], options: RunOptions): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeOptions ?? []), BIN, ...args], {
      env: options.env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let triggered = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (options.onStderr && !triggered && stderr.includes(options.onStderr.text)) {
        triggered = true;
        options.onStderr.then(child);
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    // A run that ends before it reads its input (a usage error) closes the pipe first: the write
    // then fails with EPIPE, which says nothing about the run (its exit code and output do).
    child.stdin.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') reject(error);
    });
    child.stdin.end(options.input ?? '');
  });
}

/**
 * A clean environment for CLI runs: PATH and HOME, the instance metadata service on a closed
 * loopback port (a run that finds no credentials must not reach 169.254.169.254), plus `extra`
 * (nothing else from the test's own environment).
 */
export function cliEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // keyword search unless a test asks for semantic search: the built-in model's load would slow every local service
  return { PATH: process.env.PATH, HOME: home, AWS_EC2_METADATA_SERVICE_ENDPOINT: 'http://127.0.0.1:9', NIMBUS_EMBEDDINGS: 'off', ...extra };
}

/** Parses a run's JSON stdout, failing with the run's output when it is not JSON or the run failed. */
export function json(result: CliResult): any {
  if (result.code !== 0) throw new Error(`exit ${result.code}: ${result.stderr}`);
  try {
    return result.stdout.trim() === '' ? {} : JSON.parse(result.stdout);
  } catch {
    throw new Error(`not JSON: ${result.stdout}\n${result.stderr}`);
  }
}
