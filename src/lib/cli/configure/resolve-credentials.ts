import { loadProfile, resolveProfileName } from '../../config/profile.js';
import type { Env } from '../../config/types.js';
import type { HttpHandler } from '../../http/undici-handler.js';
import { defaultProvider } from '../../credentials/default-provider.js';
import type { Credentials } from '../../credentials/types.js';
import { createNodeHttpHandler } from '../http/node-http-handler.js';
import { transportOptions } from '../http/transport-settings.js';

/**
 * The CLI's transport for calls made outside a service client (SSO sign-in, credential sources):
 * Node's http, trusting the CA bundle of `AWS_CA_BUNDLE` or the profile's `ca_bundle` when set,
 * checked as for every command ({@link transportOptions}).
 * @throws CliError (configuration) when that bundle cannot be read or holds no certificate.
 */
export function cliHttpHandler(profileName: string, env: Env): HttpHandler {
  const profileCaBundle = loadProfile(profileName, { env, explicit: false }).settings.ca_bundle;
  const http = transportOptions({ env, profileName, ...(profileCaBundle === undefined ? {} : { profileCaBundle }) });
  return createNodeHttpHandler(http, async () => (await import('../../http/undici-handler.js')).createUndiciHandler(http));
}

/**
 * The credentials a command would use, from the default chain: `--profile` (which skips
 * environment keys, as in every command), else AWS_PROFILE, else AWS_DEFAULT_PROFILE, else `default`.
 * @throws what the chain throws: CredentialsNotFoundError when no source has credentials.
 */
export async function resolveCliCredentials(profileFlag: string | undefined, env: Env): Promise<Credentials> {
  const profileName = resolveProfileName({ profile: profileFlag, env });
  const provider = defaultProvider({ ...(profileFlag === undefined ? {} : { profile: profileFlag }), env, httpHandler: cliHttpHandler(profileName, env) });
  return (await provider())!;
}
