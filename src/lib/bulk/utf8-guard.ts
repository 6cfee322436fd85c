import { createReadStream } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { scanUtf8 } from '../config/utf8.js';

/**
 * Text input that is not valid UTF-8, with the input's name, the byte offset and the line in the
 * message. The CLI reports it as a usage error (exit 252).
 */
export class InvalidUtf8InputError extends Error {
  override name = 'InvalidUtf8InputError';
}

/**
 * Reads the whole file `path` once to check that it is valid UTF-8, so that a run can refuse it
 * before sending anything.
 * @throws InvalidUtf8InputError at the first byte that is not; the read error of the file, if any.
 */
export async function checkUtf8File(path: string, name: string, signal: AbortSignal): Promise<void> {
  for await (const chunk of checkedUtf8(createReadStream(path, { signal }), name)) void chunk;
}

/**
 * `input` read through {@link utf8Guard}: its bytes, unchanged, until the first one that is not
 * valid UTF-8, where the returned stream fails with an error naming `name`, the offset and the
 * line. A read error of `input` fails the returned stream too; an abort ends it.
 */
export function checkedUtf8(input: NodeJS.ReadableStream, name: string): Transform {
  const guard = utf8Guard(name);
  // An abort (Ctrl-C) ends the guard quietly: its reader stops on the signal and may have let go
  // of the guard already, so an error then would have no listener and end the process.
  input.once('error', (error) => guard.destroy(error.name === 'AbortError' ? undefined : error));
  return input.pipe(guard);
}

/**
 * A pass-through stream that fails, before passing on a byte of it, at the first byte that is
 * not valid UTF-8, with an error naming `name`, the byte offset and the line (1-based). Text
 * read through it is never silently changed to U+FFFD. A sequence split between two chunks is
 * held back until the next chunk completes it.
 */
function utf8Guard(name: string): Transform {
  let offset = 0; // of the first byte not yet passed on
  let lines = 1;
  let held = Buffer.alloc(0);
  const newlines = (bytes: Buffer): number => {
    let count = 0;
    for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) count++;
    return count;
  };
  const fail = (bytes: Buffer, at: number): Error => {
    const line = lines + newlines(bytes.subarray(0, at));
    return new InvalidUtf8InputError(
      `${name} is not valid UTF-8: byte offset ${offset + at} (line ${line}, byte 0x${bytes[at]!.toString(16).padStart(2, '0')})`,
    );
  };
  const pass = (bytes: Buffer, stream: Transform): void => {
    if (!bytes.length) return;
    lines += newlines(bytes);
    offset += bytes.length;
    stream.push(bytes);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      const bytes = held.length ? Buffer.concat([held, chunk]) : chunk;
      const { invalid, truncatedAt } = scanUtf8(bytes);
      if (invalid >= 0) return done(fail(bytes, invalid));
      const complete = truncatedAt >= 0 ? truncatedAt : bytes.length;
      held = Buffer.from(bytes.subarray(complete));
      pass(bytes.subarray(0, complete), this);
      done();
    },
    flush(done: TransformCallback) {
      if (held.length) return done(fail(held, 0));
      done();
    },
  });
}
