import { Args, Flags } from '@oclif/core';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus local open <experience-id>`: the URL of an experience's search page. */
export default class LocalOpen extends NimbusCommand {
  static override summary = "Print the URL of an experience's search page (open it with --browser).";
  static override description =
    'The page is served by the local service at the HOME endpoint of the experience: sign in with one of its key pairs, search, rate results, and look at the Analytics and Status tabs. The service is the one of --endpoint, else the one "local start --detach" runs on the data directory, else http://127.0.0.1:4599. Fails when no service answers there or it has no such experience.';
  static override examples = [
    { description: 'Print the URL of an experience', command: '<%= config.bin %> local open 6f1c4e1a-0000-4000-8000-000000000000' },
    { description: 'Open it in the desktop browser', command: '<%= config.bin %> local open 6f1c4e1a-0000-4000-8000-000000000000 --browser' },
  ];
  static override args = { 'experience-id': Args.string({ description: 'Id of the experience (CreateExperience returns it).', required: true }) };
  static override flags = {
    endpoint: Flags.string({ summary: 'Base URL of the local service (default: that of the detached service, else http://127.0.0.1:4599).' }),
    'data-dir': Flags.string({ summary: 'Data directory of the detached service to look up (default ~/.nimbus/local).' }),
    browser: Flags.boolean({ summary: "Also open the page in the desktop's browser.", default: false }),
  };

  /** Prints (and opens) the URL. */
  async run(): Promise<void> {
    const { args, flags } = await this.parse(LocalOpen);
    const { openExperience } = await import('../../lib/cli/local/open-experience.js');
    await openExperience(args['experience-id'], flags);
  }
}
