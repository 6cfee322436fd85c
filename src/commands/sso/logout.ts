import { Flags } from '@oclif/core';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus sso logout`: sign out of every cached SSO session. */
export default class SsoLogout extends NimbusCommand {
  static override summary = 'Sign out of IAM Identity Center (SSO) and remove the cached tokens.';
  static override description =
    'Ends every session cached in ~/.aws/sso/cache with the SSO portal, removes the tokens, and removes the SSO role credentials cached in ~/.aws/cli/cache. Run "sso login" to sign in again.';
  static override examples = [{ description: 'Sign out', command: '<%= config.bin %> sso logout' }];
  static override flags = {
    profile: Flags.string({ summary: 'Profile whose endpoint settings (services, endpoint_url) to use (else AWS_PROFILE, then "default").' }),
  };

  /** Runs the sign-out. */
  async run(): Promise<void> {
    const { flags } = await this.parse(SsoLogout);
    const { runSsoLogout } = await import('../../lib/cli/sso/sso-run.js');
    await runSsoLogout(flags, process.env);
  }
}
