import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { CommandLineSyntaxError } from '../../../src/lib/errors/command-line-syntax-error.js';
import { splitCommandLine } from '../../../src/lib/config/split-command-line.js';

/** Splits every line with botocore's own functions (shlex.split for POSIX, _windows_shell_split for Windows). */
function botocoreSplit(lines: string[], platform: 'posix' | 'win32'): (string[] | 'error')[] {
  const script = `
import json, shlex, sys
from botocore.compat import _windows_shell_split
split = _windows_shell_split if sys.argv[1] == 'win32' else shlex.split
out = []
for line in json.load(sys.stdin):
    try:
        out.append(split(line))
    except ValueError:
        out.append('error')
print(json.dumps(out))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, platform], { input: JSON.stringify(lines) }).toString());
}

function ours(line: string, platform: string): string[] | 'error' {
  try {
    return splitCommandLine(line, platform);
  } catch (error) {
    assert.ok(error instanceof CommandLineSyntaxError);
    return 'error';
  }
}

const cases = [
  '',
  '   ',
  'node script.js',
  '  node   "/opt/my tool/cred.js"  --flag ',
  "a 'b c' d",
  "it's",
  'say "a \\" b" "c\\\\d" "e\\f"',
  'back\\ slash\\\\ \\"q',
  'trailing\\',
  '"unterminated',
  '""',
  "''",
  'a""b',
  'C:\\Program Files\\x.exe',
  '"C:\\Program Files\\x.exe" --arg',
  'a\\\\\\"b "c\\\\" d\\\\',
  'tab\tseparated\targs',
  'mixed"quo ted"word',
];

describe('splitCommandLine', () => {
  it('matches botocore (shlex.split) on POSIX', function () {
    this.timeout(10_000);
    const expected = botocoreSplit(cases, 'posix');
    cases.forEach((line, i) => assert.deepEqual(ours(line, 'linux'), expected[i], JSON.stringify(line)));
  });

  it('matches botocore (_windows_shell_split) on Windows', function () {
    this.timeout(10_000);
    const expected = botocoreSplit(cases, 'win32');
    cases.forEach((line, i) => assert.deepEqual(ours(line, 'win32'), expected[i], JSON.stringify(line)));
  });

  it('matches botocore on random command lines (both rule sets)', function () {
    this.timeout(20_000);
    const lines = fc.sample(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\t', '"', "'", '\\', 'é'), maxLength: 14 }), {
      numRuns: 400,
      seed: 42,
    });
    for (const platform of ['posix', 'win32'] as const) {
      const expected = botocoreSplit(lines, platform);
      lines.forEach((line, i) => assert.deepEqual(ours(line, platform === 'posix' ? 'linux' : 'win32'), expected[i], JSON.stringify(line)));
    }
  });

  it('round-trips arguments quoted for a POSIX shell', () => {
    const quote = (arg: string): string => `'${arg.replace(/'/g, `'"'"'`)}'`;
    fc.assert(
      fc.property(fc.array(fc.string()), (args) => {
        assert.deepEqual(splitCommandLine(args.map(quote).join(' '), 'linux'), args);
      }),
    );
  });
});
