import { FileRefusal, readBoundedFile } from '../config/bounded-file.js';
import { invalidUtf8Offset } from '../config/utf8.js';
import { usageError } from './errors/cli-error.js';

/** The raw bytes of the process's command line, one entry per word, or undefined where the system does not show them. */
function rawCommandLine(): Buffer[] | undefined {
  let bytes: Buffer;
  try {
    bytes = readBoundedFile('/proc/self/cmdline', undefined, 'a command line');
  } catch (error) {
    if (error instanceof FileRefusal) return undefined;
    throw error;
  }
  const words: Buffer[] = [];
  for (let start = 0; start < bytes.length;) {
    const end = bytes.indexOf(0, start);
    words.push(bytes.subarray(start, end < 0 ? bytes.length : end));
    start = end < 0 ? bytes.length : end + 1;
  }
  return words;
}

/**
 * How a message names argument `index` of `args` (the flag it is the value of, else its
 * position), and where its value starts in its bytes (after `--flag=`).
 */
function describeArgument(args: readonly string[], index: number): { name: string; valueStart: number } {
  const word = args[index]!;
  const inline = /^(--?[A-Za-z][\w-]*)=/.exec(word);
  if (inline) return { name: `The value of ${inline[1]}`, valueStart: inline[0].length };
  const before = args[index - 1];
  if (!word.startsWith('-') && before !== undefined && /^--?[A-Za-z][\w-]*$/.test(before)) return { name: `The value of ${before}`, valueStart: 0 };
  return { name: `Argument ${index + 1}`, valueStart: 0 };
}

/**
 * Refuses a command line word that was not valid UTF-8. Node decodes the command line as UTF-8,
 * putting U+FFFD in place of bytes that are not, so text such as `--query-text` would reach the
 * service changed; the two cannot be told apart from the decoded words alone. When a word holds
 * U+FFFD, the raw bytes (`/proc/self/cmdline`, on Linux) tell whether it was typed (valid UTF-8,
 * accepted) or stands for bytes that were not. Where the system does not show the raw command
 * line, the words are taken as they are.
 * @param args - the words after the program's name (`process.argv.slice(2)`).
 * @param raw - the raw words of the whole command line (the process's own unless given).
 * @throws CliError (usage) naming the flag or argument and the byte offset in it.
 */
export function refuseInvalidUtf8Arguments(args: readonly string[] = process.argv.slice(2), raw: () => Buffer[] | undefined = rawCommandLine): void {
  if (!args.some((word) => word.includes('\uFFFD'))) return;
  const words = raw();
  if (!words || words.length < args.length) return;
  const own = words.slice(words.length - args.length);
  for (const [index, word] of args.entries()) {
    if (!word.includes('\uFFFD')) continue;
    const offset = invalidUtf8Offset(own[index]!);
    if (offset < 0) continue;
    const { name, valueStart } = describeArgument(args, index);
    throw usageError(`${name} is not valid UTF-8 (byte offset ${offset - valueStart}); text arguments must be UTF-8`);
  }
}
