import { ConfigurationError } from '../errors/configuration-error.js';
import type { Profile } from './profile.js';
import type { Env } from './types.js';

/** A setting's raw value and where it came from (named in error messages). */
export interface SettingValue {
  /** The value as written. */
  value: string;
  /** The environment variable's name, or `key in profile name`. */
  source: string;
}

/**
 * Looks a setting up in the environment first (an empty variable counts as unset), then in the profile.
 * @param envName - the environment variable, or undefined for a profile-only setting.
 * @param key - the profile key.
 */
export function lookupSetting(profile: Profile, env: Env, envName: string | undefined, key: string): SettingValue | undefined {
  const fromEnv = envName === undefined ? undefined : env[envName];
  if (fromEnv) return { value: fromEnv, source: envName! };
  const fromProfile = profile.settings[key];
  return fromProfile === undefined ? undefined : { value: fromProfile, source: `${key} in profile ${profile.name}` };
}

/**
 * `true` / `false` in any case.
 * @throws ConfigurationError naming the source for anything else.
 */
export function parseBooleanSetting(setting: SettingValue): boolean {
  const lower = setting.value.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw invalidSetting(setting, 'true or false');
}

/**
 * A whole number from `min` up to `max` (no upper bound when `max` is omitted).
 * @throws ConfigurationError naming the source otherwise.
 */
export function parseIntegerSetting(setting: SettingValue, min: number, max?: number): number {
  const text = setting.value.trim();
  const value = /^[0-9]{1,15}$/.test(text) ? Number(text) : NaN;
  if (value >= min && (max === undefined || value <= max)) return value;
  throw invalidSetting(setting, max === undefined ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`);
}

/**
 * One of `allowed` (compared case-sensitively, after trimming).
 * @throws ConfigurationError naming the source otherwise.
 */
export function parseChoiceSetting<T extends string>(setting: SettingValue, allowed: readonly T[]): T {
  const text = setting.value.trim();
  if ((allowed as readonly string[]).includes(text)) return text as T;
  throw invalidSetting(setting, allowed.join(', '));
}

function invalidSetting(setting: SettingValue, expected: string): ConfigurationError {
  return new ConfigurationError(`Invalid value "${setting.value}" for ${setting.source}: expected ${expected}`);
}
