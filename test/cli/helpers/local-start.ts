import { spawn } from 'node:child_process';
import { BIN } from './cli.js';

/** A `nimbus local start` process that printed its endpoint. */
export interface StartedLocalService {
  endpoint: string;
  /** Sends the signal (SIGTERM unless given) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Sends a signal (SIGHUP, say) without waiting for anything. */
  signal(signal: NodeJS.Signals): void;
  /** What it wrote on stderr so far (all of it once `stop` resolved). */
  stderr(): string;
}

/** Starts `nimbus local start` from the built binary; resolves once it printed its endpoint. */
export function startLocalServer(args: string[], env: NodeJS.ProcessEnv): Promise<StartedLocalService> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'local', 'start', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
        resolve({
          endpoint: line,
          stop: (signal = 'SIGTERM') => (child.kill(signal), exited),
          signal: (signal) => void child.kill(signal),
          stderr: () => stderr,
        });
      }
    });
    child.on('close', (code) => reject(new Error(`local start exited ${code}: ${stderr}`)));
  });
}
