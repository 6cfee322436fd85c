import { Flags } from '@oclif/core';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus sso login`: sign in to IAM Identity Center and cache the token. */
export default class SsoLogin extends NimbusCommand {
  static override summary = 'Sign in to IAM Identity Center (SSO) and cache the access token.';
  static override description =
    'Signs in with the device authorization flow: shows a URL and a code (on stderr), opens the URL in your browser unless --no-browser, and waits until you approve. The token is cached in ~/.aws/sso/cache, where the AWS CLI finds it too; profiles with sso_account_id and sso_role_name then get role credentials from it, refreshed while the session lasts.';
  static override examples = [
    { description: 'Sign in for the default profile', command: '<%= config.bin %> sso login' },
    { description: 'Sign in to a named sso-session, approving on another device', command: '<%= config.bin %> sso login --sso-session my-sso --no-browser' },
  ];
  static override flags = {
    profile: Flags.string({ summary: 'Profile whose SSO settings to use (else AWS_PROFILE, then "default").' }),
    'sso-session': Flags.string({ summary: "The [sso-session NAME] section to sign in to, instead of the profile's." }),
    'no-browser': Flags.boolean({ summary: 'Only print the URL and code; do not open a browser.' }),
  };

  /** Runs the sign-in. */
  async run(): Promise<void> {
    const { flags } = await this.parse(SsoLogin);
    const { runSsoLogin } = await import('../../lib/cli/sso/sso-run.js');
    await runSsoLogin(flags, process.env);
  }
}
