import { ConfigurationError } from '../errors/configuration-error.js';
import type { Profile } from '../config/profile.js';
import { parseIntegerSetting } from '../config/setting-lookup.js';

/** The values `credential_source` accepts. */
export const CREDENTIAL_SOURCE_NAMES = ['Environment', 'Ec2InstanceMetadata', 'EcsContainer'] as const;

/** A `credential_source` value. */
export type CredentialSourceName = (typeof CREDENTIAL_SOURCE_NAMES)[number];

/** The assume-role settings of one profile, checked. */
export interface RoleConfig {
  roleArn: string;
  /** Exactly one of `sourceProfile` and `credentialSource` is set. */
  sourceProfile?: string;
  credentialSource?: CredentialSourceName;
  externalId?: string;
  mfaSerial?: string;
  roleSessionName?: string;
  durationSeconds?: number;
}

/** True when a profile assumes a role with AssumeRole: `role_arn` without `web_identity_token_file`. */
export function hasAssumeRoleConfig(settings: Record<string, string>): boolean {
  return settings.role_arn !== undefined && settings.web_identity_token_file === undefined;
}

/** True when a profile holds keys of its own (`aws_access_key_id` or `aws_secret_access_key`). */
export function hasStaticCredentials(settings: Record<string, string>): boolean {
  return settings.aws_access_key_id !== undefined || settings.aws_secret_access_key !== undefined;
}

/**
 * Reads and checks a profile's `role_arn`, `source_profile` or `credential_source`,
 * `external_id`, `mfa_serial`, `role_session_name` and `duration_seconds` (900 to 43200).
 * @throws ConfigurationError naming the profile when both or neither of `source_profile` and
 *   `credential_source` are set, `credential_source` is not one of the accepted values, or
 *   `duration_seconds` is not a whole number in range.
 */
export function readRoleConfig(profile: Profile): RoleConfig {
  const { settings, name } = profile;
  const config: RoleConfig = { roleArn: settings.role_arn ?? '' };
  if (!config.roleArn.trim()) throw new ConfigurationError(`The role_arn of profile ${name} is empty`);
  const source = settings.source_profile;
  const credentialSource = settings.credential_source;
  if (source !== undefined && credentialSource !== undefined) {
    throw new ConfigurationError(`Profile ${name} has both source_profile and credential_source: keep one of them`);
  }
  if (source === undefined && credentialSource === undefined) {
    throw new ConfigurationError(`Profile ${name} has role_arn but neither source_profile nor credential_source to assume it with`);
  }
  if (credentialSource !== undefined) {
    if (!(CREDENTIAL_SOURCE_NAMES as readonly string[]).includes(credentialSource)) {
      throw new ConfigurationError(
        `The credential_source "${credentialSource}" of profile ${name} is not valid: expected ${CREDENTIAL_SOURCE_NAMES.join(', ')}`,
      );
    }
    config.credentialSource = credentialSource as CredentialSourceName;
  } else {
    config.sourceProfile = source;
  }
  if (settings.external_id !== undefined) config.externalId = settings.external_id;
  if (settings.mfa_serial !== undefined) config.mfaSerial = settings.mfa_serial;
  if (settings.role_session_name !== undefined) config.roleSessionName = settings.role_session_name;
  if (settings.duration_seconds !== undefined) {
    const setting = { value: settings.duration_seconds, source: `duration_seconds in profile ${name}` };
    config.durationSeconds = parseIntegerSetting(setting, 900, 43_200);
  }
  return config;
}

/**
 * The AssumeRole arguments a role's configuration makes, without a generated session name or an
 * MFA code: what botocore (and nimbus) key the disk cache on.
 */
export function roleCallArguments(config: RoleConfig): {
  RoleArn: string;
  RoleSessionName?: string;
  ExternalId?: string;
  SerialNumber?: string;
  DurationSeconds?: number;
} {
  return {
    RoleArn: config.roleArn,
    ...(config.roleSessionName !== undefined ? { RoleSessionName: config.roleSessionName } : {}),
    ...(config.externalId !== undefined ? { ExternalId: config.externalId } : {}),
    ...(config.mfaSerial !== undefined ? { SerialNumber: config.mfaSerial } : {}),
    ...(config.durationSeconds !== undefined ? { DurationSeconds: config.durationSeconds } : {}),
  };
}
