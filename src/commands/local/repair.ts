import { Flags } from '@oclif/core';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus local repair`: recovers a damaged data dir of the local service. */
export default class LocalRepair extends NimbusCommand {
  static override summary = 'Repair a damaged data directory, keeping a copy of the damaged database.';
  static override description =
    'For a data directory that "nimbus local start" refuses as damaged (corrupt pages, a missing table). Stop every process that uses it first. The repair makes a fresh database with the schema the damaged one recorded, copies into it every row of every table that can still be read (past damaged pages, from the next readable row), then rebuilds what derives from those rows: each index\'s full-text tables and ranking tiers, from the stored text. Documents whose text could not be read are removed (put them again). The damaged database is kept beside the new one as nimbus.db.damaged-<time>, and the report on stdout says what was recovered and what was lost. Exits 255 with one line when there is nothing to repair or not even the list of tables can be read.';
  static override examples = [
    {
      description: 'Repair the default data directory (~/.nimbus/local), then serve it again',
      command: '<%= config.bin %> local repair && <%= config.bin %> local start',
    },
    { description: 'Repair a data directory of your own', command: '<%= config.bin %> local repair --data-dir ./local-data' },
  ];
  static override flags = {
    'data-dir': Flags.string({ summary: "Directory of the service's database (default ~/.nimbus/local)." }),
  };

  /** Parses the flags and repairs. */
  async run(): Promise<void> {
    const { flags } = await this.parse(LocalRepair);
    const { repairLocal } = await import('../../lib/cli/local/repair.js');
    await repairLocal(flags['data-dir']);
  }
}
