import { ConfigurationError } from './configuration-error.js';

/** An explicitly named profile exists in neither the shared config file nor the credentials file. */
export class ProfileNotFoundError extends ConfigurationError {
  override name = 'ProfileNotFoundError';
  /** The name of the missing profile. */
  readonly profile: string;

  /** @param profile - the name of the profile that could not be found. */
  constructor(profile: string) {
    super(`The config profile (${profile}) could not be found`, { option: 'profile' });
    this.profile = profile;
  }
}
