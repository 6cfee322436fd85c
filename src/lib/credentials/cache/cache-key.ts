import { createHash } from 'node:crypto';

/** Python's `json.dumps(value, sort_keys=True)` of a flat object of strings and integers (ASCII-only output). */
function pythonJsonDumps(args: Readonly<Record<string, string | number>>): string {
  const ascii = (text: string): string => JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const entries = Object.keys(args)
    .filter((name) => args[name] !== undefined)
    .sort()
    .map((name) => {
      const value = args[name]!;
      return `${ascii(name)}: ${typeof value === 'number' ? String(value) : ascii(value)}`;
    });
  return `{${entries.join(', ')}}`;
}

/**
 * The cache key botocore gives an assume-role call (`BaseAssumeRoleCredentialFetcher._create_cache_key`):
 * the SHA-1, in hex, of the call's arguments (`RoleArn`, and `RoleSessionName`, `ExternalId`,
 * `SerialNumber`, `DurationSeconds` when configured; never a generated session name, an MFA code
 * or a token) serialized as Python's `json.dumps(args, sort_keys=True)`. The AWS CLI and nimbus
 * therefore find each other's entries in `~/.aws/cli/cache`.
 */
export function assumeRoleCacheKey(args: Readonly<Record<string, string | number>>): string {
  return createHash('sha1').update(pythonJsonDumps(args), 'utf8').digest('hex');
}
