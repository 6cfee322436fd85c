import { OUTPUT_FORMATS } from '../../config/output-format.js';
import type { Env } from '../../config/types.js';
import type { ServiceDefinition } from '../../client/service-definition.js';
import { MOBILE_SERVICE } from '../../services/mobile/mobile-client.js';
import { SEARCH_SERVICE } from '../../services/search/search-client.js';
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

/** The check of a service's `api_versions` entry: a version nimbus ships, or `latest`. */
function apiVersion(service: ServiceDefinition): (value: string) => string | undefined {
  const valid = [...service.versions, 'latest'];
  return (value) => (valid.includes(value) ? undefined : `the ${service.name} service has no such API version; expected one of ${valid.join(', ')}`);
}

/** Checks of the settings whose values nimbus knows: the problem with a value, or undefined. */
const CHECKS: Record<string, (value: string) => string | undefined> = {
  // Keyed by botocore's service names, as the AWS CLI reads them.
  'api_versions.kendra': apiVersion(SEARCH_SERVICE),
  'api_versions.mobile': apiVersion(MOBILE_SERVICE),
  output: (value) => ((OUTPUT_FORMATS as readonly string[]).includes(value) ? undefined : `expected one of ${OUTPUT_FORMATS.join(', ')}`),
  retry_mode: (value) => (['legacy', 'standard', 'adaptive'].includes(value) ? undefined : 'expected one of legacy, standard, adaptive'),
  region: (value) => (/^[a-z]{2}(-[a-z]+)+-\d+$/.test(value) ? undefined : 'expected a region code such as us-east-1 or eu-west-2'),
  max_attempts: (value) => (/^[1-9]\d*$/.test(value) ? undefined : 'expected a whole number, 1 or more'),
};

/**
 * `nimbus configure set KEY VALUE`: writes the setting (see `saveProfileSetting`), after
 * checking the value of a setting nimbus knows (output, retry_mode, region, max_attempts, the
 * API version of each of its services: `api_versions.kendra`, `api_versions.mobile`), so
 * that a typo is caught now rather than failing every later command.
 * @throws CliError (usage) for a bad key or value.
 */
export function configureSet(profile: string, key: string, value: string, env: Env): void {
  if (!KEY.test(key)) throw usageError(`Invalid key "${key}": expected a name such as region, or section.name such as api_versions.kendra`);
  if (/[\r\n]/.test(value)) throw usageError("A setting's value must be one line");
  const problem = CHECKS[key]?.(value);
  if (problem) throw usageError(`Invalid ${key} "${value}": ${problem}; nothing was written`);
  saveProfileSetting(profile, key, value, env);
}
