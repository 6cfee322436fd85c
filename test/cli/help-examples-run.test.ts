import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { startLocalService, type LocalService } from '../../src/lib/local/server.js';
import { BIN, cliEnv, json, nimbus, requireBuild, ROOT, type CliResult } from './helpers/cli.js';

/** Every command id, with spaces. */
const COMMAND_IDS = Object.keys(JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')).commands).map((id) => id.replaceAll(':', ' '));

/** The example ids of the help (scripts/commands/commands.yaml `snippets`), which the test replaces with real ones. */
const SNIPPETS = parseYaml(readFileSync(join(ROOT, 'scripts', 'commands', 'commands.yaml'), 'utf8')).snippets as Record<string, string>;

/** The snippets that name a resource (the others, such as user ids and the role ARN, work as written). */
const RESOURCE_SNIPPETS = [
  'index-id',
  'data-source-id',
  'faq-id',
  'thesaurus-id',
  'block-list-id',
  'featured-results-set-id',
  'access-control-id',
  'experience-id',
  'project-id',
  'query-id',
  'result-id',
] as const;

/** Examples that cannot succeed here by their nature, with the reason; every other one must. */
const NOT_RUN: Record<string, string> = {
  configure: 'asks its questions only on a terminal (tested under tmux in prompts.test.ts)',
  'sso login': 'signs in through a browser at an identity provider (tested against a fake one in test/cli/credentials)',
  'local start': 'runs a server until stopped (tested in local.test.ts)',
  'local stop': 'stops a service started with --detach (tested in local-detach.test.ts)',
  'local open': 'needs a running service that holds the experience (tested in local-detach.test.ts)',
  'local status': 'asks the service at the default address, which another test may hold (tested in test/cli/local-service)',
  'local reset': 'resets the service at the default address, which another test may hold (tested in test/cli/local-service)',
  'local faults': 'sets faults on the service at the default address, which another test may hold (tested in test/cli/local-service)',
  'local backup': 'writes under /backups and the default data dir (tested in test/cli/local-service)',
  'local restore': 'restores over a data dir that no service may hold (tested in test/cli/local-service)',
  'local repair': 'repairs a damaged data dir, then serves it (tested on damaged ones in local-damaged.test.ts)',
};

/** A UUID: an example that holds one must name it with a snippet, or the test cannot fill it in. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

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
    execFile('sh', ['-c', line], { cwd, env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 255) : 0, signal: null, stdout, stderr });
    });
  });
}

/** Runs `tasks` with at most `limit` of them at once. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

/** The group an example runs in, in order with the rest of its group: the resource it works on. */
function groupOf(id: string): string {
  const words = id.split(' ');
  return words[0] === 'search' || words[0] === 'mobile' ? words.slice(0, 2).join(' ') : words[0]!;
}

describe('nimbus help examples, as written, against one local service', function () {
  this.timeout(600_000);
  let dir: string;
  let work: string;
  let env: NodeJS.ProcessEnv;
  let service: LocalService;
  const examples: Array<{ id: string; line: string }> = [];

  const run = async (args: string[]) => json(await nimbus(args, { env, cwd: work, timeoutMs: 60_000 }));
  const putS3 = (bucket: string, key: string, text: string) => {
    const file = join(env.HOME!, '.nimbus', 'local', 's3', bucket, key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  };

  before(async () => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-examples-run-'));
    const home = join(dir, 'home');
    work = join(dir, 'work');
    mkdirSync(join(dir, 'bin'));
    mkdirSync(join(work, 'handbook'), { recursive: true });
    writeFileSync(join(dir, 'bin', 'nimbus'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(dir, 'bin', 'nimbus'), 0o755);
    // One service for every example, over the data dir that --local opens too (~/.nimbus/local).
    service = await startLocalService({ port: 0, dataDir: join(home, '.nimbus', 'local'), createDelay: 0 });
    env = {
      ...cliEnv(home),
      PATH: `${join(dir, 'bin')}:${process.env.PATH}`,
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL: service.endpoint,
    };
    const helps = await Promise.all(
      COMMAND_IDS.map(async (id) => {
        const help = await nimbus([...id.split(' '), '--help'], { env: { ...env, OCLIF_COLUMNS: '300' } });
        assert.equal(help.code, 0, `${id} --help: ${help.stderr}`);
        return { id, help: help.stdout };
      }),
    );
    for (const { id, help } of helps) for (const line of exampleLines(help)) examples.push({ id, line });
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs every example of every command with its ids filled in, and each succeeds', async () => {
    const role = SNIPPETS['role-arn']!;
    // The files the examples read, in the working directory and in local S3.
    const doc = (id: string, text: string) => ({ Id: id, Title: id, Blob: Buffer.from(text).toString('base64'), ContentType: 'PLAIN_TEXT' });
    writeFileSync(join(work, 'documents.json'), JSON.stringify([doc('changelog', 'What changed'), doc('guide', 'How to reset a password')]));
    writeFileSync(join(work, 's3-config.json'), JSON.stringify({ S3Configuration: { BucketName: 'manuals' } }));
    writeFileSync(join(work, 'handbook', 'intro.md'), 'Welcome to the handbook.\n');
    writeFileSync(join(work, 'corpus.jsonl'), `${JSON.stringify({ Id: 'c1', Text: 'one' })}\n`);
    writeFileSync(join(work, 'stale-ids.txt'), 'c1\nmissing\n');
    writeFileSync(join(work, 'local-keys'), 'test:test\n');
    putS3('manuals', 'guide.txt', 'The vacation policy: twenty days a year.');
    putS3('faqs', 'support.csv', '"How do I reset a password?","Use the portal."\n');
    putS3('lexicon', 'synonyms.txt', 'vacation, holiday\n');
    putS3('lexicon', 'synonyms-v2.txt', 'vacation, holiday, leave\n');
    putS3('lists', 'blocked.txt', 'spoiler\n');
    putS3('lists', 'blocked-v2.txt', 'spoiler\nleak\n');
    putS3('groups', 'everyone.json', JSON.stringify({ MemberUsers: [{ UserId: 'ana' }] }));
    mkdirSync(join(env.HOME!, '.aws'), { recursive: true });
    writeFileSync(join(env.HOME!, '.aws', 'config'), '[default]\nregion = us-east-1\n[profile staging]\napi_versions =\n    kendra = 2019-02-03\n');

    // The resources the examples name, made the way a user would.
    const index = (await run(['search', 'index', 'create', '--name', 'examples', '--role-arn', role, '--wait'])).Id;
    const inIndex = ['--index-id', index];
    const s3 = ['--configuration', '{"S3Configuration":{"BucketName":"manuals"}}'];
    const [source, custom, faq, featured, access, project] = await Promise.all([
      run(['search', 'data-source', 'create', ...inIndex, '--name', 'seeded', '--type', 'S3', '--role-arn', role, ...s3, '--wait']).then((r) => r.Id),
      run(['search', 'data-source', 'create', ...inIndex, '--name', 'pushed', '--type', 'CUSTOM', '--wait']).then((r) => r.Id),
      run(['search', 'faq', 'create', ...inIndex, '--name', 'faq', '--s3-path', 'Bucket=faqs,Key=support.csv', '--role-arn', role, '--wait']).then((r) => r.Id),
      run(['search', 'featured-results', 'create', ...inIndex, '--featured-results-set-name', 'pinned', '--query-texts', 'pinned pages']).then(
        (r) => r.FeaturedResultsSet.FeaturedResultsSetId,
      ),
      run(['search', 'access-control', 'create', ...inIndex, '--name', 'staff', '--access-control-list', 'Name=staff,Type=GROUP,Access=ALLOW']).then(
        (r) => r.Id,
      ),
      run(['mobile', 'project', 'create', '--name', 'seed']).then((r) => r.details.projectId),
      run(['search', 'principal-mapping', 'put', ...inIndex, '--group-id', 'engineering', '--group-members', '{"MemberUsers":[{"UserId":"ana"}]}']),
      run(['search', 'document', 'put', ...inIndex, '--documents', JSON.stringify([doc('readme', 'The vacation policy and how to reset a password')])]),
    ]);
    const experience = (await run(['search', 'experience', 'create', ...inIndex, '--name', 'portal', '--role-arn', role, '--wait'])).Id;
    // `sync stop` stops a running job: the CUSTOM data source's runs until stopped.
    await run(['search', 'data-source', 'sync', 'start', ...inIndex, '--id', custom]);
    const answer = await run(['search', 'query', ...inIndex, '--query-text', 'vacation']);
    assert.ok(answer.ResultItems.length > 0, 'a result to give feedback on');
    await nimbus(['mobile', 'project', 'export', '--project-id', project, '--download', 'my-app.zip'], { env, cwd: work }).then(json);

    // An index holds one thesaurus and one block list: the create examples make them, the others use them.
    const produces: Record<string, (typeof RESOURCE_SNIPPETS)[number]> = {
      'search thesaurus create': 'thesaurus-id',
      'search suggestion block-list create': 'block-list-id',
    };
    const ids: Record<(typeof RESOURCE_SNIPPETS)[number], string> = {
      'index-id': index,
      'data-source-id': source,
      'faq-id': faq,
      'thesaurus-id': '',
      'block-list-id': '',
      'featured-results-set-id': featured,
      'access-control-id': access,
      'experience-id': experience,
      'project-id': project,
      'query-id': answer.QueryId,
      'result-id': answer.ResultItems[0].Id,
    };
    const perCommand: Record<string, Partial<typeof ids>> = { 'search data-source sync stop': { 'data-source-id': custom } };
    // The longest first: a result id begins with the example query id.
    const names = [...RESOURCE_SNIPPETS].sort((a, b) => SNIPPETS[b]!.length - SNIPPETS[a]!.length);
    const fill = (id: string, line: string): string => {
      let filled = line;
      for (const name of names) filled = filled.replaceAll(SNIPPETS[name]!, perCommand[id]?.[name] ?? ids[name]);
      return filled;
    };

    const known = new Set(Object.values(SNIPPETS));
    const toRun = examples.filter(({ id }) => !(id in NOT_RUN));
    for (const { id, line } of toRun) {
      for (const uuid of line.match(UUID) ?? [])
        assert.ok(
          [...known].some((value) => value.includes(uuid)),
          `${id}: the example's id ${uuid} is no snippet of commands.yaml, so no test can fill it in: ${line}`,
        );
    }
    // Deletions run last (the index's very last); the rest run in help order within their resource, resources side by side.
    const last = toRun.filter(({ id }) => id === 'search index delete');
    const deletions = toRun.filter(({ id }) => id !== 'search index delete' && / delete$/.test(id));
    const rest = toRun.filter((example) => !last.includes(example) && !deletions.includes(example));
    const groups = new Map<string, typeof rest>();
    for (const example of rest) groups.set(groupOf(example.id), [...(groups.get(groupOf(example.id)) ?? []), example]);
    const failures: string[] = [];
    let ran = 0;
    const runOne = async ({ id, line }: { id: string; line: string }) => {
      const command = fill(id, line);
      const result = await shell(command, work, env);
      ran++;
      if (result.code === 0 && produces[id]) ids[produces[id]] = JSON.parse(result.stdout).Id;
      if (result.code !== 0) failures.push(`${command}\n  exit ${result.code}: ${result.stderr.trim().split('\n').slice(-3).join('\n  ')}`);
    };
    await pool([...groups.values()], 4, async (group) => {
      for (const example of group) await runOne(example);
    });
    await pool(deletions, 4, runOne);
    for (const example of last) await runOne(example);

    assert.deepEqual(failures, [], `${failures.length} of ${ran} examples failed:\n${failures.join('\n')}`);
    assert.ok(ran >= 95, `examples run: ${ran}`);
    const skipped = examples.filter(({ id }) => id in NOT_RUN);
    assert.ok(skipped.length <= 30, `examples not run: ${skipped.map(({ line }) => line).join('; ')}`);
  });
});
