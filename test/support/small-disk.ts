import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Mounts a tmpfs of `megabytes` at `dir`/disk, a real disk that can be filled (mounting needs
 * root, as CI runs); returns the mount point, to be given to `unmountSmallDisk` after the tests.
 */
export function mountSmallDisk(dir: string, megabytes: number): string {
  const mount = join(dir, 'disk');
  mkdirSync(mount);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', mount], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`this test mounts a ${megabytes} MB tmpfs as a full disk, which needs root (as in CI): ${(error as Error).message}`);
  }
  return mount;
}

/** Unmounts a disk of `mountSmallDisk`. */
export function unmountSmallDisk(mount: string): void {
  execFileSync('umount', [mount]);
}

/**
 * Fills the file system of `dir` with one file until not one more byte fits: `blockBytes` at a
 * time, then 4 KB, then a byte (a disk left with less than a block free could still take the
 * few kilobytes SQLite needs to open a database); returns the file.
 */
export function fillDisk(dir: string, blockBytes = 4096): string {
  const filler = join(dir, 'filler');
  const fd = openSync(filler, 'w');
  try {
    for (const size of [blockBytes, 4096, 1]) {
      const block = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return filler;
}
