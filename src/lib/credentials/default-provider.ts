import { resolveProfileName } from '../config/profile.js';
import { fromAssumeRole } from './assume-role.js';
import { chain } from './chain.js';
import { fromContainerMetadata } from './from-container-metadata.js';
import { fromEnv } from './from-env.js';
import { fromInstanceMetadata } from './from-instance-metadata.js';
import { fromProcess } from './from-process.js';
import { fromSharedConfigFile } from './from-shared-config-file.js';
import { fromSharedCredentialsFile } from './from-shared-credentials-file.js';
import { memoize } from './memoize.js';
import { fromSso } from './sso/from-sso.js';
import { createStsContext, type StsContext, type StsProviderOptions } from './sts/sts-context.js';
import type { CredentialProvider } from './types.js';
import { fromWebIdentity } from './web-identity.js';

/** Options of {@link defaultProvider}. */
export interface DefaultProviderOptions extends StsProviderOptions {
  /** The `profile` option. When given, environment keys are not used (see {@link defaultProvider}). */
  profile?: string;
}

/** What the sources of one profile need: the chain's options and STS context, and whether environment variables count. */
export interface ProfileSourceOptions extends StsProviderOptions {
  sts: StsContext;
  /** False for an explicitly named profile and for a `source_profile`: only the profile's own settings count. */
  useEnv: boolean;
}

/**
 * The sources of one profile after assume role, in botocore's order: web identity, IAM Identity
 * Center (SSO), the shared credentials file, `credential_process`, then keys in the shared config file. They are also
 * what a `source_profile` without a role of its own is resolved with.
 */
export function profileProviders(profile: string, options: ProfileSourceOptions): CredentialProvider[] {
  return [
    fromWebIdentity(profile, options),
    fromSso(profile, options),
    fromSharedCredentialsFile(profile, options),
    fromProcess(profile, options),
    fromSharedConfigFile(profile, options),
  ];
}

/**
 * The default credential chain, memoized (expiring credentials are fetched again five minutes
 * before they expire), in the AWS CLI's order: environment keys (`AWS_ACCESS_KEY_ID`, …), the
 * profile's role (`role_arn` with `source_profile` or `credential_source`: {@link fromAssumeRole}),
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
 * @throws ConfigurationError (option `profile`) when the profile option is not a non-empty string.
 */
export function defaultProvider(options: DefaultProviderOptions): CredentialProvider {
  const profile = resolveProfileName(options);
  const useEnv = options.profile === undefined;
  const sts = createStsContext(profile, options);
  const sources: CredentialProvider[] = [];
  if (useEnv) sources.push(fromEnv(options.env));
  if (options.useSharedFiles === false) {
    sources.push(fromWebIdentity(profile, { ...options, sts, useEnv }));
  } else {
    sources.push(
      fromAssumeRole(profile, {
        ...options,
        sts,
        sourceProviders: (source) => profileProviders(source, { ...options, sts, useEnv: false }),
        credentialSources: {
          Environment: fromEnv(options.env),
          EcsContainer: fromContainerMetadata(options),
          Ec2InstanceMetadata: fromInstanceMetadata(profile, options),
        },
      }),
      ...profileProviders(profile, { ...options, sts, useEnv }),
    );
  }
  sources.push(fromContainerMetadata(options), fromInstanceMetadata(profile, options));
  return memoize(chain(...sources), options.now ? { now: options.now } : {});
}
