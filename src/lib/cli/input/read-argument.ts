import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { usageError } from '../errors/cli-error.js';

/** A flag value after `file://` / `fileb://` references are read. */
export type ArgumentValue = { kind: 'text'; text: string } | { kind: 'bytes'; bytes: Uint8Array };

function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;
}

/**
 * Reads a flag value: `file://PATH` is the file's text (UTF-8), `fileb://PATH` its bytes, and
 * anything else is the value itself.
 * @throws CliError (usage) naming the flag when the file cannot be read.
 */
export function readArgument(value: string, flag: string): ArgumentValue {
  const match = /^(fileb?):\/\/(.+)$/s.exec(value);
  if (!match) return { kind: 'text', text: value };
  const path = expandHome(match[2]!);
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw usageError(`Cannot read ${path} for --${flag} (${code})`, error);
  }
  if (match[1] === 'fileb') return { kind: 'bytes', bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  return { kind: 'text', text: data.toString('utf8').replace(/^\uFEFF/, '') };
}
