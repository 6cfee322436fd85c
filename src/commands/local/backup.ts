import { Args, Flags } from '@oclif/core';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus local backup`: an online, consistent copy of a local service's data dir. */
export default class LocalBackup extends NimbusCommand {
  static override summary = "Back up a local service's data dir to a file, while it runs.";
  static override description =
    "Copies the SQLite database of the data dir (default ~/.nimbus/local) to FILE with SQLite's online backup API: a consistent snapshot holding every write acknowledged before the backup began, taken while services keep serving and ingesting. The S3 directory (<data-dir>/s3 unless --s3-dir was given) is not part of it: copy it with your usual file tools. Restore with nimbus local restore.";
  static override examples = [
    { description: 'Back up the default data dir', command: '<%= config.bin %> local backup nimbus-$(date +%F).db' },
    { description: 'Back up the data dir of a service in production', command: '<%= config.bin %> local backup /backups/search.db --data-dir /var/lib/nimbus' },
  ];
  static override args = { file: Args.string({ description: 'The backup file to write (replaced if it exists).', required: true }) };
  static override flags = { 'data-dir': Flags.string({ summary: 'The data dir to back up (default ~/.nimbus/local).' }) };

  /** Writes the backup and says what it wrote on stderr. */
  async run(): Promise<void> {
    const { args, flags } = await this.parse(LocalBackup);
    const [{ backupDataDir, BackupError }, { dataDirOf }, { configError }] = await Promise.all([
      import('../../lib/local/store/backup.js'),
      import('../../lib/cli/local/data-dir.js'),
      import('../../lib/cli/errors/cli-error.js'),
    ]);
    const dataDir = dataDirOf(flags['data-dir']);
    const report = await backupDataDir(dataDir, args.file).catch((error: unknown) => {
      throw error instanceof BackupError ? configError(`Cannot back up: ${error.message}`) : error;
    });
    process.stderr.write(`nimbus: backed up ${dataDir} to ${report.file} (${report.pages} pages)\n`);
  }
}
