import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, nimbus, requireBuild, ROOT } from './helpers/cli.js';

/** Every command id, with spaces. */
const COMMAND_IDS = Object.keys(JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')).commands).map((id) => id.replaceAll(':', ' '));

/** The example command lines of a help text (`$ nimbus …`), without the `$ `. */
function exampleLines(help: string): string[] {
  const section = help.split(/^EXAMPLES$/m)[1]?.split(/^[A-Z][A-Z ]+$/m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.trimStart().startsWith('$ nimbus '))
    .map((line) => line.trim().slice(2));
}

describe('nimbus help examples', function () {
  this.timeout(300_000);
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const helps = new Map<string, { narrow: string; wide: string }>();

  before(async () => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-examples-'));
    mkdirSync(join(dir, 'home'));
    env = { ...cliEnv(join(dir, 'home')), AWS_REGION: 'us-east-1' };
    for (const id of COMMAND_IDS) {
      const [narrow, wide] = await Promise.all(
        [40, 200].map((columns) => nimbus([...id.split(' '), '--help'], { env: { ...env, OCLIF_COLUMNS: String(columns) } })),
      );
      assert.equal(narrow!.code, 0, `${id} --help: ${narrow!.stderr}`);
      helps.set(id, { narrow: narrow!.stdout, wide: wide!.stdout });
    }
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('shows every example whole at any width, and lists allowed values as whole words', () => {
    let count = 0;
    for (const [id, help] of helps) {
      const narrow = exampleLines(help.narrow);
      assert.deepEqual(narrow, exampleLines(help.wide), `${id}: the same example lines at 40 and 200 columns`);
      count += narrow.length;
      // No allowed value is cut: every word of an option list in the help is one the flag takes.
      assert.doesNotMatch(help.narrow, /CONFL\s|\bUENCE\b/, id);
    }
    assert.ok(count >= 40, `examples found: ${count}`);
    assert.match(helps.get('search data-source create')!.narrow, /One of:\s+S3,\s+SHAREPOINT,/);
    assert.match(
      helps.get('search document put')!.narrow,
      /\$ nimbus search document put --index-id \S+ --documents '\[\{"Id":"readme","Title":"Read me","Blob":"SGVsbG8gd29ybGQ=","ContentType":"PLAIN_TEXT"\}\]'\n/,
    );
  });

  it('explains where --local reads S3 objects in the help of --local and of the commands that read S3', () => {
    for (const id of ['search faq create', 'search thesaurus create', 'search data-source create', 'search index list']) {
      assert.match(helps.get(id)!.wide.replace(/\s+/g, ' '), /s3:\/\/BUCKET\/KEY is the file ~\/\.nimbus\/local\/s3\/BUCKET\/KEY/, id);
    }
  });
});
