import { Flags } from '@oclif/core';
import { EXPORT_FORMATS, type ExportFormat } from '../../lib/cli/configure/export-formats.js';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus configure export-credentials`: print the credentials in effect for another tool. */
export default class ConfigureExportCredentials extends NimbusCommand {
  static override summary = 'Print the credentials in effect, for handing to another tool.';
  static override description =
    'Resolves credentials as every command does (environment, SSO, the shared files, credential_process, container, instance metadata) and prints them on stdout: as credential_process JSON (the default), as shell variable assignments, or for PowerShell, cmd or fish. The output contains the secret: do not log it.';
  static override examples = [
    {
      description: "Load a profile's credentials into a bash or zsh session",
      command: 'eval "$(<%= config.bin %> configure export-credentials --profile dev --format env)"',
    },
    {
      description: "Let another tool use nimbus's credential chain",
      command: 'credential_process = <%= config.bin %> configure export-credentials --profile dev',
    },
  ];
  static override flags = {
    profile: Flags.string({ summary: 'Profile to resolve (else AWS_PROFILE, then "default"); environment keys are then not used.' }),
    format: Flags.string({ summary: 'Output format.', options: [...EXPORT_FORMATS], default: 'process' }),
  };

  /** Prints the credentials. */
  async run(): Promise<void> {
    const { flags } = await this.parse(ConfigureExportCredentials);
    const { exportCredentials } = await import('../../lib/cli/configure/export-credentials.js');
    process.stdout.write(await exportCredentials(flags.profile, flags.format as ExportFormat, process.env));
  }
}
