import { ConfigurationError } from '../errors/configuration-error.js';
import { loadProfile } from '../config/profile.js';
import type { StsProviderOptions } from './sts/sts-context.js';

/** A web identity configuration, checked. */
export interface WebIdentityConfig {
  tokenFile: string;
  roleArn: string;
  roleSessionName?: string;
}

const ENV_NAMES = {
  web_identity_token_file: 'AWS_WEB_IDENTITY_TOKEN_FILE',
  role_arn: 'AWS_ROLE_ARN',
  role_session_name: 'AWS_ROLE_SESSION_NAME',
} as const;

/**
 * The web identity settings of a profile: `AWS_WEB_IDENTITY_TOKEN_FILE`, `AWS_ROLE_ARN` and
 * `AWS_ROLE_SESSION_NAME` (when `useEnv`; each, when set, wins over its key), else the profile's
 * `web_identity_token_file`, `role_arn` and `role_session_name`. Null without a token file.
 * @throws ConfigurationError when a token file is configured but no role.
 */
export function readWebIdentityConfig(profile: string, options: StsProviderOptions & { useEnv: boolean }): WebIdentityConfig | null {
  const settings = loadProfile(profile, { ...options, explicit: false }).settings;
  const setting = (key: keyof typeof ENV_NAMES): string | undefined => (options.useEnv ? options.env[ENV_NAMES[key]] : undefined) ?? settings[key];
  const tokenFile = setting('web_identity_token_file');
  if (!tokenFile) return null;
  const roleArn = setting('role_arn');
  if (!roleArn) {
    throw new ConfigurationError(`A web identity token file is configured (${tokenFile}) but no role: set role_arn in profile ${profile} or AWS_ROLE_ARN`);
  }
  const roleSessionName = setting('role_session_name');
  return { tokenFile, roleArn, ...(roleSessionName !== undefined ? { roleSessionName } : {}) };
}
