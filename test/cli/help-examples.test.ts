import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, cliEnv, json, nimbus, requireBuild, ROOT, type CliResult } from './helpers/cli.js';

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

/** Runs a command line with `sh` in `cwd`, `nimbus` on PATH (the built binary). */
function shell(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', line], { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 255) : 0, signal: null, stdout, stderr });
    });
  });
}

describe('nimbus help examples', function () {
  this.timeout(300_000);
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const helps = new Map<string, { narrow: string; wide: string }>();

  before(async () => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-examples-'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'nimbus'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'nimbus'), 0o755);
    mkdirSync(join(dir, 'home'));
    env = { ...cliEnv(join(dir, 'home')), PATH: `${bin}:${process.env.PATH}`, AWS_REGION: 'us-east-1' };
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

  it('runs every example of every command against --local: none is a usage or configuration error, and real ids succeed', async () => {
    const work = join(dir, 'work');
    mkdirSync(join(work, 'handbook'), { recursive: true });
    const doc = (id: string) => ({ Id: id, Title: id, Blob: Buffer.from(`text of ${id}`).toString('base64'), ContentType: 'PLAIN_TEXT' });
    writeFileSync(join(work, 'documents.json'), JSON.stringify([doc('a'), doc('b')]));
    writeFileSync(join(work, 's3-config.json'), JSON.stringify({ S3Configuration: { BucketName: 'manuals' } }));
    writeFileSync(join(work, 'handbook', 'intro.md'), 'Welcome to the handbook.\n');
    writeFileSync(join(work, 'corpus.jsonl'), `${JSON.stringify({ Id: 'c1', Text: 'one' })}\n`);
    writeFileSync(join(work, 'stale-ids.txt'), 'a\nb\n');
    // A real project export to import: the export example's own flow, under --local.
    const seed = json(await shell('nimbus mobile project create --name seed --local', work, env));
    const saved = await shell(`nimbus mobile project export --project-id ${seed.details.projectId} --local --download my-app.zip`, work, env);
    assert.equal(saved.code, 0, saved.stderr);

    // The configure examples read a profile that has a region.
    mkdirSync(join(env.HOME!, '.aws'), { recursive: true });
    writeFileSync(join(env.HOME!, '.aws', 'config'), '[default]\nregion = us-east-1\n[profile staging]\napi_versions =\n    kendra = 2019-02-03\n');
    const ran: string[] = [];
    for (const [id, help] of helps) {
      // Not run: a server that runs until stopped and the commands that manage one or its data dir
      // (tested in test/cli/local-service), shell set-up, questions that need a terminal, and
      // signing in to an identity provider (the sso commands are tested against a fake one elsewhere).
      if (id.startsWith('local ') || id.startsWith('autocomplete') || id === 'configure' || id.startsWith('sso ')) continue;
      for (const line of exampleLines(help.wide)) {
        const local = id.startsWith('search ') || id.startsWith('mobile ');
        const command = local && !line.includes(' --local') ? `${line} --local` : line;
        const result = await shell(command, work, env);
        ran.push(`${result.code} ${command}`);
        const context = `${command}\nexit ${result.code}\n${result.stderr}`;
        if (
          id.startsWith('mobile bundle') ||
          id === 'search index create' ||
          id === 'search index list' ||
          id.startsWith('configure') ||
          /project (create|list)/.test(id)
        ) {
          assert.equal(result.code, 0, context);
        } else {
          // The example's ids are placeholders the fresh local service does not have.
          assert.ok(result.code === 0 || (result.code === 254 && /NotFound|ResourceUnavailable|does not exist/.test(result.stderr)), context);
        }
      }
    }
    assert.ok(ran.length >= 40, ran.join('\n'));
  });
});
