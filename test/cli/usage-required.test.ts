import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, json, nimbus, requireBuild, ROOT } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

interface ManifestCommand {
  operation?: { required: string[] };
}

/** The commands of the manifest that call an operation with required members. */
const COMMANDS = Object.entries(JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')).commands as Record<string, ManifestCommand>)
  .filter(([, command]) => command.operation?.required.length)
  .map(([id, command]) => ({ id: id.split(':'), required: command.operation!.required }));

/** The USAGE line of a help text (one line: the help is rendered 1,000 columns wide). */
function usageLine(help: string): string {
  return /^USAGE\n {2}\$ (.*)$/m.exec(help)?.[1] ?? '';
}

describe('nimbus USAGE lines show required flags as required', function () {
  this.timeout(120_000);
  let home: string;
  let t: TestService;

  before(async () => {
    requireBuild();
    home = mkdtempSync(join(tmpdir(), 'nimbus-usage-'));
    t = await startTestService();
  });
  after(async () => {
    await t?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('writes each required member flag of every operation command without brackets, the others within', async () => {
    assert.ok(COMMANDS.length >= 40, `commands with required members: ${COMMANDS.length}`);
    const env = cliEnv(home, { OCLIF_COLUMNS: '1000' });
    const queue = [...COMMANDS];
    const check = async () => {
      for (let command = queue.shift(); command; command = queue.shift()) {
        const help = await nimbus([...command.id, '--help'], { env });
        assert.equal(help.code, 0, help.stderr);
        const usage = usageLine(help.stdout);
        for (const flag of command.required) {
          assert.match(usage, new RegExp(`(^| |\\()--${flag}( |$)`), `${command.id.join(' ')}: --${flag} in ${usage}`);
          assert.doesNotMatch(usage, new RegExp(`\\[--${flag}[ \\]]`), `${command.id.join(' ')}: --${flag} is not optional`);
        }
        assert.match(usage, /\[--region <value>\]/, 'optional flags keep their brackets');
      }
    };
    await Promise.all([check(), check(), check(), check()]);
  });

  it('groups a required member with the flags that stand in for it, and lists required flags first', async () => {
    const env = cliEnv(home, { OCLIF_COLUMNS: '1000' });
    const [put, describe] = await Promise.all([
      nimbus(['search', 'document', 'put', '--help'], { env }),
      nimbus(['search', 'index', 'describe', '--help'], { env }),
    ]);
    assert.match(
      usageLine(put.stdout),
      /^nimbus search document put --index-id <value> \(--documents <shorthand\|json>\.\.\. \| --from <path>\.\.\. \| --jsonl <file\|->\) \[/,
    );
    assert.match(usageLine(describe.stdout), /^nimbus search index describe --id <value> \[--region <value>\]/);
  });

  it('still takes the required members from --cli-input-json alone', async () => {
    const id = json(await t.run(['search', 'index', 'create', '--name', 'usage', '--role-arn', 'arn:aws:iam::000000000000:role/r'])).Id;
    const described = json(await t.run(['search', 'index', 'describe', '--cli-input-json', JSON.stringify({ Id: id })]));
    assert.equal(described.Name, 'usage');
    const missing = await t.run(['search', 'index', 'describe']);
    assert.equal(missing.code, 252);
    assert.match(missing.stderr, /Missing required flag --id \(or give it in --cli-input-json\)/);
  });
});
