import assert from 'node:assert/strict';
import { join } from 'node:path';
import { nimbus, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const REPORT = join(import.meta.dirname, 'fixtures', 'report-builtins.mjs');

/** The built-ins a run of the built CLI loaded, as reported by the preloaded fixture. */
function loadedBuiltins(stderr: string): string[] {
  const line = /^builtins: (.*)$/m.exec(stderr);
  assert.ok(line, `no report of the loaded built-ins in ${JSON.stringify(stderr)}`);
  return JSON.parse(line[1]!) as string[];
}

describe('the built CLI loads the built-ins it bundles lazily only when a command uses them', function () {
  this.timeout(60_000);
  let test: TestService;

  before(async () => {
    requireBuild();
    test = await startTestService();
  });
  after(async () => {
    await test?.close();
  });

  it('--version loads none of them but fs/promises and os, with which oclif finds and reads its files', async () => {
    const result = await nimbus(['--version'], { env: test.env, nodeOptions: ['--import', REPORT] });
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(loadedBuiltins(result.stderr), ['fs/promises', 'os']);
  });

  it('an operation (search index list) loads none of them', async () => {
    const result = await nimbus(['search', 'index', 'list', '--endpoint-url', test.service.endpoint], { env: test.env, nodeOptions: ['--import', REPORT] });
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), { IndexConfigurationSummaryItems: [] });
    assert.deepEqual(loadedBuiltins(result.stderr), []);
  });

  it('an operation with --stats loads perf_hooks, which times it', async () => {
    const result = await nimbus(['search', 'index', 'list', '--stats', '--endpoint-url', test.service.endpoint], {
      env: test.env,
      nodeOptions: ['--import', REPORT],
    });
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(loadedBuiltins(result.stderr), ['perf_hooks']);
  });
});
