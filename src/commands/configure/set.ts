import { Args, Flags } from '@oclif/core';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus configure set KEY VALUE`: save one setting of a profile. */
export default class ConfigureSet extends NimbusCommand {
  static override summary = 'Save one setting of a profile.';
  static override description =
    'Writes a key of the profile: credentials (aws_access_key_id, aws_secret_access_key, aws_session_token) to ~/.aws/credentials with mode 0600, anything else to ~/.aws/config. A dotted key writes a nested setting, e.g. api_versions.kendra. Other profiles and comments are kept.';
  static override examples = [
    { description: 'Set the region of the default profile', command: '<%= config.bin %> configure set region eu-west-1' },
    { description: 'Pin the search API version of a profile', command: '<%= config.bin %> configure set api_versions.kendra 2019-02-03 --profile staging' },
  ];
  static override args = {
    key: Args.string({ description: 'Setting to write, e.g. region, output, aws_access_key_id, api_versions.kendra.', required: true }),
    value: Args.string({ description: 'Its value.', required: true }),
  };
  static override flags = {
    profile: Flags.string({ summary: 'Profile to change (else AWS_PROFILE, then "default").' }),
  };

  /** Saves the setting. */
  async run(): Promise<void> {
    const { args, flags } = await this.parse(ConfigureSet);
    const { configureSet } = await import('../../lib/cli/configure/configure-get-set.js');
    configureSet(flags.profile ?? this.io.env.AWS_PROFILE ?? 'default', args.key, args.value, this.io.env);
  }
}
