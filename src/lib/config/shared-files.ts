import { statSync } from 'node:fs';
import { homedir as osHomedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigurationError } from '../errors/configuration-error.js';
import { FileRefusal, readBoundedFile } from './bounded-file.js';
import { parseIniDocument, type IniDocument } from './ini-document.js';
import type { SharedFileOptions } from './types.js';

/** The locations of the two shared files. */
export interface SharedFilePaths {
  /** `AWS_CONFIG_FILE`, else `~/.aws/config`. */
  configFile: string;
  /** `AWS_SHARED_CREDENTIALS_FILE`, else `~/.aws/credentials`. */
  credentialsFile: string;
}

/** The home directory `~` stands for: the `homedir` option, the env's `HOME` or `USERPROFILE`, then the OS's. */
export function resolveHomedir(options: SharedFileOptions): string {
  return options.homedir || options.env.HOME || options.env.USERPROFILE || osHomedir();
}

/** Locates the shared config and credentials files (they need not exist). */
export function sharedFilePaths(options: SharedFileOptions): SharedFilePaths {
  const home = resolveHomedir(options);
  const locate = (envName: string, fallback: string): string => {
    const fromEnv = options.env[envName];
    return fromEnv ? expandHome(fromEnv, home) : join(home, '.aws', fallback);
  };
  return {
    configFile: locate('AWS_CONFIG_FILE', 'config'),
    credentialsFile: locate('AWS_SHARED_CREDENTIALS_FILE', 'credentials'),
  };
}

/** Replaces a leading `~` (alone, or followed by a path separator) with `home`. */
function expandHome(path: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/') || path.startsWith('~\\')) return join(home, path.slice(2));
  return path;
}

interface CacheEntry {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  doc: IniDocument;
}

const cache = new Map<string, CacheEntry>();

/**
 * Reads and parses one shared file, or returns null when it does not exist. Parsed files are
 * cached by path, modification time and size, so reading the same file again is one `stat`.
 * Only a regular file of at most 4 MiB is read (`readBoundedFile`): a FIFO, a device or a huge
 * file named by mistake is refused at once.
 * @throws ConfigurationError naming the file when it exists but cannot be read or parsed.
 */
export function readIniFile(path: string): IniDocument | null {
  const absolute = resolve(path);
  let stats;
  try {
    // A missing file is the common case (no ~/.aws at all, read on every CLI run): undefined
    // instead of a thrown ENOENT error, which costs more to build than the stat itself.
    stats = statSync(absolute, { throwIfNoEntry: false });
  } catch (error) {
    // A path through a file (ENOTDIR) is as missing, but Node still throws for it.
    if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw unreadable(absolute, error);
  }
  if (!stats) {
    cache.delete(absolute);
    return null;
  }
  const cached = cache.get(absolute);
  if (cached && cached.mtimeMs === stats.mtimeMs && cached.ctimeMs === stats.ctimeMs && cached.size === stats.size) {
    return cached.doc;
  }
  let text: string;
  try {
    text = readBoundedFile(absolute, undefined, 'a shared config or credentials file').toString('utf8');
  } catch (error) {
    throw unreadable(absolute, error);
  }
  const doc = parseIniDocument(text, absolute);
  cache.set(absolute, { mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, size: stats.size, doc });
  return doc;
}

function unreadable(file: string, error: unknown): ConfigurationError {
  if (error instanceof FileRefusal) return new ConfigurationError(`Unable to read ${file}${error.reason}`, { cause: error });
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  return new ConfigurationError(`Unable to read ${file} (${code})`, { cause: error });
}
