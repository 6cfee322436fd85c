import { readFile } from 'node:fs/promises';
import { ConfigurationError } from '../config/configuration-error.js';
import { loadProfile } from '../config/profile.js';
import { assumeRoleCacheKey } from './cache/cache-key.js';
import { fetchThroughCache } from './cache/cached-fetch.js';
import type { StsContext, StsProviderOptions } from './sts/sts-context.js';
import type { CredentialProvider } from './types.js';

/** Options of {@link fromWebIdentity}. */
export interface WebIdentityOptions extends StsProviderOptions {
  /** The STS client and cache of the chain. */
  sts: StsContext;
  /** Whether `AWS_WEB_IDENTITY_TOKEN_FILE`, `AWS_ROLE_ARN` and `AWS_ROLE_SESSION_NAME` are read (not with an explicit profile, nor for a source profile). */
  useEnv: boolean;
}

const ENV_NAMES = {
  web_identity_token_file: 'AWS_WEB_IDENTITY_TOKEN_FILE',
  role_arn: 'AWS_ROLE_ARN',
  role_session_name: 'AWS_ROLE_SESSION_NAME',
} as const;

/**
 * Credentials of a role assumed with STS AssumeRoleWithWebIdentity (OIDC federation, as CI
 * systems use it), configured by `AWS_WEB_IDENTITY_TOKEN_FILE` + `AWS_ROLE_ARN`
 * (+ `AWS_ROLE_SESSION_NAME`) or the profile's `web_identity_token_file` + `role_arn`
 * (+ `role_session_name`); each variable, when set, wins over its profile key. The token file
 * is read again on every call to STS (the token is short-lived and rotated by the platform).
 * Answers are cached on disk like the AWS CLI's. Null when no token file is configured.
 * @throws ConfigurationError (from the provider) when `role_arn` is missing or the token file
 *   cannot be read; StsError when STS refuses the token or cannot be reached.
 */
export function fromWebIdentity(profile: string, options: WebIdentityOptions): CredentialProvider {
  return async () => {
    const settings = loadProfile(profile, { ...options, explicit: false }).settings;
    const setting = (key: keyof typeof ENV_NAMES): string | undefined => {
      const fromEnv = options.useEnv ? options.env[ENV_NAMES[key]] : undefined;
      return fromEnv ?? settings[key];
    };
    const tokenFile = setting('web_identity_token_file');
    if (!tokenFile) return null;
    const roleArn = setting('role_arn');
    if (!roleArn) {
      throw new ConfigurationError(
        `A web identity token file is configured (${tokenFile}) but no role: set role_arn in profile ${profile} or AWS_ROLE_ARN`,
      );
    }
    const sessionName = setting('role_session_name');
    const args = { RoleArn: roleArn, ...(sessionName !== undefined ? { RoleSessionName: sessionName } : {}) };
    return fetchThroughCache(options.sts, assumeRoleCacheKey(args), async () => {
      let token: string;
      try {
        token = await readFile(tokenFile, 'utf8');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'error';
        throw new ConfigurationError(`Unable to read the web identity token file ${tokenFile} (${code})`, { cause: error });
      }
      const RoleSessionName = sessionName ?? `nimbus-session-${Math.floor(options.sts.now() / 1000)}`;
      return options.sts.client().assumeRoleWithWebIdentity({ RoleArn: roleArn, RoleSessionName, WebIdentityToken: token });
    });
  };
}
