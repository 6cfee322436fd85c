import assert from 'node:assert/strict';
import { join } from 'node:path';
import { nimbus, requireBuild, type CliResult } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const REPORT = join(import.meta.dirname, 'fixtures', 'report-bundles.cjs');

/** A run's result without the preloaded fixture's report, and the bundles the report names. */
function split(result: CliResult): { code: number | null; stdout: string; stderr: string; bundles: string[] } {
  const line = /^bundles: (.*)\n/m.exec(result.stderr);
  assert.ok(line, `no report of the loaded bundles in ${JSON.stringify(result.stderr)}`);
  // Request ids differ from run to run.
  const stderr = result.stderr.replace(line[0], '').replace(/request id [0-9a-f-]{36}/g, 'request id ID');
  return { code: result.code, stdout: result.stdout, stderr, bundles: JSON.parse(line[1]!) as string[] };
}

/**
 * bin/run.js runs a generated operation command without oclif (dist/cli/fast.cjs) when it can
 * parse the flags exactly as oclif would, and leaves every other command line to oclif
 * (dist/cli/nimbus.cjs). Each case runs twice, by default and with NIMBUS_NO_FAST_PATH (oclif
 * only): exit code, stdout and stderr must be the same, and the default run must have taken the
 * path the case names.
 */
