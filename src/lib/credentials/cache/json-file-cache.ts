import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { readBoundedFile } from '../../config/bounded-file.js';
import { resolveHomedir } from '../../config/shared-files.js';
import type { SharedFileOptions } from '../../config/types.js';

/** The AWS CLI's cache of assumed-role credentials: `~/.aws/cli/cache`. */
export function cliCacheDir(options: SharedFileOptions): string {
  return join(resolveHomedir(options), '.aws', 'cli', 'cache');
}

/**
 * A folder of JSON files, one per key (`<dir>/<key>.json`), as botocore's `JSONFileCache`
 * keeps them: the folder is made with mode 0700, each file is written whole with mode 0600 under
 * a temporary name and renamed into place, so a reader never sees half a file.
 */
export class JsonFileCache {
  /** @param dir - the cache folder; it is created on the first write. */
  constructor(readonly dir: string) {}

  /** The file that holds `key`. */
  path(key: string): string {
    return join(this.dir, `${key}.json`);
  }

  /** The value stored under `key`, or undefined when there is none or the file is not valid JSON. */
  get(key: string): unknown {
    try {
      return JSON.parse(readBoundedFile(this.path(key)).toString('utf8'));
    } catch {
      return undefined;
    }
  }

  /**
   * Stores `value` under `key`.
   * @throws the file system's error when the folder or the file cannot be written.
   */
  set(key: string, value: unknown): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const temp = join(this.dir, `.${key}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      writeFileSync(temp, JSON.stringify(value), { mode: 0o600, flag: 'wx' });
      chmodSync(temp, 0o600);
      renameSync(temp, this.path(key));
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
  }
}
