import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, nimbus, requireBuild, ROOT } from './helpers/cli.js';
import { inTmux, requireTmux } from './helpers/tmux.js';

const CONTROL = /\x1b\[[0-9;?]*[A-Za-z]/g;
const INDEX = '6f0a1d2e-3b4c-4d5e-8f90-a1b2c3d4e5f6';

describe('issue 15, item 7: help examples in an 80-column terminal (tmux)', function () {
  this.timeout(60_000);
  let home: string;

  before(() => {
    requireBuild();
    requireTmux();
    home = mkdtempSync(join(tmpdir(), 'nimbus-help-screen-'));
  });
  after(() => home && rmSync(home, { recursive: true, force: true }));

  /** The help of `command` as a terminal of 80 columns shows it, lines the terminal wrapped joined again (what a copy gives). */
  async function help(command: string[]): Promise<string[]> {
    const screen = await inTmux([...command, '--help'], cliEnv(home), 80);
    assert.equal(screen.code, 0, screen.joined);
    return screen.joined.split('\n').map((line) => line.replace(CONTROL, '').trimEnd());
  }

  /** Asserts that the text is wrapped by nimbus to 80 columns, and only example lines run past the edge (whole). */
  function assertFits(lines: string[], examples: string[]): void {
    for (const example of examples) assert.ok(lines.includes(`    $ ${example}`), `whole on one line: ${example}\n${lines.join('\n')}`);
    const wide = lines.filter((line) => line.length > 80 && !line.startsWith('    $ nimbus '));
    assert.deepEqual(wide, [], 'only example lines are wider than the terminal');
  }

  it('document put: the inline JSON example pastes as valid JSON', async () => {
    const lines = await help(['search', 'document', 'put']);
    const inline = `nimbus search document put --index-id ${INDEX} --documents '[{"Id":"readme","Title":"Read me","Blob":"SGVsbG8gd29ybGQ=","ContentType":"PLAIN_TEXT"}]'`;
    assertFits(lines, [inline, `nimbus search document put --index-id ${INDEX} --from ./handbook --failures failed.jsonl`]);
    const json = /--documents '(.*)'$/.exec(inline)![1]!;
    assert.equal(JSON.parse(json)[0].Id, 'readme');
  });

  it('tag add: the ARN is whole', async () => {
    const lines = await help(['search', 'tag', 'add']);
    assertFits(lines, [`nimbus search tag add --resource-arn arn:aws:kendra:us-east-1:000000000000:index/${INDEX} --tags Key=team,Value=web`]);
  });

  it('data-source create: the allowed types are whole words', async () => {
    const lines = await help(['search', 'data-source', 'create']);
    assertFits(lines, []);
    const text = lines.join('\n');
    const list = /One of: ([A-Z0-9_, \n]+)\./.exec(text)![1]!.split(/,\s+/);
    assert.ok(list.includes('CONFLUENCE') && list.includes('SHAREPOINT') && list.includes('WEBCRAWLER'), list.join(' '));
    assert.ok(
      list.every((word) => /^[A-Z0-9_]+$/.test(word)),
      `whole words: ${list.join(' | ')}`,
    );
  });

  it("every command's help keeps to 80 columns, but for example lines (kept whole)", async () => {
    const ids = Object.keys(JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')).commands).map((id) => id.split(':'));
    const wide: string[] = [];
    for (let i = 0; i < ids.length; i += 8) {
      const helps = await Promise.all(ids.slice(i, i + 8).map((id) => nimbus([...id, '--help'], { env: cliEnv(home, { OCLIF_COLUMNS: '80' }) })));
      helps.forEach((result, j) => {
        assert.equal(result.code, 0, result.stderr);
        for (const line of result.stdout.split('\n')) {
          if (line.length > 80 && !line.trimStart().startsWith('$ ')) wide.push(`${ids[i + j]!.join(' ')}: ${line}`);
        }
      });
    }
    assert.ok(ids.length > 40, `commands: ${ids.length}`);
    assert.deepEqual(wide, []);
  });
});
