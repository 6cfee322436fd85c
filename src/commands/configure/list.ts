import { Flags } from '@oclif/core';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus configure list`: the settings in effect and where they come from. */
export default class ConfigureList extends NimbusCommand {
  static override summary = 'Show the settings in effect and where each comes from.';
  static override description =
    'Prints the profile, the credentials that commands would use (access key and secret masked) with the source that supplied them (env, shared-credentials-file, config-file, custom-process, sso, assume-role, container-role, iam-role, …), the role and expiry of temporary credentials, and the region, output format and endpoint URL, each with where its value comes from.';
  static override examples = [
    { description: "Show the default profile's settings", command: '<%= config.bin %> configure list' },
    { description: "Show another profile's settings", command: '<%= config.bin %> configure list --profile staging' },
  ];
  static override flags = {
    profile: Flags.string({ summary: 'Profile to show (else AWS_PROFILE, then "default").' }),
  };

  /** Prints the table. */
  async run(): Promise<void> {
    const { flags } = await this.parse(ConfigureList);
    const { configureList } = await import('../../lib/cli/configure/configure-list.js');
    this.io.stdout.write(await configureList(flags.profile, this.io.env));
  }
}
