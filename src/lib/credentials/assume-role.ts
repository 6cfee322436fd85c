import { ConfigurationError } from '../errors/configuration-error.js';
import { loadProfile, type Profile } from '../config/profile.js';
import {
  hasAssumeRoleConfig,
  hasStaticCredentials,
  readRoleConfig,
  roleCallArguments,
  type CredentialSourceName,
  type RoleConfig,
} from './assume-role-config.js';
import { assumeRoleCacheKey } from './cache/cache-key.js';
import { fetchThroughCache } from './cache/cached-fetch.js';
import type { AssumeRoleParams } from './sts/sts-client.js';
import type { StsContext, StsProviderOptions } from './sts/sts-context.js';
import type { CredentialProvider, Credentials } from './types.js';

/** Options of {@link fromAssumeRole}. */
export interface AssumeRoleOptions extends StsProviderOptions {
  /** The STS client, cache and MFA code provider of the chain. */
  sts: StsContext;
  /**
   * The sources of a profile used as `source_profile` when it does not itself assume a role
   * with AssumeRole: its web identity, its keys, its `credential_process`… (environment keys
   * excluded).
   */
  sourceProviders: (profile: string) => CredentialProvider[];
  /** The providers `credential_source` names; a name missing here is refused with a ConfigurationError. */
  credentialSources: Partial<Record<CredentialSourceName, CredentialProvider>>;
}

/** One role of a chain and where the credentials to assume it come from. */
interface RolePlan {
  profile: string;
  config: RoleConfig;
  source: { kind: 'credential-source'; name: CredentialSourceName } | { kind: 'profile'; profile: string } | { kind: 'role'; plan: RolePlan };
}

/**
 * Credentials of the role a profile assumes with STS AssumeRole (`role_arn` without
 * `web_identity_token_file`), as the AWS CLI does: the credentials to call STS with come from
 * `credential_source`, or from `source_profile` — a profile with keys of its own is used as it
 * is (even if it also has `role_arn`), one with `role_arn` is assumed first (chains of any
 * length), any other is resolved through {@link AssumeRoleOptions.sourceProviders}. A profile
 * may name itself as `source_profile` only if it has keys. `external_id`, `mfa_serial` (the code
 * comes from the MFA code provider), `role_session_name` (default `nimbus-session-<epoch
 * seconds>`) and `duration_seconds` are passed to STS. Answers are cached on disk like the AWS
 * CLI's ({@link fetchThroughCache}): within their expiry no STS call and no MFA code is needed.
 * Null when the profile has no `role_arn`.
 * @throws ConfigurationError (from the provider) for a broken configuration (a missing or
 *   looping `source_profile`, an unknown `credential_source`…), a source without credentials,
 *   a missing MFA code; StsError when STS refuses or cannot be reached.
 */
export function fromAssumeRole(profile: string, options: AssumeRoleOptions): CredentialProvider {
  return async () => {
    if (!hasAssumeRoleConfig(readProfile(profile, options).settings)) return null;
    return assume(planRole(profile, [profile], options), options);
  };
}

function readProfile(name: string, options: AssumeRoleOptions): Profile {
  return loadProfile(name, { ...options, explicit: false });
}

/** Reads and checks the whole chain of roles up front: a broken link fails even when the top role is cached. */
function planRole(profile: string, visited: readonly string[], options: AssumeRoleOptions): RolePlan {
  const config = readRoleConfig(readProfile(profile, options));
  if (config.credentialSource) return { profile, config, source: { kind: 'credential-source', name: config.credentialSource } };
  const sourceName = config.sourceProfile!;
  const source = readProfile(sourceName, options);
  if (!source.exists) throw new ConfigurationError(`The source_profile "${sourceName}" of profile ${profile} does not exist`);
  const isStatic = hasStaticCredentials(source.settings);
  if (visited.includes(sourceName) && (sourceName !== profile || !isStatic)) {
    throw new ConfigurationError(`The source_profile chain of profile ${visited[0]} loops: ${[...visited, sourceName].join(' -> ')}`);
  }
  if (isStatic || !hasAssumeRoleConfig(source.settings)) return { profile, config, source: { kind: 'profile', profile: sourceName } };
  return { profile, config, source: { kind: 'role', plan: planRole(sourceName, [...visited, sourceName], options) } };
}

async function assume(plan: RolePlan, options: AssumeRoleOptions): Promise<Credentials> {
  const { sts } = options;
  const args = roleCallArguments(plan.config);
  return fetchThroughCache(sts, assumeRoleCacheKey(args), 'assume-role', async () => {
    const source = await sourceCredentials(plan, options);
    const params: AssumeRoleParams = { ...args, RoleSessionName: args.RoleSessionName ?? `nimbus-session-${Math.floor(sts.now() / 1000)}` };
    if (plan.config.mfaSerial !== undefined) params.TokenCode = await mfaCode(plan.config.mfaSerial, plan.profile, sts);
    return sts.client().assumeRole(params, source);
  });
}

async function sourceCredentials(plan: RolePlan, options: AssumeRoleOptions): Promise<Credentials> {
  const { source } = plan;
  if (source.kind === 'role') return assume(source.plan, options);
  if (source.kind === 'credential-source') {
    const provider = options.credentialSources[source.name];
    if (!provider) throw new ConfigurationError(`credential_source ${source.name} (profile ${plan.profile}) is not available in this setup`);
    const credentials = await provider();
    if (!credentials) throw new ConfigurationError(`No credentials found in credential_source ${source.name} of profile ${plan.profile}`);
    return credentials;
  }
  for (const provider of options.sourceProviders(source.profile)) {
    const credentials = await provider();
    if (credentials) return credentials;
  }
  throw new ConfigurationError(`The source_profile "${source.profile}" of profile ${plan.profile} has no credentials`);
}

async function mfaCode(serial: string, profile: string, sts: StsContext): Promise<string> {
  if (!sts.mfaCodeProvider) {
    throw new ConfigurationError(`Profile ${profile} needs an MFA code for ${serial} (mfa_serial), but no MFA code provider was given`);
  }
  const code = await sts.mfaCodeProvider(serial);
  if (typeof code !== 'string' || !code.trim()) throw new ConfigurationError(`No MFA code was given for ${serial} (profile ${profile})`);
  return code.trim();
}
