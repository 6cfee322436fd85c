import type { Profile } from './profile.js';
import { lookupSetting, parseChoiceSetting, parseIntegerSetting } from './setting-lookup.js';
import type { Env } from './types.js';

/** The retry modes a config file or the environment can name. */
export const RETRY_MODES = ['legacy', 'standard', 'adaptive'] as const;

/** A retry mode from configuration. */
export type ConfiguredRetryMode = (typeof RETRY_MODES)[number];

/**
 * `AWS_RETRY_MODE`, then the profile's `retry_mode`; undefined when neither is set.
 * @throws ConfigurationError for a value other than legacy, standard or adaptive.
 */
export function resolveRetryMode(profile: Profile, env: Env): ConfiguredRetryMode | undefined {
  const setting = lookupSetting(profile, env, 'AWS_RETRY_MODE', 'retry_mode');
  return setting && parseChoiceSetting(setting, RETRY_MODES);
}

/**
 * `AWS_MAX_ATTEMPTS`, then the profile's `max_attempts` (attempts per request, first one included);
 * undefined when neither is set.
 * @throws ConfigurationError for anything but a whole number of at least 1.
 */
export function resolveMaxAttempts(profile: Profile, env: Env): number | undefined {
  const setting = lookupSetting(profile, env, 'AWS_MAX_ATTEMPTS', 'max_attempts');
  return setting && parseIntegerSetting(setting, 1);
}
