import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { onInterrupt } from '../interrupt.js';
import { claimPidFile, liveService, LOG_FILE, readPidFile, removePidFile, resolveDataDir, writePidFile, type PidRecord } from './pid-file.js';

const POLL_MS = 50;

/** The refusal of a start on a data dir that a running local service holds. */
function alreadyRunning(dataDir: string, record: PidRecord | undefined, dataDirFlag: string): CliError {
  const where = record?.endpoint ? ` at ${record.endpoint}` : '';
  return new CliError(
    `A local service already runs on the data dir ${dataDir} (pid ${record?.pid ?? 'unknown'}${where}): stop it first with "nimbus local stop${dataDirFlag}"`,
    EXIT.OTHER,
  );
}

/** The last lines of what the service wrote, as one line for an error message. */
function tail(text: string): string {
  return text.trim().split('\n').slice(-3).join(' / ');
}

/** Waits for the service to print its endpoint into the log (after `offset`); rejects when it exits first. */
function endpointFromLog(child: ChildProcess, log: string, offset: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const written = () => (existsSync(log) ? readFileSync(log).subarray(offset).toString('utf8') : '');
    const timer = setInterval(() => {
      const endpoint = /^(https?:\/\/\S+)$/m.exec(written())?.[1];
      if (endpoint) {
        clearInterval(timer);
        resolve(endpoint);
      }
    }, POLL_MS);
    child.once('exit', (code, signal) => {
      clearInterval(timer);
      const output = tail(written());
      reject(new CliError(`The local service did not start (it exited ${signal ?? code})${output ? `: ${output}` : ''}`, EXIT.OTHER));
    });
  });
}

/**
 * `nimbus local start --detach`: runs `nimbus local start` with the same flags (but `--detach`)
 * in the background, its output appended to `nimbus-local.log` in the data dir, and records it in
 * `nimbus-local.pid` there (JSON: pid, endpoint, log, startedAt). Returns once it listens: prints
 * the endpoint on stdout and the pid on stderr. Refuses when a local service started so already
 * runs on the data dir (a stale PID file, whose process is gone, is removed).
 */
export async function startDetached(argv: readonly string[], dataDirFlag: string | undefined): Promise<void> {
  const dataDir = resolveDataDir(dataDirFlag);
  const flagText = dataDirFlag === undefined ? '' : ` --data-dir ${dataDirFlag}`;
  mkdirSync(dataDir, { recursive: true });
  const running = liveService(dataDir);
  if (running) throw alreadyRunning(dataDir, running, flagText);
  const log = join(dataDir, LOG_FILE);
  const startedAt = new Date().toISOString();
  if (!claimPidFile(dataDir, { pid: process.pid, log, startedAt })) throw alreadyRunning(dataDir, readPidFile(dataDir), flagText);
  let child: ChildProcess | undefined;
  const dispose = onInterrupt(() => {
    child?.kill('SIGTERM');
    removePidFile(dataDir);
  });
  try {
    const offset = existsSync(log) ? statSync(log).size : 0;
    const output = openSync(log, 'a');
    try {
      const args = [process.argv[1]!, 'local', 'start', ...argv.filter((word) => word !== '--detach')];
      child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', output, output], env: process.env });
    } finally {
      closeSync(output);
    }
    const endpoint = await endpointFromLog(child, log, offset);
    writePidFile(dataDir, { pid: child.pid!, endpoint, log, startedAt });
    child.unref();
    process.stdout.write(`${endpoint}\n`);
    process.stderr.write(
      `nimbus: local service running in the background on ${endpoint}, pid ${child.pid}; log ${log}; stop it with "nimbus local stop${flagText}"\n`,
    );
  } catch (error) {
    removePidFile(dataDir);
    throw error;
  } finally {
    dispose();
  }
}
