import { ConfigurationError } from './configuration-error.js';

/** No source in the credential chain had credentials. */
export class CredentialsNotFoundError extends ConfigurationError {
  override name = 'CredentialsNotFoundError';

  constructor() {
    super('Unable to locate credentials. You can configure credentials by running "nimbus configure" or setting AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
}
