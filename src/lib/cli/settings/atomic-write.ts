import { chmodSync, closeSync, fsyncSync, lstatSync, openSync, readdirSync, readlinkSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** The file a path finally names: symbolic links followed, even when the last one points at nothing yet. */
export function resolveLinks(path: string): string {
  let current = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    let isLink: boolean;
    try {
      isLink = lstatSync(current).isSymbolicLink();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return current;
      throw error;
    }
    if (!isLink) return current;
    current = resolve(dirname(current), readlinkSync(current));
  }
  throw new Error(`${path}: too many levels of symbolic links`);
}

/** The start of the temporary files' names written beside `file`: `.<name>.<pid>.<random>.tmp`. */
function tempPrefix(file: string): string {
  return `.${basename(file)}.`;
}

/** True for the name of a temporary file {@link writeFileAtomic} writes for a file whose names start with `prefix`. */
function isTempName(name: string, prefix: string): boolean {
  return name.startsWith(prefix) && /^\d+\.[a-z0-9]+\.tmp$/.test(name.slice(prefix.length));
}

/**
 * Deletes temporary files left beside `file` by a writer that died before renaming them. Call it
 * only while holding the file's lock: every writer creates its temporary file under that lock,
 * so any found then is left over.
 */
export function removeLeftovers(file: string): void {
  const prefix = tempPrefix(file);
  for (const name of readdirSync(dirname(file))) {
    if (isTempName(name, prefix)) {
      try {
        unlinkSync(join(dirname(file), name));
      } catch {
        // gone already
      }
    }
  }
}

/**
 * Replaces `file` with `data` atomically: writes a temporary file in the same directory with
 * `mode`, flushes it to disk, renames it over `file` and flushes the directory. A crash at any
 * moment leaves either the old file or the new one, never a partial one.
 */
export function writeFileAtomic(file: string, data: string, mode: number): void {
  const temp = join(dirname(file), `${tempPrefix(file)}${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
  const fd = openSync(temp, 'wx', mode);
  try {
    try {
      const bytes = Buffer.from(data, 'utf8');
      for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    chmodSync(temp, mode);
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // never created or already renamed
    }
    throw error;
  }
  syncDirectory(dirname(file));
}

/** Flushes a directory's entries (the rename) to disk, where the platform allows it. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms and file systems cannot sync a directory; the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
