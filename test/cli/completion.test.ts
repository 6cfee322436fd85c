import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, cliEnv, nimbus, requireBuild } from './helpers/cli.js';

describe('nimbus shell completion', function () {
  this.timeout(30_000);
  let home: string;

  before(() => {
    requireBuild();
    home = mkdtempSync(join(tmpdir(), 'nimbus-cli-completion-'));
  });
  after(() => home && rmSync(home, { recursive: true, force: true }));

  it('builds bash completion for every command and flag, and bash completes with it', async () => {
    const env = cliEnv(home);
    const setup = await nimbus(['autocomplete', 'bash'], { env });
    assert.equal(setup.code, 0, setup.stderr);
    assert.match(setup.stdout, /nimbus autocomplete script bash/);
    const functions = join(home, '.cache', 'nimbus', 'autocomplete', 'functions', 'bash', 'nimbus.bash');
    assert.match(readFileSync(functions, 'utf8'), /search:index:list .*--max-items/);
    const complete = (line: string): string =>
      execFileSync(
        'bash',
        [
          '-c',
          [
            `source ${functions}`,
            `nimbus() { ${process.execPath} ${BIN} "$@"; }`,
            `COMP_LINE=${JSON.stringify(line)}; COMP_POINT=\${#COMP_LINE}; read -ra COMP_WORDS <<< "$COMP_LINE"`,
            `[[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")`,
            'COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))',
            '_nimbus_autocomplete',
            'echo "${COMPREPLY[@]}"',
          ].join('\n'),
        ],
        { env, encoding: 'utf8' },
      ).trim();
    assert.equal(complete('nimbus search index l'), 'list');
    assert.deepEqual(complete('nimbus search index list --no-').split(' ').sort(), ['--no-input', '--no-paginate', '--no-verify-ssl']);
  });
});
