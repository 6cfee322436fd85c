import { CommandLineSyntaxError } from '../errors/command-line-syntax-error.js';

/**
 * Splitting a command line into arguments the way the AWS CLI does for `credential_process`
 * (and for section names such as `[profile "my profile"]`): POSIX shell quoting on Unix, the
 * Microsoft C runtime rules on Windows. No shell is involved: no variables, globs or pipes.
 */

/**
 * Splits `line` into arguments.
 * @param line - the command line.
 * @param platform - `win32` selects the Windows rules; anything else the POSIX ones.
 * @throws CommandLineSyntaxError on an unterminated quote or a trailing backslash (POSIX).
 */
export function splitCommandLine(line: string, platform: string = process.platform): string[] {
  return platform === 'win32' ? splitWindows(line) : splitPosix(line);
}

/** POSIX rules, as Python's `shlex.split`: `'…'` is literal, `"…"` lets `\` escape only `\` and `"`. */
function splitPosix(line: string): string[] {
  const args: string[] = [];
  let token = '';
  let inToken = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i++]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (inToken) args.push(token);
      token = '';
      inToken = false;
    } else if (c === "'") {
      const end = line.indexOf("'", i);
      if (end < 0) throw new CommandLineSyntaxError('no closing quotation');
      token += line.slice(i, end);
      i = end + 1;
      inToken = true;
    } else if (c === '"') {
      for (;;) {
        if (i >= line.length) throw new CommandLineSyntaxError('no closing quotation');
        const d = line[i++]!;
        if (d === '"') break;
        if (d === '\\' && (line[i] === '\\' || line[i] === '"')) token += line[i++];
        else token += d;
      }
      inToken = true;
    } else if (c === '\\') {
      if (i >= line.length) throw new CommandLineSyntaxError('no escaped character');
      token += line[i++];
      inToken = true;
    } else {
      token += c;
      inToken = true;
    }
  }
  if (inToken) args.push(token);
  return args;
}

/**
 * Windows rules (as botocore's `_windows_shell_split`): only space and tab separate, only `"`
 * quotes, and backslashes are literal unless they lead up to a `"`, where pairs become one
 * backslash and an odd one escapes the quote.
 */
function splitWindows(line: string): string[] {
  const args: string[] = [];
  let token = '';
  let inToken = false;
  let quoted = false;
  let backslashes = 0;
  for (const c of line) {
    if (c === '\\') {
      backslashes++;
      continue;
    }
    if (c === '"') {
      token += '\\'.repeat(Math.floor(backslashes / 2));
      const escaped = backslashes % 2 === 1;
      backslashes = 0;
      if (escaped) token += '"';
      else quoted = !quoted;
      inToken = true;
      continue;
    }
    token += '\\'.repeat(backslashes);
    if (backslashes > 0) inToken = true;
    backslashes = 0;
    if ((c === ' ' || c === '\t') && !quoted) {
      if (inToken) args.push(token);
      token = '';
      inToken = false;
    } else {
      token += c;
      inToken = true;
    }
  }
  if (quoted) throw new CommandLineSyntaxError('no closing quotation');
  token += '\\'.repeat(backslashes);
  if (inToken || backslashes > 0) args.push(token);
  return args;
}
