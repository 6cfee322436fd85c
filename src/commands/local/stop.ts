import { Flags } from '@oclif/core';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus local stop`: stops the local service that `local start --detach` started. */
export default class LocalStop extends NimbusCommand {
  static override summary = 'Stop the local service started with "local start --detach".';
  static override description =
    'Sends SIGTERM to the local service whose PID file (nimbus-local.pid) is in the data directory, waits until it has exited (it finishes the requests it serves and closes its database), and removes the PID file. A PID file whose process is gone is removed with a note.';
  static override examples = [
    { description: 'Stop the service of the default data directory', command: '<%= config.bin %> local stop' },
    { description: 'Stop the service of another data directory', command: '<%= config.bin %> local stop --data-dir ./local-data' },
  ];
  static override flags = {
    'data-dir': Flags.string({ summary: 'Data directory the service was started on (default ~/.nimbus/local).' }),
    timeout: Flags.integer({ summary: 'Seconds to wait for it to exit.', default: 30, min: 1 }),
  };

  /** Stops the service. */
  async run(): Promise<void> {
    const { flags } = await this.parse(LocalStop);
    const { stopDetached } = await import('../../lib/cli/local/stop.js');
    await stopDetached(flags['data-dir'], flags.timeout);
  }
}
