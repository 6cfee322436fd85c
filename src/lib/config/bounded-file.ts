import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/**
 * The most bytes read from a small file: the shared config and credentials files, a CA bundle,
 * a cached token. 4 MiB is hundreds of times any real one, and small enough that reading a
 * wrong file (a log, `/dev/urandom` named by mistake) costs nothing.
 */
export const SMALL_FILE_LIMIT = 4 * 1024 * 1024;

/**
 * A file that {@link readBoundedFile} would not read, with the reason in words. Callers turn it
 * into their own error (a configuration error, a usage error) naming what the file was for.
 */
export class FileRefusal extends Error {
  override name = 'FileRefusal';
  /** The path as given. */
  readonly path: string;
  /** Why, completing "the file …": e.g. `is a FIFO (named pipe), not a regular file`, `cannot be read (ENOENT)`. */
  readonly problem: string;
  /** The system's error code when opening or reading failed (ENOENT, EACCES, …). */
  readonly code?: string;

  constructor(path: string, problem: string, options: { code?: string; cause?: unknown } = {}) {
    super(`${path} ${problem}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.path = path;
    this.problem = problem;
    if (options.code !== undefined) this.code = options.code;
  }

  /** The end of a message `Unable to read FILE…`: ` (ENOENT)` for a system error, else `: it is a FIFO …`. */
  get reason(): string {
    return this.code === undefined ? `: it ${this.problem}` : ` (${this.code})`;
  }
}

/** `n` bytes in words: `4 MiB`, `512 KiB`, `100 bytes`. */
export function describeBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** What kind of file `stats` describes, for a message: `a directory`, `a FIFO (named pipe)`, … */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a plain file';
}

/** Opening without waiting: a FIFO opened for reading would otherwise block until a writer comes. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

const CHUNK_BYTES = 64 * 1024;

/**
 * Reads a whole regular file of at most `limit` bytes, without ever blocking on or reading more
 * than that from anything else: the file is opened non-blocking and checked with `fstat` before a
 * byte is read (a FIFO, a device such as `/dev/zero`, a directory are refused at once), and the
 * read stops after `limit + 1` bytes (a file that grows, or one whose size `stat` does not tell).
 * @param limit - the largest size accepted, {@link SMALL_FILE_LIMIT} unless given.
 * @param what - what the limit is for, in words (`a configuration file`), for the message.
 * @throws FileRefusal naming the path and the problem.
 */
export function readBoundedFile(path: string, limit: number = SMALL_FILE_LIMIT, what = 'this file'): Buffer {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new FileRefusal(path, `cannot be read (${code})`, { code, cause: error });
  }
  const tooLarge = () => new FileRefusal(path, `is larger than ${describeBytes(limit)}, the limit for ${what}`);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new FileRefusal(path, `is ${kindOf(stats)}, not a regular file`);
    if (stats.size > limit) throw tooLarge();
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limit + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      if (total > limit) throw tooLarge();
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new FileRefusal(path, `cannot be read (${code})`, { code, cause: error });
  } finally {
    closeSync(fd);
  }
}
