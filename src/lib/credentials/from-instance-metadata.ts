import { ConfigurationError } from '../errors/configuration-error.js';
import { loadProfile, type Profile } from '../config/profile.js';
import { lookupSetting, parseBooleanSetting, parseIntegerSetting } from '../config/setting-lookup.js';
import type { Env, SharedFileOptions } from '../config/types.js';
import type { MetadataResponse } from './metadata-request.js';
import type { CredentialProvider, Credentials } from './types.js';

const IPV4_ENDPOINT = 'http://169.254.169.254/';
const IPV6_ENDPOINT = 'http://[fd00:ec2::254]/';
const TOKEN_PATH = 'latest/api/token';
const TOKEN_TTL_SECONDS = '21600';
const ROLE_PATH = 'latest/meta-data/iam/security-credentials/';
/** Credentials closer to their expiry than this are given a later one (see {@link fromInstanceMetadata}). */
const EXTENSION_WINDOW_MS = 10 * 60_000;

/** How the instance metadata service is reached, from the environment and the profile. */
export interface ImdsSettings {
  disabled: boolean;
  /** The base URL, ending in `/`. */
  endpoint: string;
  timeoutMs: number;
  attempts: number;
  v1Disabled: boolean;
}

/**
 * Reads the instance metadata settings: `AWS_EC2_METADATA_DISABLED` (environment only),
 * `AWS_METADATA_SERVICE_TIMEOUT` / `metadata_service_timeout` (seconds, default 1),
 * `AWS_METADATA_SERVICE_NUM_ATTEMPTS` / `metadata_service_num_attempts` (default 1),
 * `AWS_EC2_METADATA_SERVICE_ENDPOINT` / `ec2_metadata_service_endpoint`, else by
 * `AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE` / `ec2_metadata_service_endpoint_mode` (IPv4 or IPv6;
 * `AWS_IMDS_USE_IPV6` / `imds_use_ipv6` when no mode is set) `http://169.254.169.254/` or
 * `http://[fd00:ec2::254]/`, and `AWS_EC2_METADATA_V1_DISABLED` / `ec2_metadata_v1_disabled`.
 * @throws ConfigurationError naming the setting for an invalid value.
 */
export function resolveImdsSettings(profile: Profile, env: Env): ImdsSettings {
  const setting = (envName: string | undefined, key: string) => lookupSetting(profile, env, envName, key);
  const timeout = setting('AWS_METADATA_SERVICE_TIMEOUT', 'metadata_service_timeout');
  const attempts = setting('AWS_METADATA_SERVICE_NUM_ATTEMPTS', 'metadata_service_num_attempts');
  const v1Disabled = setting('AWS_EC2_METADATA_V1_DISABLED', 'ec2_metadata_v1_disabled');
  const mode = setting('AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE', 'ec2_metadata_service_endpoint_mode');
  const useIpv6 = setting('AWS_IMDS_USE_IPV6', 'imds_use_ipv6');
  let ipv6 = useIpv6 ? parseBooleanSetting(useIpv6) : false;
  if (mode) {
    const lower = mode.value.trim().toLowerCase();
    if (lower !== 'ipv4' && lower !== 'ipv6') throw new ConfigurationError(`Invalid value "${mode.value}" for ${mode.source}: expected IPv4 or IPv6`);
    ipv6 = lower === 'ipv6';
  }
  const custom = setting('AWS_EC2_METADATA_SERVICE_ENDPOINT', 'ec2_metadata_service_endpoint');
  if (custom && !(URL.canParse(custom.value) && /^https?:$/.test(new URL(custom.value).protocol))) {
    throw new ConfigurationError(`Invalid value "${custom.value}" for ${custom.source}: expected an http or https URL`);
  }
  const endpoint = custom ? custom.value.trim() : ipv6 ? IPV6_ENDPOINT : IPV4_ENDPOINT;
  return {
    disabled: (env.AWS_EC2_METADATA_DISABLED ?? '').trim().toLowerCase() === 'true',
    endpoint: endpoint.endsWith('/') ? endpoint : `${endpoint}/`,
    timeoutMs: (timeout ? parseIntegerSetting(timeout, 1) : 1) * 1000,
    attempts: attempts ? parseIntegerSetting(attempts, 1) : 1,
    v1Disabled: v1Disabled ? parseBooleanSetting(v1Disabled) : false,
  };
}

/** What a token request gave: a token, "go on without one" (IMDSv1), or "stop here". */
type TokenOutcome = { token: string } | 'v1' | 'stop';

