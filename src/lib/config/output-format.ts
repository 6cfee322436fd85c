import type { Profile } from './profile.js';
import { lookupSetting, parseChoiceSetting } from './setting-lookup.js';
import type { Env } from './types.js';

/** The CLI output formats. */
export const OUTPUT_FORMATS = ['json', 'table', 'text', 'yaml'] as const;

/** A CLI output format. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * `AWS_DEFAULT_OUTPUT`, then the profile's `output`; undefined when neither is set.
 * @throws ConfigurationError for a format other than json, table, text or yaml.
 */
export function resolveOutputFormat(profile: Profile, env: Env): OutputFormat | undefined {
  const setting = lookupSetting(profile, env, 'AWS_DEFAULT_OUTPUT', 'output');
  return setting && parseChoiceSetting(setting, OUTPUT_FORMATS);
}
