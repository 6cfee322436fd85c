import type { Env } from '../../config/types.js';
import { configError, usageError } from '../errors/cli-error.js';
import { saveProfileSetting } from '../settings/profile-store.js';
import { profileValue } from './profile-values.js';

const KEY = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)?$/;

/**
 * `nimbus configure get KEY`: the value and a newline.
 * @throws CliError (configuration) when the key is not set in the profile.
 */
export function configureGet(profile: string, key: string, env: Env): string {
  if (!KEY.test(key)) throw usageError(`Invalid key "${key}": expected a name such as region, or section.name such as api_versions.kendra`);
  const source = profileValue(profile, key, env);
  if (!source) throw configError(`${key} is not set in profile "${profile}"`);
  return `${source.value}\n`;
}

/** `nimbus configure set KEY VALUE`: writes the setting (see `saveProfileSetting`). */
export function configureSet(profile: string, key: string, value: string, env: Env): void {
  if (!KEY.test(key)) throw usageError(`Invalid key "${key}": expected a name such as region, or section.name such as api_versions.kendra`);
  if (/[\r\n]/.test(value)) throw usageError('A setting\'s value must be one line');
  saveProfileSetting(profile, key, value, env);
}
