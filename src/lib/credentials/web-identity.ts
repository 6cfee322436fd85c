import { readBoundedFile, type FileRefusal } from '../config/bounded-file.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import { assumeRoleCacheKey } from './cache/cache-key.js';
import { fetchThroughCache } from './cache/cached-fetch.js';
import type { StsContext, StsProviderOptions } from './sts/sts-context.js';
import type { CredentialProvider } from './types.js';
import { readWebIdentityConfig } from './web-identity-config.js';

/** Options of {@link fromWebIdentity}. */
export interface WebIdentityOptions extends StsProviderOptions {
  /** The STS client and cache of the chain. */
  sts: StsContext;
  /** Whether `AWS_WEB_IDENTITY_TOKEN_FILE`, `AWS_ROLE_ARN` and `AWS_ROLE_SESSION_NAME` are read (not with an explicit profile, nor for a source profile). */
  useEnv: boolean;
}

/**
 * Credentials of a role assumed with STS AssumeRoleWithWebIdentity (OIDC federation, as CI
 * systems use it), configured by `AWS_WEB_IDENTITY_TOKEN_FILE` + `AWS_ROLE_ARN`
 * (+ `AWS_ROLE_SESSION_NAME`) or the profile's `web_identity_token_file` + `role_arn`
 * (+ `role_session_name`): see {@link readWebIdentityConfig}. The token file is read again on
 * every call to STS (the token is short-lived and rotated by the platform). Answers are cached
 * on disk like the AWS CLI's. Null when no token file is configured.
 * @throws ConfigurationError (from the provider) when `role_arn` is missing or the token file
 *   cannot be read; StsError when STS refuses the token or cannot be reached.
 */
export function fromWebIdentity(profile: string, options: WebIdentityOptions): CredentialProvider {
  return async () => {
    const config = readWebIdentityConfig(profile, options);
    if (!config) return null;
    const { tokenFile, roleArn, roleSessionName } = config;
    const args = { RoleArn: roleArn, ...(roleSessionName !== undefined ? { RoleSessionName: roleSessionName } : {}) };
    return fetchThroughCache(options.sts, assumeRoleCacheKey(args), 'assume-role-with-web-identity', async () => {
      let token: string;
      try {
        token = readBoundedFile(tokenFile, undefined, 'a token file').toString('utf8');
      } catch (error) {
        throw new ConfigurationError(`Unable to read the web identity token file ${tokenFile}${(error as FileRefusal).reason}`, { cause: error });
      }
      const RoleSessionName = roleSessionName ?? `nimbus-session-${Math.floor(options.sts.now() / 1000)}`;
      return options.sts.client().assumeRoleWithWebIdentity({ RoleArn: roleArn, RoleSessionName, WebIdentityToken: token });
    });
  };
}
