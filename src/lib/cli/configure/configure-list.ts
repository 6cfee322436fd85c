import type { Env } from '../../config/types.js';
import { effectiveValue, mask, type SettingSource } from './profile-values.js';

/**
 * The `nimbus configure list` table: the profile, the access key and secret (masked), region
 * and output format, each with where its value comes from.
 */
export function configureList(profileFlag: string | undefined, env: Env): string {
  const profile = profileFlag ?? env.AWS_PROFILE ?? env.AWS_DEFAULT_PROFILE ?? 'default';
  const profileSource: SettingSource | undefined = profileFlag
    ? { value: profileFlag, type: 'manual', location: '--profile' }
    : env.AWS_PROFILE
      ? { value: env.AWS_PROFILE, type: 'env', location: 'AWS_PROFILE' }
      : env.AWS_DEFAULT_PROFILE
        ? { value: env.AWS_DEFAULT_PROFILE, type: 'env', location: 'AWS_DEFAULT_PROFILE' }
        : undefined;
  const key = effectiveValue(profile, 'aws_access_key_id', ['AWS_ACCESS_KEY_ID'], env);
  const secret = effectiveValue(profile, 'aws_secret_access_key', ['AWS_SECRET_ACCESS_KEY'], env);
  const rows: Array<[string, SettingSource | undefined]> = [
    ['profile', profileSource],
    ['access_key', key && { ...key, value: mask(key.value) }],
    ['secret_key', secret && { ...secret, value: mask(secret.value) }],
    ['region', effectiveValue(profile, 'region', ['AWS_REGION', 'AWS_DEFAULT_REGION'], env)],
    ['output', effectiveValue(profile, 'output', ['AWS_DEFAULT_OUTPUT'], env)],
  ];
  const table = [
    ['Name', 'Value', 'Type', 'Location'],
    ['----', '-----', '----', '--------'],
    ...rows.map(([name, source]) => [name, source?.value ?? '<not set>', source?.type ?? 'None', source?.location ?? 'None']),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  return `${table.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n')}\n`;
}
