/** Credentials used to sign a request. */
export interface Credentials {
  /** The access key id. */
  key: string;
  /** The secret access key. Never logged, never put in an error message. */
  secret: string;
  /** A session token, for temporary credentials. */
  token?: string;
  /** When temporary credentials stop being valid. */
  expires?: Date;
}

/**
 * A source of credentials: resolves to credentials, or to null when this source has none
 * (so that a chain moves on to the next one).
 */
export type CredentialProvider = () => Promise<Credentials | null>;
