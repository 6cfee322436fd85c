import { ConfigurationError } from './configuration-error.js';

/**
 * A profile's `credential_process` could not give credentials: it could not be started, failed,
 * timed out, or printed something other than valid Version 1 credentials. The message never
 * contains the process's standard output (where the secret is).
 */
export class CredentialProcessError extends ConfigurationError {
  override name = 'CredentialProcessError';
  /** The profile whose `credential_process` failed. */
  readonly profile: string;

  /**
   * @param profile - the profile's name.
   * @param problem - what went wrong, without any secret.
   */
  constructor(profile: string, problem: string, options: { cause?: unknown } = {}) {
    super(`credential_process of profile ${profile} ${problem}`, options);
    this.profile = profile;
  }
}
