import { InvalidArgumentException } from './invalid-argument-exception.js';

/** Throws InvalidArgumentException naming `option` with the given message. */
export function invalid(option: string, message: string): never {
  throw new InvalidArgumentException(`Invalid value for the "${option}" option: ${message}`, { option });
}

/** Checks an optional boolean option. */
export function optionalBoolean(args: Record<string, unknown>, option: string): boolean | undefined {
  const value = args[option];
  if (value !== undefined && typeof value !== 'boolean') invalid(option, 'expected true or false');
  return value as boolean | undefined;
}

/** Checks an optional non-empty string option. */
export function optionalString(args: Record<string, unknown>, option: string): string | undefined {
  const value = args[option];
  if (value !== undefined && (typeof value !== 'string' || value === '')) invalid(option, 'expected a non-empty string');
  return value as string | undefined;
}

/** Checks an optional function option. */
export function optionalFunction<T extends (...args: never[]) => unknown>(args: Record<string, unknown>, option: string): T | undefined {
  const value = args[option];
  if (value !== undefined && typeof value !== 'function') invalid(option, 'expected a function');
  return value as T | undefined;
}

const VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const REGION_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Checks the `version` option: a date such as 2019-02-03, or `latest`. */
export function checkVersion(value: unknown): string {
  if (value === undefined || value === null || value === '') {
    throw new InvalidArgumentException('Missing required client configuration option "version" (a date such as 2019-02-03, or "latest")', {
      option: 'version',
    });
  }
  if (typeof value !== 'string' || (value !== 'latest' && !VERSION_PATTERN.test(value))) {
    invalid('version', 'expected a date such as 2019-02-03, or "latest"');
  }
  return value;
}

/** Checks a region name: lower-case letters, digits and hyphens. */
export function checkRegion(value: unknown, source: string): string {
  if (typeof value !== 'string' || !REGION_PATTERN.test(value)) {
    throw new InvalidArgumentException(`Invalid region ${JSON.stringify(value)} (from ${source}): expected a name such as us-east-1`, { option: 'region' });
  }
  return value;
}

/** Checks the `scheme` option. */
export function checkScheme(value: unknown): 'https' | 'http' {
  if (value === undefined) return 'https';
  if (value !== 'https' && value !== 'http') invalid('scheme', 'expected "https" or "http"');
  return value;
}
