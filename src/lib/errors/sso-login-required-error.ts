import { ConfigurationError } from './configuration-error.js';

/** There is no usable SSO token for a profile: the user has to sign in again with `nimbus sso login`. */
export class SsoLoginRequiredError extends ConfigurationError {
  override name = 'SsoLoginRequiredError';

  /**
   * @param profile - the profile to name in the `nimbus sso login` hint.
   * @param problem - what is wrong with the token, e.g. `has expired`.
   */
  constructor(profile: string, problem: string, options: { cause?: unknown } = {}) {
    super(
      `The SSO session of profile "${profile}" ${problem}: run "nimbus sso login${profile === 'default' ? '' : ` --profile ${profile}`}" to sign in again`,
      options,
    );
  }
}
