import { loadProfile } from '../../config/profile.js';
import { resolveRegion } from '../../config/region.js';
import type { SharedFileOptions } from '../../config/types.js';
import { createUndiciHandler, type HttpHandler } from '../../http/undici-handler.js';
import type { MfaCodeProvider } from '../assume-role-mfa.js';
import { cliCacheDir, JsonFileCache } from '../cache/json-file-cache.js';
import { StsClient } from './sts-client.js';
import { resolveStsEndpoint } from './sts-endpoint.js';

/** Options of the credential sources that call STS (assume role, web identity). */
export interface StsProviderOptions extends SharedFileOptions {
  /** The `use_aws_shared_config_files` client option: false reads neither shared file. Default true. */
  useSharedFiles?: boolean;
  /** The transport of STS calls; default the undici handler with default options. */
  httpHandler?: HttpHandler;
  /** The region of the calling client, which STS calls use; default the profile's region (then the global endpoint). */
  region?: string;
  /** Gives MFA codes for profiles with `mfa_serial`; without it such profiles fail with a ConfigurationError. */
  mfaCodeProvider?: MfaCodeProvider;
  /** The folder of cached assumed-role credentials; default `~/.aws/cli/cache` (shared with the AWS CLI); false for no disk cache. */
  cacheDir?: string | false;
  /** The clock, in epoch milliseconds; default `Date.now`. */
  now?: () => number;
}

/** What the STS-based sources of one credential chain share. */
export interface StsContext {
  /** The STS client, set up for the chain's profile on first use. */
  client(): StsClient;
  /** The disk cache, or null when it is off. */
  cache: JsonFileCache | null;
  now(): number;
  mfaCodeProvider?: MfaCodeProvider;
}

/**
 * The STS context of a chain resolving `profile`: STS's endpoint, region and `sts_regional_endpoints`
 * come from that profile (as botocore's do from its session), whichever profile of a
 * `source_profile` chain is being resolved.
 */
export function createStsContext(profile: string, options: StsProviderOptions): StsContext {
  let client: StsClient | undefined;
  return {
    client() {
      if (!client) {
        const settings = loadProfile(profile, { ...options, explicit: false });
        const { endpoint, signingRegion } = resolveStsEndpoint(settings, options.env, options.region || resolveRegion(settings, options.env));
        client = new StsClient({ endpoint, signingRegion, httpHandler: options.httpHandler ?? createUndiciHandler() });
      }
      return client;
    },
    cache: options.cacheDir === false ? null : new JsonFileCache(options.cacheDir ?? cliCacheDir(options)),
    now: options.now ?? Date.now,
    ...(options.mfaCodeProvider ? { mfaCodeProvider: options.mfaCodeProvider } : {}),
  };
}
