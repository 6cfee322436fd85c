import { resolveProfileName } from '../config/profile.js';
import { chain } from './chain.js';
import { usesAssumeRole, usesContainerEndpoint, usesCredentialProcess, usesSso, usesWebIdentity } from './configured-sources.js';
import { fromEnv } from './from-env.js';
import { fromSharedConfigFile } from './from-shared-config-file.js';
import { fromSharedCredentialsFile } from './from-shared-credentials-file.js';
import { memoize } from './memoize.js';
import { onDemand, once } from './on-demand.js';
import type { StsContext, StsProviderOptions } from './sts/sts-context.js';
import type { CredentialProvider } from './types.js';

/** Options of {@link defaultProvider}. */
export interface DefaultProviderOptions extends StsProviderOptions {
  /** The `profile` option. When given, environment keys are not used (see {@link defaultProvider}). */
  profile?: string;
}

/** What the sources of one profile need: the chain's options and STS context, and whether environment variables count. */
export interface ProfileSourceOptions extends StsProviderOptions {
  /** The chain's STS context, set up (and its code loaded) the first time a source calls STS. */
  sts: () => Promise<StsContext>;
  /** False for an explicitly named profile and for a `source_profile`: only the profile's own settings count. */
  useEnv: boolean;
}

/**
 * The sources of one profile after assume role, in botocore's order: web identity, IAM Identity
 * Center (SSO), the shared credentials file, `credential_process`, then keys in the shared config file. They are also
 * what a `source_profile` without a role of its own is resolved with. The code of web identity,
 * SSO and `credential_process` is loaded only when the profile (or, for web identity, the
 * environment) configures them.
 */
export function profileProviders(profile: string, options: ProfileSourceOptions): CredentialProvider[] {
  return [
    onDemand(
      () => usesWebIdentity(profile, options),
      async () => (await import('./web-identity.js')).fromWebIdentity(profile, { ...options, sts: await options.sts() }),
    ),
    onDemand(
      () => usesSso(profile, options),
      async () => (await import('./sso/from-sso.js')).fromSso(profile, options),
    ),
    fromSharedCredentialsFile(profile, options),
    onDemand(
      () => usesCredentialProcess(profile, options),
      async () => (await import('./from-process.js')).fromProcess(profile, options),
    ),
    fromSharedConfigFile(profile, options),
  ];
}

/**
 * The default credential chain, memoized (expiring credentials are fetched again five minutes
 * before they expire), in the AWS CLI's order: environment keys (`AWS_ACCESS_KEY_ID`, …), the
 * profile's role (`role_arn` with `source_profile` or `credential_source`: `fromAssumeRole`),
 * then the profile's sources ({@link profileProviders}: web identity, SSO, keys, `credential_process`),
 * then the container credentials endpoint and the EC2 instance metadata service.
 * With `useSharedFiles: false`, environment keys, web identity from the environment, the
 * container endpoint and instance metadata only.
 *
 * The profile is the `profile` option, else `AWS_PROFILE`, else `AWS_DEFAULT_PROFILE`, else
 * `default`. As in the AWS CLI, an explicit `profile` option (`--profile`) beats environment
 * variables, so environment keys and web identity variables are skipped; `AWS_PROFILE` does not.
 * A profile named explicitly (other than `default`) that exists in no shared file makes the
 * chain fail with ProfileNotFoundError once the earlier sources had nothing.
 *
 * The code of a source other than environment keys and the shared files' keys is loaded when the
 * chain reaches it and finds it configured: an assumed role, web identity, SSO or
 * `credential_process` when the profile sets them up, the container endpoint when its variables
 * are set, the instance metadata service when every source before it had nothing.
 * @throws ConfigurationError (option `profile`) when the profile option is not a non-empty string.
 */
export function defaultProvider(options: DefaultProviderOptions): CredentialProvider {
  const profile = resolveProfileName(options);
  const useEnv = options.profile === undefined;
  const sts = once(async () => (await import('./sts/sts-context.js')).createStsContext(profile, options));
  const container = onDemand(
    () => usesContainerEndpoint(options.env),
    async () => (await import('./from-container-metadata.js')).fromContainerMetadata(options),
  );
  const instanceMetadata = onDemand(
    () => true,
    async () => (await import('./from-instance-metadata.js')).fromInstanceMetadata(profile, options),
  );
  const sources: CredentialProvider[] = [];
  if (useEnv) sources.push(fromEnv(options.env));
  if (options.useSharedFiles === false) {
    sources.push(
      onDemand(
        () => usesWebIdentity(profile, { ...options, useEnv }),
        async () => (await import('./web-identity.js')).fromWebIdentity(profile, { ...options, sts: await sts(), useEnv }),
      ),
    );
  } else {
    sources.push(
      onDemand(
        () => usesAssumeRole(profile, options),
        async () =>
          (await import('./assume-role.js')).fromAssumeRole(profile, {
            ...options,
            sts: await sts(),
            sourceProviders: (source) => profileProviders(source, { ...options, sts, useEnv: false }),
            credentialSources: { Environment: fromEnv(options.env), EcsContainer: container, Ec2InstanceMetadata: instanceMetadata },
          }),
      ),
      ...profileProviders(profile, { ...options, sts, useEnv }),
    );
  }
  sources.push(container, instanceMetadata);
  return memoize(chain(...sources), options.now ? { now: options.now } : {});
}
