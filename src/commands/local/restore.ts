import { Args, Flags } from '@oclif/core';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus local restore`: puts a backup of `nimbus local backup` back into a data dir. */
export default class LocalRestore extends NimbusCommand {
  static override summary = 'Restore a data dir from a file of nimbus local backup.';
  static override description =
    "Checks FILE (a sound SQLite database of nimbus) and makes it the database of the data dir (default ~/.nimbus/local), replacing what is there. Refuses while a running service holds the data dir: stop it first. --force restores under the running service instead (through SQLite's backup API, under its write lock); restart that service afterwards, since it keeps what it cached of the old data.";
  static override examples = [
    { description: 'Restore the default data dir (with its service stopped)', command: '<%= config.bin %> local restore nimbus-2026-01-31.db' },
    { description: 'Restore into a new data dir', command: '<%= config.bin %> local restore /backups/search.db --data-dir /var/lib/nimbus-restored' },
  ];
  static override args = { file: Args.string({ description: 'The backup file to restore.', required: true }) };
  static override flags = {
    'data-dir': Flags.string({ summary: 'The data dir to restore into (default ~/.nimbus/local).' }),
    force: Flags.boolean({ summary: 'Restore even while a running service holds the data dir (restart it afterwards).' }),
  };

  /** Restores the backup and says what it did on stderr. */
  async run(): Promise<void> {
    const { args, flags } = await this.parse(LocalRestore);
    const [{ restoreDataDir, BackupError }, { dataDirOf }, { configError }] = await Promise.all([
      import('../../lib/local/store/backup.js'),
      import('../../lib/cli/local/data-dir.js'),
      import('../../lib/cli/errors/cli-error.js'),
    ]);
    const dataDir = dataDirOf(flags['data-dir']);
    const report = await restoreDataDir(args.file, dataDir, flags.force).catch((error: unknown) => {
      throw error instanceof BackupError ? configError(`Cannot restore: ${error.message}`) : error;
    });
    process.stderr.write(`nimbus: restored ${dataDir} from ${args.file} (${report.pages} pages)\n`);
    if (report.heldBy !== undefined)
      process.stderr.write(`nimbus: the service ${report.heldBy} holds ${dataDir}: restart it now, it still has the old data cached\n`);
  }
}
