import { NimbusCommand } from '../../lib/cli/nimbus-command.js';
import { ADMIN_FLAGS } from '../../lib/cli/local/admin-flags.js';

/** `nimbus local status`: the health report of a running local service. */
export default class LocalStatus extends NimbusCommand {
  static override summary = 'Show the health of a running local service.';
  static override description =
    'Prints the health report of the local service at --endpoint-url (default http://127.0.0.1:4599) as JSON: whether it takes requests, its version, data dir, resource counts, the answering process, who holds the background work, and its store (sqlite, or postgresql with the log entry this node applied last, the head of the log and the lag). Requests to another host are signed with the credentials of --profile (or the default chain), as the service requires. Exits 255 when nothing answers there.';
  static override examples = [
    { description: 'The service on the default address', command: '<%= config.bin %> local status' },
    {
      description: 'A service on another host over HTTPS',
      command: '<%= config.bin %> local status --endpoint-url https://search.internal:4599 --ca-bundle ca.pem',
    },
  ];
  static override flags = ADMIN_FLAGS;

  /** Prints the health report. */
  async run(): Promise<void> {
    const { flags } = await this.parse(LocalStatus);
    const { callAdmin } = await import('../../lib/cli/local/admin-client.js');
    process.stdout.write(`${JSON.stringify(await callAdmin(flags, 'GET', 'health'), null, 2)}\n`);
  }
}
