import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { json, requireBuild, ROOT, type CliResult } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

/**
 * A copy of the installed parts of the package (bin, dist, package.json, the manifest), so that
 * its code cache can be damaged without touching the build the other tests run.
 */
function copyPackage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-code-cache-'));
  for (const part of ['bin', 'dist', 'package.json', 'oclif.manifest.json']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** `nimbus search index list` from the package copy `pkg`, with `nodeOptions` before the script. */
function listFrom(pkg: string, test: TestService, env: NodeJS.ProcessEnv, nodeOptions: string[] = []): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const args = [...nodeOptions, join(pkg, 'bin', 'run.js'), 'search', 'index', 'list', '--endpoint-url', test.service.endpoint];
    const child = spawn(process.execPath, args, { env: { ...test.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/**
 * The two bundles bin/run.js compiles from a code cache, and how a run of `search index list`
 * takes each: the fast path's by default, oclif's with NIMBUS_NO_FAST_PATH set.
 */
const BUNDLES = [
  { bundle: 'fast.cjs', env: {} },
  { bundle: 'nimbus.cjs', env: { NIMBUS_NO_FAST_PATH: '1' } },
];

for (const { bundle, env } of BUNDLES) {
  describe(`the built CLI with a code cache of ${bundle} it cannot use`, function () {
    this.timeout(60_000);
    let test: TestService;
    let pkg: string;
    const cacheFile = () => join(pkg, 'dist', 'cli', `${bundle}.cache`);

    const list = (nodeOptions: string[] = []): Promise<CliResult> => listFrom(pkg, test, env, nodeOptions);

    /** Runs the command and checks its output and that it wrote a cache the next run keeps. */
    async function runsAndRewritesCache(bad: Buffer | undefined, nodeOptions: string[] = []): Promise<void> {
      const result = await list(nodeOptions);
      assert.equal(result.stderr, '');
      assert.deepEqual(json(result), { IndexConfigurationSummaryItems: [] });
      const written = readFileSync(cacheFile());
      if (bad) assert.notDeepEqual(written, bad, 'the unusable cache was replaced');
      // The next run (same Node, same options) accepts the new cache and leaves it as it is.
      assert.deepEqual(json(await list(nodeOptions)), { IndexConfigurationSummaryItems: [] });
      assert.deepEqual(readFileSync(cacheFile()), written);
    }

    before(async () => {
      requireBuild();
      test = await startTestService();
      pkg = copyPackage();
    });
    after(async () => {
      await test?.close();
      if (pkg) rmSync(pkg, { recursive: true, force: true });
    });

    it('replaces a damaged cache file', async () => {
      const bad = Buffer.from('not a V8 code cache '.repeat(100));
      writeFileSync(cacheFile(), bad);
      await runsAndRewritesCache(bad);
    });

    it('replaces the cache of another script', async () => {
      const foreign = new Script('(function () { return 42; })').createCachedData();
      writeFileSync(cacheFile(), foreign);
      await runsAndRewritesCache(foreign);
    });

    it('replaces a cache made under other V8 options, as after a Node upgrade', async () => {
      const before = readFileSync(cacheFile());
      await runsAndRewritesCache(before, ['--no-opt']);
      // And back: the cache made under --no-opt is of no use without it.
      await runsAndRewritesCache(readFileSync(cacheFile()));
    });

    it('runs without a cache it can neither read nor write', async () => {
      rmSync(cacheFile(), { force: true });
      mkdirSync(cacheFile());
      const result = await list();
      assert.equal(result.stderr, '');
      assert.deepEqual(json(result), { IndexConfigurationSummaryItems: [] });
      rmSync(cacheFile(), { recursive: true });
    });
  });
}

/** A test service and a copy of the built package for the tests of the current describe block to damage. */
function damageablePackage(): { test: TestService; pkg: string } {
  const fixture = {} as { test: TestService; pkg: string };
  before(async () => {
    requireBuild();
    fixture.test = await startTestService();
    fixture.pkg = copyPackage();
  });
  after(async () => {
    await fixture.test?.close();
    if (fixture.pkg) rmSync(fixture.pkg, { recursive: true, force: true });
  });
  return fixture;
}

describe("the built CLI with a damaged entry in the fast path's table", function () {
  this.timeout(60_000);
  const fixture = damageablePackage();

  it('runs the command through oclif', async () => {
    const { pkg, test } = fixture;
    writeFileSync(join(pkg, 'dist', 'cli', 'fast', 'search', 'index', 'list.json'), '{"id": "search:index:li');
    const result = await listFrom(pkg, test, {});
    assert.equal(result.stderr, '');
    assert.deepEqual(json(result), { IndexConfigurationSummaryItems: [] });
  });
});

describe('the built CLI with a bundle not as the build writes it', function () {
  this.timeout(60_000);
  const fixture = damageablePackage();

  it('fails, saying to build the package again', async () => {
    const { pkg, test } = fixture;
    const file = join(pkg, 'dist', 'cli', 'fast.cjs');
    const text = readFileSync(file, 'latin1');
    // The module's code without the function wrapper around it: a plain CommonJS module.
    writeFileSync(file, text.slice(text.indexOf('{') + 1, -'\n})'.length), 'latin1');
    const result = await listFrom(pkg, test, {});
    assert.equal(result.code, 255);
    assert.equal(result.stdout, '');
    assert.equal(result.stderr, `nimbus: ${file} is not a bundle as scripts/build.mjs writes it: build the package again (npm run build)\n`);
  });
});

describe('the built CLI bundles', () => {
  before(() => requireBuild());

  for (const { bundle } of BUNDLES) {
    it(`ships ${bundle} as ASCII text only (bin/run.js reads it as Latin-1)`, () => {
      const text = readFileSync(join(ROOT, 'dist', 'cli', bundle));
      const outside = text.findIndex((byte) => byte > 0x7f);
      assert.equal(outside, -1, `a byte outside ASCII at offset ${outside}`);
    });

    it(`ships ${bundle} inside the function wrapper bin/run.js compiles it in, so that its text is compiled as read`, () => {
      const text = readFileSync(join(ROOT, 'dist', 'cli', bundle), 'latin1');
      const open = /^const WRAPPER_OPEN = '([^']+)';$/m.exec(readFileSync(join(ROOT, 'bin', 'run.js'), 'utf8'))?.[1];
      assert.equal(open, '(function (exports, require, module, __filename, __dirname) {');
      assert.ok(text.startsWith(open), text.slice(0, 80));
      assert.ok(text.endsWith('\n})'), text.slice(-80));
    });
  }
});
