import type { Profile } from './profile.js';
import { lookupSetting, parseBooleanSetting } from './setting-lookup.js';
import type { Env } from './types.js';

/**
 * `AWS_ENDPOINT_DISCOVERY_ENABLED`, then the profile's `endpoint_discovery_enabled`: true or
 * false; undefined when unset or `auto` (which means the client's default).
 * @throws ConfigurationError for anything but true, false or auto.
 */
export function resolveEndpointDiscoveryEnabled(profile: Profile, env: Env): boolean | undefined {
  const setting = lookupSetting(profile, env, 'AWS_ENDPOINT_DISCOVERY_ENABLED', 'endpoint_discovery_enabled');
  if (!setting || setting.value.trim().toLowerCase() === 'auto') return undefined;
  return parseBooleanSetting(setting);
}
