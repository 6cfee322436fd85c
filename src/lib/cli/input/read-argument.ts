import { homedir } from 'node:os';
import { join } from 'node:path';
import { FileRefusal, readBoundedFile } from '../../config/bounded-file.js';
import { invalidUtf8Offset } from '../../config/utf8.js';
import { usageError } from '../errors/cli-error.js';

/** A flag value after `file://` / `fileb://` references are read. */
export type ArgumentValue = { kind: 'text'; text: string } | { kind: 'bytes'; bytes: Uint8Array };

/**
 * The largest file a `file://` or `fileb://` value may name: 64 MiB, the largest request body
 * the local service takes by default (and more than the real service takes in one call).
 */
export const PARAMETER_FILE_LIMIT = 64 * 1024 * 1024;

function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;
}

/**
 * Reads a flag value: `file://PATH` is the file's text (UTF-8), `fileb://PATH` its bytes, and
 * anything else is the value itself. Only a regular file of at most {@link PARAMETER_FILE_LIMIT}
 * is read (a FIFO or a device is refused at once), and text must be valid UTF-8.
 * @throws CliError (usage) naming the flag (and the byte offset of invalid UTF-8) when the file
 *   cannot be read or its text is not UTF-8.
 */
export function readArgument(value: string, flag: string): ArgumentValue {
  const match = /^(fileb?):\/\/(.+)$/s.exec(value);
  if (!match) return { kind: 'text', text: value };
  const path = expandHome(match[2]!);
  let data: Buffer;
  try {
    data = readBoundedFile(path, PARAMETER_FILE_LIMIT, 'a parameter file');
  } catch (error) {
    if (!(error instanceof FileRefusal)) throw error;
    throw usageError(`Cannot read ${path} for --${flag}${error.reason}`, error);
  }
  if (match[1] === 'fileb') return { kind: 'bytes', bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  const bad = invalidUtf8Offset(data);
  if (bad >= 0) {
    throw usageError(
      `${path} (for --${flag}) is not valid UTF-8: byte offset ${bad} (0x${data[bad]!.toString(16).padStart(2, '0')}); text input must be UTF-8`,
    );
  }
  return { kind: 'text', text: data.toString('utf8').replace(/^\uFEFF/, '') };
}
