import type { Profile } from './profile.js';
import type { Env } from './types.js';

/**
 * The region from configuration (the `region` option, handled by the client, comes first):
 * `AWS_REGION`, then `AWS_DEFAULT_REGION`, then the profile's `region`; undefined when none is set.
 */
export function resolveRegion(profile: Profile, env: Env): string | undefined {
  return env.AWS_REGION || env.AWS_DEFAULT_REGION || profile.settings.region || undefined;
}
