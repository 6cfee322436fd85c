import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, nimbus, requireBuild } from './helpers/cli.js';

describe('nimbus shell completion', function () {
  this.timeout(30_000);
  let home: string;

  before(() => {
    requireBuild();
    home = mkdtempSync(join(tmpdir(), 'nimbus-cli-completion-'));
  });
  after(() => home && rmSync(home, { recursive: true, force: true }));

  /** What bash's completion function offers for `line` (the cursor at its end), as bash calls it. */
  function completer(functions: string, env: NodeJS.ProcessEnv): (line: string) => string[] {
    return (line) => {
      const out = execFileSync(
        'bash',
        [
          '-c',
          [
            `source ${functions}`,
            `COMP_LINE=${JSON.stringify(line)}; COMP_POINT=\${#COMP_LINE}; read -ra COMP_WORDS <<< "$COMP_LINE"`,
            `[[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")`,
            'COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))',
            '_nimbus_autocomplete',
            'printf "%s\\n" "${COMPREPLY[@]}"',
          ].join('\n'),
        ],
        { env, encoding: 'utf8', cwd: home },
      );
      return out.split('\n').filter(Boolean);
    };
  }

  it('builds bash completion for every command and flag, and bash completes with it', async () => {
    const env = cliEnv(home);
    const setup = await nimbus(['autocomplete', 'bash'], { env });
    assert.equal(setup.code, 0, setup.stderr);
    assert.match(setup.stdout, /nimbus autocomplete script bash/);
    const functions = join(home, '.cache', 'nimbus', 'autocomplete', 'functions', 'bash', 'nimbus.bash');
    assert.match(readFileSync(functions, 'utf8'), /search:index:list\|.*--max-items/);
    const complete = completer(functions, env);
    assert.deepEqual(complete('nimbus search index l'), ['list']);
    assert.deepEqual(complete('nimbus search index list --no-').sort(), ['--no-input', '--no-paginate', '--no-verify-ssl']);
    // Each command word once: one candidate completes at once, with the one space bash adds.
    assert.deepEqual(complete('nimbus sea'), ['search']);
    assert.deepEqual(complete('nimbus '), ['autocomplete', 'configure', 'local', 'mobile', 'search', 'sso']);
    assert.deepEqual(complete('nimbus search index list '), [], 'a whole command offers no more words');
  });

  it('completes flag values in bash: allowed values, regions, profiles, files; nothing for an id', async () => {
    const env = cliEnv(home);
    mkdirSync(join(home, '.aws'), { recursive: true });
    writeFileSync(join(home, '.aws', 'config'), '[default]\nregion = us-east-1\n[profile staging]\nregion = eu-west-1\n');
    writeFileSync(join(home, '.aws', 'credentials'), '[ci]\naws_access_key_id = AKIDEXAMPLE\n');
    writeFileSync(join(home, 'corpus.jsonl'), '');
    const setup = await nimbus(['autocomplete', 'create'], { env });
    assert.equal(setup.code, 0, setup.stderr);
    const complete = completer(join(home, '.cache', 'nimbus', 'autocomplete', 'functions', 'bash', 'nimbus.bash'), env);
    assert.deepEqual(complete('nimbus search index list --output '), ['json', 'table', 'text', 'yaml']);
    assert.deepEqual(complete('nimbus search index list --output t'), ['table', 'text']);
    assert.deepEqual(complete('nimbus search index list --output=y'), ['--output=yaml']);
    assert.deepEqual(complete('nimbus search index list --color o'), ['on', 'off']);
    assert.deepEqual(complete('nimbus search index list --region eu-west-'), ['eu-west-1', 'eu-west-2', 'eu-west-3']);
    assert.ok(complete('nimbus search index list --region ').includes('us-east-1'));
    assert.deepEqual(complete('nimbus search index list --profile ').sort(), ['ci', 'default', 'staging']);
    assert.deepEqual(complete('nimbus search data-source create --type SL'), ['SLACK']);
    assert.deepEqual(complete('nimbus search index create --edition D'), ['DEVELOPER_EDITION']);
    assert.deepEqual(complete('nimbus search document put --jsonl corp'), ['corpus.jsonl']);
    assert.deepEqual(complete('nimbus search index describe --id '), [], 'an id only the user knows');
    assert.deepEqual(complete('nimbus search index list --output json --col'), ['--color']);
    assert.deepEqual(complete('nimbus search index list --output json '), [], 'after a value: no command words');
  });

  it('completes flag values in zsh: regions, profiles, allowed values; no file names for ids', async () => {
    const env = cliEnv(home);
    const setup = await nimbus(['autocomplete', 'zsh'], { env });
    assert.equal(setup.code, 0, setup.stderr);
    const script = readFileSync(join(home, '.cache', 'nimbus', 'autocomplete', 'functions', 'zsh', '_nimbus'), 'utf8');
    assert.match(script, /--region"\[[^\]]*\]:region:\(us-east-1 [^)]*eu-west-1[^)]*\)"/);
    assert.match(script, /--profile"\[[^\]]*\]:profile:_nimbus_profiles"/);
    assert.match(script, /^_nimbus_profiles\(\) \{$/m);
    assert.match(script, /--output"\[[^\]]*\]:output options:\(json table text yaml\)"/);
    assert.match(script, /--index-id"\[[^\]]*\]:index-id: "/);
    assert.match(script, /--jsonl"\[[^\]]*\]:file:_files"/);
    assert.doesNotMatch(script, /--(region|profile|index-id|id)"\[[^\]]*\]:file:_files"/);
  });
});
