import type { Env } from '../config/types.js';
import { ProcessRunError } from '../errors/process-run-error.js';

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  /** The child's environment. */
  env: Env;
  /** Kill the process and fail after this many milliseconds. */
  timeoutMs: number;
  /** Fail when standard output grows beyond this many bytes. */
  maxOutputBytes: number;
}

/**
 * Runs a program directly (no shell) with standard input closed, and resolves with its standard
 * output once it exits with status 0.
 * @param argv - the program and its arguments.
 * @throws ProcessRunError whose message says how the run failed (cannot start, exit status or
 *   signal with the end of standard error, timeout, too much output) and never contains standard output.
 */
export async function runProcess(argv: readonly string[], options: RunProcessOptions): Promise<string> {
  // Loaded here: only a profile with credential_process ever runs a program.
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const [program, ...args] = argv;
    const child = spawn(program!, args, {
      env: options.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true,
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let failure: string | undefined;
    const stop = (problem: string): void => {
      failure ??= problem;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(`did not finish within ${options.timeoutMs} ms`), options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > options.maxOutputBytes) stop(`printed more than ${options.maxOutputBytes} bytes`);
      else stdout.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 65_536) stderr += chunk;
    });
    let startError: NodeJS.ErrnoException | undefined;
    child.on('error', (error: NodeJS.ErrnoException) => {
      startError ??= error;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (startError) {
        const reason = startError.code ?? startError.message;
        return reject(new ProcessRunError(`could not be started (${reason})`, { cause: startError }));
      }
      if (failure) return reject(new ProcessRunError(failure));
      if (code === 0) return resolve(Buffer.concat(stdout).toString('utf8'));
      const status = code === null ? `was killed by ${signal}` : `exited with status ${code}`;
      const detail = summarize(stderr);
      reject(new ProcessRunError(detail ? `${status}: ${detail}` : status));
    });
  });
}

/** Standard error on one line, its start and end kept when it is long. */
function summarize(stderr: string): string {
  const line = stderr.trim().replace(/\s+/g, ' ');
  return line.length <= 500 ? line : `${line.slice(0, 250)} … ${line.slice(-250)}`;
}
