import { NimbusCommand } from '../../lib/cli/nimbus-command.js';
import { ADMIN_FLAGS } from '../../lib/cli/local/admin-flags.js';

/** `nimbus local reset`: removes every resource of a running local service. */
export default class LocalReset extends NimbusCommand {
  static override summary = 'Remove every resource of a running local service.';
  static override description =
    'Deletes every index (with its documents, data sources, FAQs and thesauri) and every mobile project of the local service at --endpoint-url (default http://127.0.0.1:4599), and prints the counts left (all 0). The data dir and its schema stay. For tests; there is no undo: take a backup first (nimbus local backup) to keep anything.';
  static override examples = [{ description: 'Start the next test from nothing', command: '<%= config.bin %> local reset' }];
  static override flags = ADMIN_FLAGS;

  /** Resets the service and prints what is left. */
  async run(): Promise<void> {
    const { flags } = await this.parse(LocalReset);
    const { callAdmin } = await import('../../lib/cli/local/admin-client.js');
    process.stdout.write(`${JSON.stringify(await callAdmin(flags, 'POST', 'reset'), null, 2)}\n`);
  }
}
