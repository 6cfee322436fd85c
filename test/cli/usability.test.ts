import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, json, nimbus, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('nimbus as a new user meets it', function () {
  this.timeout(60_000);
  let t: TestService;
  let dir: string;
  let index: string;

  before(async () => {
    requireBuild();
    // Resources stay CREATING (or UPDATING) for a second, as under --local.
    t = await startTestService({ createDelay: 1 });
    dir = mkdtempSync(join(tmpdir(), 'nimbus-usability-'));
    index = json(await t.run(['search', 'index', 'create', '--name', 'docs', '--role-arn', ROLE, '--wait'])).Id;
  });
  after(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh HOME for runs with --local (its data lives there). */
  function freshHome(name: string): NodeJS.ProcessEnv {
    const home = join(dir, name);
    mkdirSync(home);
    return cliEnv(home);
  }

  it('an empty result prints nothing, in every format, as the AWS CLI does', async () => {
    const arn = `arn:aws:kendra:us-east-1:000000000000:index/${index}`;
    const results = await Promise.all(
      ['json', 'yaml', 'text'].map((output) => t.run(['search', 'tag', 'add', '--resource-arn', arn, '--tags', 'Key=team,Value=web', '--output', output])),
    );
    for (const result of results) {
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, '');
      assert.equal(result.stderr, '');
    }
    const table = await t.run(['search', 'tag', 'add', '--resource-arn', arn, '--tags', 'Key=env,Value=dev', '--output', 'table']);
    assert.equal(table.stdout, '');
    assert.equal(table.stderr, 'nimbus: the result is empty: no table to show\n');
  });

  it('prints each input problem on its own line', async () => {
    const result = await t.run(['search', 'index', 'create', '--name', '', '--role-arn', 'x', '--description', 'a'.repeat(1200)]);
    assert.equal(result.code, 252);
    const lines = result.stderr.trimEnd().split('\n');
    assert.equal(lines[0], 'nimbus: InvalidArgumentException: Found 4 errors in the input of CreateIndex:');
    assert.equal(lines.length, 5, result.stderr);
    assert.ok(
      lines.slice(1).every((line) => line.startsWith('  - Invalid ')),
      result.stderr,
    );
    assert.match(lines[4]!, /Description: 1200 characters, the maximum is 1000$/);
  });

  it('--wait polls after half a second and backs off: a create against --local returns in about a second', async () => {
    const env = freshHome('wait-home');
    const started = performance.now();
    const created = await nimbus(['search', 'index', 'create', '--local', '--name', 'quick', '--role-arn', ROLE, '--wait', '--stats'], { env });
    const seconds = (performance.now() - started) / 1000;
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stderr, /Waiting for the index to become ACTIVE: CREATING\nWaiting for the index to become ACTIVE: ACTIVE\n/);
    const requests = Number(/(\d+) requests/.exec(created.stderr)![1]);
    console.log(`      create --local --wait: ${seconds.toFixed(2)} s for the whole run, ${requests} requests`);
    assert.ok(requests >= 2, 'the create and at least one poll');
  });

  it('index update, thesaurus update and data-source update take --wait', async () => {
    t.putS3Object('lexicon', 'synonyms.txt', 'car, automobile\n');
    const thesaurus = json(
      await t.run([
        'search',
        'thesaurus',
        'create',
        '--index-id',
        index,
        '--name',
        'terms',
        '--source-s3-path',
        'Bucket=lexicon,Key=synonyms.txt',
        '--role-arn',
        ROLE,
        '--wait',
      ]),
    ).Id;
    const source = json(await t.run(['search', 'data-source', 'create', '--index-id', index, '--name', 'manuals', '--type', 'CUSTOM', '--wait'])).Id;
    const [updatedThesaurus, updatedSource] = await Promise.all([
      t.run(['search', 'thesaurus', 'update', '--index-id', index, '--id', thesaurus, '--description', 'v2', '--wait']),
      t.run(['search', 'data-source', 'update', '--index-id', index, '--id', source, '--description', 'v2', '--wait']),
    ]);
    const updatedIndex = await t.run(['search', 'index', 'update', '--id', index, '--description', 'v2', '--wait']);
    for (const [result, goal] of [
      [updatedIndex, 'index'],
      [updatedThesaurus, 'thesaurus'],
      [updatedSource, 'data source'],
    ] as const) {
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, new RegExp(`Waiting for the ${goal} to become ACTIVE: ACTIVE\\n$`));
    }
    assert.match(updatedIndex.stderr, /: UPDATING\n/, 'the index was seen UPDATING, then ACTIVE');
    assert.equal(json(await t.run(['search', 'index', 'describe', '--id', index, '--query', 'Description'])), 'v2');
  });

  it('a failed --wait prints the ErrorMessage and, under --local, the file an S3 location is read from', async () => {
    const env = freshHome('failed-wait-home');
    const made = json(await nimbus(['search', 'index', 'create', '--local', '--region', 'us-east-1', '--name', 'f', '--role-arn', ROLE, '--wait'], { env })).Id;
    const failed = await nimbus(
      [
        'search',
        'faq',
        'create',
        '--local',
        '--region',
        'us-east-1',
        '--index-id',
        made,
        '--name',
        'support',
        '--s3-path',
        'Bucket=faqs,Key=support.csv',
        '--role-arn',
        ROLE,
        '--wait',
      ],
      { env },
    );
    assert.equal(failed.code, 255, failed.stderr);
    const last = failed.stderr.trimEnd().split('\n').at(-1)!;
    assert.match(last, /^nimbus: The wait for the FAQ to become ACTIVE failed: Status = "FAILED"\. ErrorMessage: .*s3:\/\/faqs\/support\.csv/);
    assert.ok(last.endsWith(`(under --local, s3://faqs/support.csv is the file ${join(env.HOME!, '.nimbus', 'local', 's3', 'faqs', 'support.csv')})`), last);
  });

  it('accepts JMESPath backtick literals that are not JSON, as the AWS CLI does', async () => {
    const [bare, quoted, json2] = await Promise.all([
      t.run(['search', 'index', 'list', '--query', 'IndexConfigurationSummaryItems[?Status==`ACTIVE`].Id']),
      t.run(['search', 'index', 'list', '--query', 'IndexConfigurationSummaryItems[?Name==`"docs"`].Id']),
      t.run(['search', 'index', 'list', '--query', 'length(IndexConfigurationSummaryItems[?`true`])']),
    ]);
    assert.deepEqual(json(bare), [index]);
    assert.deepEqual(json(quoted), [index]);
    assert.equal(json(json2), 1);
  });

  it('names the nimbus command for AWS CLI names, suggests flags, and answers "help <command>"', async () => {
    const env = freshHome('names-home');
    const [kendra, search, batch, flags, help, helpTopic, helpUnknown, typo] = await Promise.all([
      nimbus(['kendra', 'list-indices'], { env }),
      nimbus(['search', 'list-indices'], { env }),
      nimbus(['search', 'batch-put-document'], { env }),
      nimbus(['search', 'index', 'list', '--regoin', 'eu-west-1', '--outptu', 'json'], { env }),
      nimbus(['help', 'search', 'index', 'list'], { env }),
      nimbus(['help', 'search'], { env }),
      nimbus(['help', 'search', 'index', 'lsit'], { env }),
      nimbus(['search', 'index', 'lsit'], { env }),
    ]);
    for (const result of [kendra, search]) {
      assert.equal(result.code, 252);
      assert.match(result.stderr, /^nimbus: "(kendra|search) list-indices" is the AWS CLI's name: did you mean "nimbus search index list"\?/);
    }
    assert.match(batch.stderr, /did you mean "nimbus search document put"\?/);
    assert.equal(flags.code, 252);
    assert.equal(flags.stderr, 'nimbus: Nonexistent flags: --regoin, --outptu. Did you mean: --regoin → --region, --outptu → --output?\n');
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /^List indices\.\n\nUSAGE\n {2}\$ nimbus search index list/);
    assert.equal(helpTopic.code, 0);
    assert.match(helpTopic.stdout, /search index/);
    assert.equal(helpUnknown.code, 252);
    assert.match(helpUnknown.stderr, /Unknown command "search index lsit"\. Did you mean "nimbus search index list"\?/);
    assert.match(typo.stderr, /Did you mean "nimbus search index list"\?/);
  });

  it('mobile project export --local says the URL dies with the run, and --download saves the file', async () => {
    const env = freshHome('export-home');
    const project = json(await nimbus(['mobile', 'project', 'create', '--local', '--region', 'us-east-1', '--name', 'app'], { env })).details.projectId;
    const printed = await nimbus(
      ['mobile', 'project', 'export', '--local', '--region', 'us-east-1', '--project-id', project, '--query', 'downloadUrl', '--output', 'text'],
      { env },
    );
    assert.equal(printed.code, 0, printed.stderr);
    assert.match(printed.stdout, /^http:\/\/127\.0\.0\.1:\d+\//);
    assert.match(printed.stderr, /--local: the download URL worked only while this command ran; add --download to save the file, or run "nimbus local start"/);
    const file = join(dir, 'exported.zip');
    const saved = await nimbus(['mobile', 'project', 'export', '--local', '--region', 'us-east-1', '--project-id', project, '--download', file], { env });
    assert.equal(saved.code, 0, saved.stderr);
    assert.equal(readFileSync(file).subarray(0, 2).toString(), 'PK', 'a zip file');
  });

  it('--local says which region it uses when none is set', async () => {
    const env = freshHome('region-home');
    const unset = await nimbus(['search', 'index', 'list', '--local'], { env });
    assert.equal(unset.code, 0, unset.stderr);
    assert.equal(unset.stderr, 'nimbus: --local: no region set, using us-east-1 (local data is kept per region)\n');
    const set = await nimbus(['search', 'index', 'list', '--local'], { env: { ...env, AWS_REGION: 'eu-west-1' } });
    assert.equal(set.stderr, '', 'a region that was set is not repeated');
  });

  it('a file name given to --contents without fileb:// gets the right hint', async () => {
    const env = freshHome('contents-home');
    const [missing, present] = await Promise.all([
      nimbus(['mobile', 'project', 'create', '--local', '--region', 'us-east-1', '--name', 'app', '--contents', 'my-app.zip'], { env }),
      nimbus(['mobile', 'project', 'create', '--local', '--region', 'us-east-1', '--name', 'app', '--contents', join(dir, 'exported.zip')], { env }),
    ]);
    assert.equal(missing.code, 252);
    assert.equal(
      missing.stderr,
      'nimbus: --contents "my-app.zip" is not a zip file but a file name (the value itself would be sent): did you mean fileb://my-app.zip? (no such file here either)\n',
    );
    assert.equal(present.code, 252);
    assert.match(present.stderr, /did you mean fileb:\/\/.*exported\.zip\?\n$/);
  });

  it('configure set checks the values it knows and writes nothing for a bad one', async () => {
    const env = freshHome('configure-home');
    const bad = await Promise.all([
      nimbus(['configure', 'set', 'output', 'tabel'], { env }),
      nimbus(['configure', 'set', 'retry_mode', 'fast'], { env }),
      nimbus(['configure', 'set', 'region', 'Europe'], { env }),
      nimbus(['configure', 'set', 'max_attempts', '0'], { env }),
    ]);
    for (const result of bad) assert.equal(result.code, 252, result.stderr);
    assert.equal(bad[0]!.stderr, 'nimbus: Invalid output "tabel": expected one of json, table, text, yaml; nothing was written\n');
    assert.match(bad[1]!.stderr, /expected one of legacy, standard, adaptive/);
    assert.match(bad[2]!.stderr, /expected a region code such as us-east-1/);
    assert.equal(existsSync(join(env.HOME!, '.aws', 'config')), false);
    for (const [key, value] of [
      ['output', 'table'],
      ['retry_mode', 'adaptive'],
      ['region', 'eu-west-2'],
      ['max_attempts', '5'],
    ]) {
      assert.equal((await nimbus(['configure', 'set', key!, value!], { env })).code, 0);
    }
    assert.equal(
      readFileSync(join(env.HOME!, '.aws', 'config'), 'utf8'),
      '[default]\noutput = table\nretry_mode = adaptive\nregion = eu-west-2\nmax_attempts = 5\n',
    );
  });

  it('local start on a busy port hints at --port 0; --credentials says what it expects', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    const env = freshHome('serve-home');
    try {
      const [taken, noColon, noSecret] = await Promise.all([
        nimbus(['local', 'start', '--port', String(port), '--data-dir', join(dir, 'busy-data')], { env }),
        nimbus(['local', 'start', '--credentials', 'test'], { env }),
        nimbus(['local', 'start', '--credentials', 'test:'], { env }),
      ]);
      assert.equal(taken.code, 255);
      assert.equal(
        taken.stderr,
        `nimbus: Port ${port} on 127.0.0.1 is in use (another "nimbus local start"?): pick another with --port, or --port 0 for any free one\n`,
      );
      assert.equal(noColon.code, 252);
      assert.match(
        noColon.stderr,
        /^nimbus: Invalid --credentials value: no ":" in it; expected KEY:SECRET, an access key id and its secret such as test:test\n$/,
      );
      assert.match(noSecret.stderr, /^nimbus: Invalid --credentials "test:": the secret after ":" is empty; expected KEY:SECRET such as test:test\n$/);
    } finally {
      busy.close();
    }
  });

  it('a timestamp that is not one is echoed in the error', async () => {
    const result = await t.run(['search', 'feedback', 'submit', '--index-id', index, '--query-id', 'q', '--click-feedback-items', 'ResultId=r,ClickTime=now']);
    assert.equal(result.code, 252);
    assert.equal(
      result.stderr,
      'nimbus: Invalid value for --click-feedback-items[0].ClickTime: expected a timestamp (ISO 8601 such as 2024-01-02T03:04:05Z, or epoch seconds), got "now"\n',
    );
  });

  it('a Markdown file without a heading takes its title from the file name', async () => {
    const docs = join(dir, 'md-docs');
    mkdirSync(docs);
    writeFileSync(join(docs, 'getting-started.md'), 'Install nimbus with npm and run it.\n');
    writeFileSync(join(docs, 'headed.md'), '# Release notes\n\nNimbus now installs faster.\n');
    const put = await t.run(['search', 'document', 'put', '--index-id', index, '--from', docs]);
    assert.equal(put.code, 0, put.stderr);
    const found = json(
      await t.run(['search', 'query', '--index-id', index, '--query-text', 'nimbus', '--query', 'ResultItems[].[DocumentId, DocumentTitle.Text]']),
    );
    assert.deepEqual(found.sort(), [
      ['getting-started.md', 'getting-started'],
      ['headed.md', 'Release notes'],
    ]);
  });
});
