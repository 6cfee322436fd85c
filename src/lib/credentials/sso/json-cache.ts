import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBoundedFile } from '../../config/bounded-file.js';
import { ConfigurationError } from '../../errors/configuration-error.js';

/**
 * A directory of JSON files named `<key>.json`, as the AWS CLI keeps its caches
 * (`~/.aws/sso/cache`, `~/.aws/cli/cache`): files are written to a temporary file (mode 0600)
 * and renamed into place, so a reader never sees half a file.
 */
export class JsonCache {
  /** @param dir - the cache directory; it is created (mode 0700) on the first write. */
  constructor(readonly dir: string) {}

  /** The path of a key's file. */
  path(key: string): string {
    return join(this.dir, `${key}.json`);
  }

  /** A key's JSON object, or undefined when the file is missing or not a JSON object. */
  read(key: string): Record<string, unknown> | undefined {
    return readJsonObject(this.path(key));
  }

  /**
   * Writes a key's JSON object atomically.
   * @throws ConfigurationError naming the directory when it cannot be written.
   */
  write(key: string, value: Record<string, unknown>): void {
    const temp = join(this.dir, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      writeFileSync(temp, JSON.stringify(value), { mode: 0o600 });
      renameSync(temp, this.path(key));
    } catch (error) {
      rmSync(temp, { force: true });
      throw new ConfigurationError(`Unable to write the cache in ${this.dir} (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error });
    }
  }

  /** Every `*.json` file's key and JSON object (files that are not JSON objects are left out). */
  entries(): Array<{ key: string; value: Record<string, unknown> }> {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    return names
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ key: name.slice(0, -5), value: readJsonObject(join(this.dir, name)) }))
      .filter((entry): entry is { key: string; value: Record<string, unknown> } => entry.value !== undefined);
  }

  /** Removes a key's file (nothing happens when it is missing). */
  remove(key: string): void {
    rmSync(this.path(key), { force: true });
  }
}

function readJsonObject(path: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readBoundedFile(path).toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A time read from a cache file, in epoch milliseconds (NaN when it is not a time). Takes ISO
 * 8601 and the `2019-11-14T04:02:38UTC` form older AWS CLI versions wrote.
 */
export function parseCacheTime(text: string | undefined): number {
  return Date.parse((text ?? '').trim().replace(/UTC$/, 'Z'));
}

/** A time as the AWS CLI writes it in its caches: `2024-05-06T07:08:09Z` (UTC, whole seconds). */
export function cacheTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * `json.dumps(value, sort_keys=True)` as Python writes it (`, ` and `: ` separators, non-ASCII
 * escaped), for cache keys that must match the AWS CLI's. Takes strings, numbers, null, arrays
 * and plain objects.
 */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((key) => `${pythonJson(key)}: ${pythonJson(record[key])}`)
    .join(', ')}}`;
}
