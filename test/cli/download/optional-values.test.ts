import assert from 'node:assert/strict';
import { fillOptionalValues } from '../../../src/lib/cli/nimbus-command.js';

describe('fillOptionalValues (--download with or without a value)', () => {
  const defaults = { download: '.' };
  const cases: Array<[string[], string[]]> = [
    [['--download'], ['--download=.']],
    [
      ['--download', '--query', 'x'],
      ['--download=.', '--query', 'x'],
    ],
    [
      ['--download', 'app.zip'],
      ['--download', 'app.zip'],
    ],
    [['--download=out/'], ['--download=out/']],
    [
      ['--project-id', 'p', '--download', '-'],
      ['--project-id', 'p', '--download=.', '-'],
    ],
    [
      ['--', '--download'],
      ['--', '--download'],
    ],
    [['--downloads'], ['--downloads']],
  ];
  for (const [argv, expected] of cases) {
    it(`${argv.join(' ')} → ${expected.join(' ')}`, () => assert.deepEqual(fillOptionalValues(argv, defaults), expected));
  }
  it('leaves the arguments alone when no flag has an optional value', () => {
    assert.deepEqual(fillOptionalValues(['--download'], {}), ['--download']);
  });
});
