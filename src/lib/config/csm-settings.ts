import type { Profile } from './profile.js';
import { lookupSetting, parseBooleanSetting, parseIntegerSetting } from './setting-lookup.js';
import type { Env } from './types.js';

/** Client-side monitoring settings from configuration, named like the `csm` client option's keys. */
export interface ConfiguredCsm {
  enabled?: boolean;
  host?: string;
  port?: number;
  client_id?: string;
}

/**
 * Each of `AWS_CSM_ENABLED`, `AWS_CSM_HOST`, `AWS_CSM_PORT`, `AWS_CSM_CLIENT_ID`, falling back
 * one by one to the profile's `csm_enabled`, `csm_host`, `csm_port`, `csm_client_id`. Only the
 * settings found are present.
 * @throws ConfigurationError when `enabled` is not true/false or `port` is not 1–65535.
 */
export function resolveCsmSettings(profile: Profile, env: Env): ConfiguredCsm {
  const csm: ConfiguredCsm = {};
  const enabled = lookupSetting(profile, env, 'AWS_CSM_ENABLED', 'csm_enabled');
  if (enabled) csm.enabled = parseBooleanSetting(enabled);
  const host = lookupSetting(profile, env, 'AWS_CSM_HOST', 'csm_host');
  if (host) csm.host = host.value;
  const port = lookupSetting(profile, env, 'AWS_CSM_PORT', 'csm_port');
  if (port) csm.port = parseIntegerSetting(port, 1, 65535);
  const clientId = lookupSetting(profile, env, 'AWS_CSM_CLIENT_ID', 'csm_client_id');
  if (clientId) csm.client_id = clientId.value;
  return csm;
}
