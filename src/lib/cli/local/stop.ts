import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { isRunning, pidFilePath, readPidFile, removePidFile, resolveDataDir } from './pid-file.js';

const POLL_MS = 100;

/**
 * `nimbus local stop`: sends SIGTERM to the local service that `local start --detach` started on
 * the data dir (its PID file says which), waits until it has exited (at most `timeoutSeconds`),
 * and removes the PID file. A PID file whose process is gone is removed, with a note.
 */
export async function stopDetached(dataDirFlag: string | undefined, timeoutSeconds: number): Promise<void> {
  const dataDir = resolveDataDir(dataDirFlag);
  const record = readPidFile(dataDir);
  if (!record) {
    throw new CliError(`No local service started with --detach runs on the data dir ${dataDir} (no PID file ${pidFilePath(dataDir)})`, EXIT.OTHER);
  }
  if (!isRunning(record.pid)) {
    removePidFile(dataDir);
    process.stderr.write(`nimbus: the local service (pid ${record.pid}) had already exited; removed its PID file\n`);
    return;
  }
  process.kill(record.pid, 'SIGTERM');
  const deadline = Date.now() + timeoutSeconds * 1000;
  while (isRunning(record.pid)) {
    if (Date.now() > deadline) {
      throw new CliError(
        `The local service (pid ${record.pid}) did not stop within ${timeoutSeconds} s; it still runs (kill -KILL ${record.pid} ends it at once)`,
        EXIT.OTHER,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  removePidFile(dataDir);
  process.stderr.write(`nimbus: stopped the local service${record.endpoint ? ` on ${record.endpoint}` : ''} (pid ${record.pid})\n`);
}
