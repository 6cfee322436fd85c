import { Flags } from '@oclif/core';
import { isTerminal } from '../../lib/cli/cli-io.js';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus configure`: set up a profile interactively. */
export default class Configure extends NimbusCommand {
  static override summary = 'Set up credentials, region and output format of a profile.';
  static override description =
    'Asks for an access key id, a secret access key (typed masked), a region and an output format, showing the current values; pressing Enter keeps a value. Credentials go to ~/.aws/credentials (mode 0600), the rest to ~/.aws/config; other profiles are left as they are. In scripts, use "configure set".';
  static override examples = [
    { description: 'Set up the default profile', command: '<%= config.bin %> configure' },
    { description: 'Set up another profile', command: '<%= config.bin %> configure --profile staging' },
  ];
  static override flags = {
    profile: Flags.string({ summary: 'Profile to set up (else AWS_PROFILE, then "default").' }),
  };

  /** Asks the questions and saves the answers. */
  async run(): Promise<void> {
    const { flags } = await this.parse(Configure);
    const { configureInteractive } = await import('../../lib/cli/configure/configure-interactive.js');
    const profile = flags.profile ?? this.io.env.AWS_PROFILE ?? 'default';
    await configureInteractive(profile, this.io.env, isTerminal(this.io));
  }
}
