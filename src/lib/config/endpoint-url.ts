import type { Profile } from './profile.js';
import { lookupSetting, parseBooleanSetting } from './setting-lookup.js';
import type { Env } from './types.js';

/**
 * A configured endpoint URL for a service, as the AWS CLI finds it:
 * `AWS_ENDPOINT_URL_<SERVICE_ID>` (e.g. `AWS_ENDPOINT_URL_KENDRA`, `AWS_ENDPOINT_URL_MOBILE`),
 * then `AWS_ENDPOINT_URL`, then `endpoint_url` in the service's entry of the profile's
 * `[services x]` section, then the profile's own `endpoint_url`. `AWS_IGNORE_CONFIGURED_ENDPOINT_URLS`
 * (or the profile's `ignore_configured_endpoint_urls`) set to true turns all of these off.
 * @param serviceId - the model's `serviceId`, e.g. `kendra` or `Mobile`.
 * @returns the URL as written, or undefined when none is configured.
 * @throws ConfigurationError when the ignore flag is not true or false.
 */
export function resolveEndpointUrl(serviceId: string, profile: Profile, env: Env): string | undefined {
  const ignore = lookupSetting(profile, env, 'AWS_IGNORE_CONFIGURED_ENDPOINT_URLS', 'ignore_configured_endpoint_urls');
  if (ignore && parseBooleanSetting(ignore)) return undefined;
  const key = serviceId.trim().replace(/[ -]/g, '_');
  return (
    env[`AWS_ENDPOINT_URL_${key.toUpperCase()}`] ||
    env.AWS_ENDPOINT_URL ||
    profile.services[key.toLowerCase()]?.endpoint_url ||
    profile.settings.endpoint_url ||
    undefined
  );
}
