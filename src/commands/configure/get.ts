import { Args, Flags } from '@oclif/core';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus configure get KEY`: one setting of a profile. */
export default class ConfigureGet extends NimbusCommand {
  static override summary = 'Print one setting of a profile.';
  static override description =
    "Prints the value of a key in the profile's section of the shared files (the credentials file first, then the config file). A dotted key reads a nested setting, e.g. api_versions.kendra. Exits 253 when the key is not set.";
  static override examples = [
    { description: 'Print the region', command: '<%= config.bin %> configure get region' },
    { description: 'Print the saved search API version', command: '<%= config.bin %> configure get api_versions.kendra --profile staging' },
  ];
  static override args = {
    key: Args.string({ description: 'Setting to print, e.g. region, output, aws_access_key_id, api_versions.kendra.', required: true }),
  };
  static override flags = {
    profile: Flags.string({ summary: 'Profile to read (else AWS_PROFILE, then "default").' }),
  };

  /** Prints the value, or fails when it is not set. */
  async run(): Promise<void> {
    const { args, flags } = await this.parse(ConfigureGet);
    const { configureGet } = await import('../../lib/cli/configure/configure-get-set.js');
    this.io.stdout.write(configureGet(flags.profile ?? this.io.env.AWS_PROFILE ?? 'default', args.key, this.io.env));
  }
}
