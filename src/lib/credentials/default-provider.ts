import { resolveProfileName } from '../config/profile.js';
import type { SharedFileOptions } from '../config/types.js';
import type { HttpHandler } from '../http/undici-handler.js';
import { chain } from './chain.js';
import { fromContainerMetadata } from './from-container-metadata.js';
import { fromEnv } from './from-env.js';
import { fromInstanceMetadata } from './from-instance-metadata.js';
import { fromProcess } from './from-process.js';
import { fromSharedConfigFile } from './from-shared-config-file.js';
import { fromSharedCredentialsFile } from './from-shared-credentials-file.js';
import { memoize } from './memoize.js';
import { fromSso } from './sso/from-sso.js';
import type { CredentialProvider } from './types.js';

/** Options of {@link defaultProvider}. */
export interface DefaultProviderOptions extends SharedFileOptions {
  /** The `profile` option. When given, environment keys are not used (see {@link defaultProvider}). */
  profile?: string;
  /** The seed's `use_aws_shared_config_files`: false reads neither shared file. Default true. */
  useSharedFiles?: boolean;
  /** Sends the requests of sources that call a service (SSO); default undici's. */
  httpHandler?: HttpHandler;
}

/**
 * The sources of one profile, in order: IAM Identity Center (SSO), the shared credentials file,
 * the shared config file, then `credential_process`.
 */
export function profileProviders(profile: string, options: SharedFileOptions & { httpHandler?: HttpHandler }): CredentialProvider[] {
  return [fromSso(profile, options), fromSharedCredentialsFile(profile, options), fromSharedConfigFile(profile, options), fromProcess(profile, options)];
}

/**
 * The default credential chain, memoized: environment keys (`AWS_ACCESS_KEY_ID`, …), then the
 * profile's sources ({@link profileProviders}), then the container credentials endpoint and the
 * EC2 instance metadata service; with `useSharedFiles: false`, no profile sources.
 *
 * The profile is the `profile` option, else `AWS_PROFILE`, else `AWS_DEFAULT_PROFILE`, else
 * `default`. As in the AWS CLI, an explicit `profile` option (`--profile`) beats environment
 * keys, so they are skipped; `AWS_PROFILE` does not: environment keys still come first.
 * A profile named explicitly (other than `default`) that exists in no shared file makes the
 * chain fail with ProfileNotFoundError once the earlier sources had nothing.
 * @throws ConfigurationError (option `profile`) when the profile option is not a non-empty string.
 */
export function defaultProvider(options: DefaultProviderOptions): CredentialProvider {
  const profile = resolveProfileName(options);
  const sources: CredentialProvider[] = [];
  if (options.profile === undefined) sources.push(fromEnv(options.env));
  if (options.useSharedFiles !== false) sources.push(...profileProviders(profile, options));
  sources.push(fromContainerMetadata(options), fromInstanceMetadata(profile, options));
  return memoize(chain(...sources));
}