describe('the fast path of the operation commands and the oclif path give the same results', function () {
  this.timeout(120_000);
  let test: TestService;

  /** Runs `args` both ways and returns the default run, after comparing the two. */
  async function same(args: readonly string[], path: 'fast' | 'oclif', extraEnv: NodeJS.ProcessEnv = {}): Promise<CliResult> {
    const run = async (env: NodeJS.ProcessEnv) => {
      const all: NodeJS.ProcessEnv = { ...test.env, ...extraEnv, ...env };
      for (const name of Object.keys(all)) if (all[name] === undefined) delete all[name];
      return split(await nimbus(args, { env: all, nodeOptions: ['--require', REPORT] }));
    };
    const fast = await run({});
    const oclif = await run({ NIMBUS_NO_FAST_PATH: '1' });
    assert.deepEqual(oclif.bundles, ['nimbus.cjs']);
    // A command line the fast path leaves to oclif has loaded the fast path's bundle first.
    assert.deepEqual(fast.bundles, path === 'fast' ? ['fast.cjs'] : ['fast.cjs', 'nimbus.cjs'], `${args.join(' ')}: ${fast.stderr}`);
    assert.deepEqual(
      { code: fast.code, stdout: fast.stdout, stderr: fast.stderr },
      { code: oclif.code, stdout: oclif.stdout, stderr: oclif.stderr },
      args.join(' '),
    );
    return { code: fast.code, signal: null, stdout: fast.stdout, stderr: fast.stderr };
  }

  const endpoint = () => ['--endpoint-url', test.service.endpoint];

  before(async () => {
    requireBuild();
    test = await startTestService();
    for (const name of ['fast-a', 'fast-b']) {
      const created = await nimbus(['search', 'index', 'create', '--name', name, '--role-arn', 'arn:aws:iam::123456789012:role/r', ...endpoint()], {
        env: test.env,
      });
      assert.equal(created.code, 0, created.stderr);
    }
  });
  after(async () => {
    await test?.close();
  });

  it('a list, in every output format, with --query and the pagination flags', async () => {
    const list = ['search', 'index', 'list', ...endpoint()];
    const plain = await same(list, 'fast');
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(JSON.parse(plain.stdout).IndexConfigurationSummaryItems.length, 2);
    for (const extra of [
      ['--output', 'table', '--color', 'off'],
      ['--output=text'],
      ['--output', 'yaml'],
      ['--query', 'IndexConfigurationSummaryItems[].Name', '--output', 'text'],
      ['--max-items', '1'],
      ['--page-size', '1'],
      ['--no-paginate', '--page-size', '1'],
      ['--max-items', '1', '--starting-token', 'bm90IGEgdG9rZW4='],
      ['--max-attempts', '2', '--retry-mode', 'standard', '--no-input'],
      ['--cli-input-json', '{"MaxResults": 1}', '--no-paginate'],
      ['--generate-cli-skeleton'],
    ]) {
      await same([...list, ...extra], 'fast');
    }
  });

  it('errors found while running: a missing --id, a service error, no region, a bad --query, a bad --cli-input-json', async () => {
    const missing = await same(['search', 'index', 'describe', ...endpoint()], 'fast');
    assert.match(missing.stderr, /--id/);
    assert.equal((await same(['search', 'index', 'describe', '--id', '00000000-0000-4000-8000-000000000000', ...endpoint()], 'fast')).code, 254);
    assert.equal((await same(['search', 'index', 'list', ...endpoint()], 'fast', { AWS_REGION: undefined })).code, 253);
    assert.equal((await same(['search', 'index', 'list', '--query', '[[[', ...endpoint()], 'fast')).code, 252);
    assert.equal((await same(['search', 'index', 'list', '--cli-input-json', '{', ...endpoint()], 'fast')).code, 252);
  });

  it('--wait, whose waiter calls another operation than the command (the fast path then reads the whole model)', async () => {
    const list = await nimbus(['search', 'index', 'list', '--query', 'IndexConfigurationSummaryItems[0].Id', '--output', 'text', ...endpoint()], {
      env: test.env,
    });
    const id = list.stdout.trim();
    assert.equal(id.length, 36, list.stderr);
    const updated = await same(['search', 'index', 'update', '--id', id, '--description', 'waited for', '--wait', ...endpoint()], 'fast');
    assert.equal(updated.code, 0, updated.stderr);
    const described = await nimbus(['search', 'index', 'describe', '--id', id, '--query', 'Description', '--output', 'text', ...endpoint()], { env: test.env });
    assert.equal(described.stdout, 'waited for\n');
  });

  it('a repeated flag and shorthand values: the same request body (--debug shows it)', async () => {
    const args = ['search', 'query', '--index-id', '00000000-0000-4000-8000-000000000000', '--query-text', 'hi', '--debug', ...endpoint()];
    const facets = ['--facets', 'DocumentAttributeKey=a', '--facets=DocumentAttributeKey=b'];
    const body = async (env: NodeJS.ProcessEnv) => {
      const result = split(await nimbus([...args, ...facets], { env: { ...test.env, ...env }, nodeOptions: ['--require', REPORT] }));
      assert.equal(result.code, 254, result.stderr);
      return { bundles: result.bundles, body: /request\.body was set to (.*)$/m.exec(result.stderr)?.[1] };
    };
    const fast = await body({});
    assert.deepEqual(fast, {
      bundles: ['fast.cjs'],
      body: '{"IndexId":"00000000-0000-4000-8000-000000000000","QueryText":"hi","Facets":[{"DocumentAttributeKey":"a"},{"DocumentAttributeKey":"b"}]}',
    });
    assert.equal((await body({ NIMBUS_NO_FAST_PATH: '1' })).body, fast.body);
  });

  it('--stats writes its line on stderr either way', async () => {
    const args = ['search', 'index', 'list', '--stats', ...endpoint()];
    const run = async (env: NodeJS.ProcessEnv) => split(await nimbus(args, { env: { ...test.env, ...env }, nodeOptions: ['--require', REPORT] }));
    const [fast, oclif] = [await run({}), await run({ NIMBUS_NO_FAST_PATH: '1' })];
    assert.deepEqual(fast.bundles, ['fast.cjs']);
    assert.equal(fast.code, 0, fast.stderr);
    assert.equal(fast.stdout, oclif.stdout);
    // The figures (time) differ from run to run; the shape of the line does not.
    const shape = (stderr: string) => stderr.replace(/\d+(\.\d+)?/g, 'N');
    assert.equal(shape(fast.stderr), shape(oclif.stderr));
    assert.notEqual(fast.stderr, '');
  });

  it('flags the fast path leaves to oclif: bad values, unknown flags, exclusive flags, short flags, help', async () => {
    const list = ['search', 'index', 'list', ...endpoint()];
    for (const extra of [
      ['--max-items', '0'],
      ['--max-items', 'many'],
      ['--max-items', '-1'],
      ['--output', 'xml'],
      ['--output'],
      ['--output', ''],
      ['--bogus'],
      ['--max-item', '1'],
      ['--no-paginate', '--max-items', '1'],
      ['--local'],
      ['--output', 'json', '--output', 'text'],
      ['--debug=yes'],
      ['--', 'extra'],
      ['-h'],
      ['--help'],
    ]) {
      await same([...list, ...extra], 'oclif');
    }
    // Words after the command that are no flags: the command line names no command of the table.
    const unknown = await nimbus(['search', 'index', 'list', 'extra', ...endpoint()], { env: test.env, nodeOptions: ['--require', REPORT] });
    assert.equal(split(unknown).code, 252);
    assert.deepEqual(split(unknown).bundles, ['nimbus.cjs']);
  });

  it('a command with its own code (search document put) and one of another kind (configure list) run through oclif only', async () => {
    for (const args of [
      ['search', 'document', 'put', '--index-id', 'x', ...endpoint()],
      ['configure', 'list'],
    ]) {
      const result = split(await nimbus(args, { env: test.env, nodeOptions: ['--require', REPORT] }));
      assert.deepEqual(result.bundles, ['nimbus.cjs'], args.join(' '));
    }
  });

  it('a mobile command takes the fast path too', async () => {
    const result = await same(['mobile', 'project', 'list', ...endpoint()], 'fast');
    assert.equal(result.code, 0, result.stderr);
  });
});
