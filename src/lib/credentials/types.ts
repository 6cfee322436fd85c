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
  /**
   * Which source supplied them, named as the AWS CLI's `configure list` names it: `env`,
   * `shared-credentials-file`, `config-file`, `custom-process`, `sso`, `container-role`,
   * `iam-role`, `assume-role`, `assume-role-with-web-identity`. Absent for credentials given in code.
   */
  source?: string;
}

/**
 * A source of credentials: resolves to credentials, or to null when this source has none
 * (so that a chain moves on to the next one).
 */
export type CredentialProvider = () => Promise<Credentials | null>;