/**
 * Credentials of the EC2 instance's IAM role from the instance metadata service (IMDSv2): a
 * session token from `PUT latest/api/token` (TTL 6 hours), then the role's name and its
 * credentials, sending the token. Like the AWS CLI, it goes on without a token (IMDSv1) when the
 * token request is refused with 403, 404 or 405, fails with another status, or is not answered in
 * time, unless `ec2_metadata_v1_disabled` is set; a 400 ends the attempt. Unlike the AWS CLI it
 * also gives up when no connection can be made to the service at all, so that off EC2 the chain
 * ends after one connection timeout (1 s by default). Every request is tried
 * `metadata_service_num_attempts` times. Credentials the service hands out already close to their
 * expiry get an expiry 12 to 20 minutes ahead, so that they are not fetched again on every use
 * while the service cannot give fresh ones.
 *
 * Null when the service is disabled or gives no credentials; see {@link resolveImdsSettings}
 * for the settings (read from the environment only with `useSharedFiles: false`).
 * @throws ConfigurationError (from the provider) for invalid settings, or when no token could be
 *   had and IMDSv1 is disabled.
 */
export function fromInstanceMetadata(profile: string, options: SharedFileOptions & { useSharedFiles?: boolean }): CredentialProvider {
  return async () => {
    const settings = resolveImdsSettings(loadProfile(profile, { ...options, explicit: false }), options.env);
    if (settings.disabled) return null;
    const { metadataRequest, MetadataRequestFailure } = await import('./metadata-request.js');
    const url = (path: string): URL => new URL(path, settings.endpoint);

    const fetchToken = async (): Promise<TokenOutcome> => {
      let connected = false;
      for (let attempt = 0; attempt < settings.attempts; attempt++) {
        try {
          const response = await metadataRequest(url(TOKEN_PATH), {
            method: 'PUT',
            headers: { 'x-aws-ec2-metadata-token-ttl-seconds': TOKEN_TTL_SECONDS },
            timeoutMs: settings.timeoutMs,
          });
          connected = true;
          if (response.statusCode === 200) return { token: response.body };
          if ([403, 404, 405].includes(response.statusCode)) return 'v1';
          if (response.statusCode === 400) return 'stop';
        } catch (error) {
          if (!(error instanceof MetadataRequestFailure)) throw error;
          if (error.kind === 'timeout') return 'v1';
        }
      }
      return connected ? 'v1' : 'stop';
    };

    /** GETs a path until it answers 200 with a body `accept` takes; undefined when every attempt failed. */
    const get = async <T>(path: string, token: string | undefined, accept: (response: MetadataResponse) => T | undefined): Promise<T | undefined> => {
      for (let attempt = 0; attempt < settings.attempts; attempt++) {
        try {
          const response = await metadataRequest(url(path), {
            method: 'GET',
            headers: token === undefined ? {} : { 'x-aws-ec2-metadata-token': token },
            timeoutMs: settings.timeoutMs,
          });
          const value = response.statusCode === 200 && response.body !== '' ? accept(response) : undefined;
          if (value !== undefined) return value;
        } catch (error) {
          if (!(error instanceof MetadataRequestFailure)) throw error;
        }
      }
      return undefined;
    };

    const outcome = await fetchToken();
    if (outcome === 'stop') return null;
    const token = outcome === 'v1' ? undefined : outcome.token;
    if (token === undefined && settings.v1Disabled) {
      throw new ConfigurationError('Unable to retrieve a token for use in IMDSv2 calls, and IMDSv1 has been disabled (ec2_metadata_v1_disabled)');
    }
    const role = await get(ROLE_PATH, token, (response) => response.body.trim() || undefined);
    if (role === undefined) return null;
    const document = await get(`${ROLE_PATH}${role}`, token, (response) => parseJsonObject(response.body));
    return document ? toCredentials(document) : null;
  };
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The credentials of the service's document, or null when a field is missing (an error document has Code and Message instead). */
function toCredentials(document: Record<string, unknown>): Credentials | null {
  const { AccessKeyId, SecretAccessKey, Token, Expiration } = document;
  if (typeof AccessKeyId !== 'string' || typeof SecretAccessKey !== 'string' || typeof Token !== 'string' || typeof Expiration !== 'string') return null;
  let expires = new Date(Expiration);
  if (Number.isNaN(expires.getTime())) return null;
  const extension = EXTENSION_WINDOW_MS + (120 + Math.floor(Math.random() * 481)) * 1000;
  if (Date.now() >= expires.getTime() - extension) expires = new Date(Date.now() + extension);
  return { key: AccessKeyId, secret: SecretAccessKey, token: Token, expires, source: 'iam-role' };
}
