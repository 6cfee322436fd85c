import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { COMMANDS } from '../../../src/commands/index.js';

const require = createRequire(import.meta.url);
const repoRoot = join(import.meta.dirname, '..', '..', '..');

/**
 * Things the CLI build relies on that no package documents. Each test states the assumption
 * and fails when it stops holding, before users see a difference.
 */
describe('build assumptions', () => {
  describe('ascii-command-sort (scripts/build.mjs rewrites how @oclif/core sorts command ids)', () => {
    it('sorting the command ids by code unit gives the same order as localeCompare', () => {
      const ids = Object.keys(COMMANDS);
      assert.ok(ids.length > 40);
      const byLocale = [...ids].sort((a, b) => a.localeCompare(b));
      const byCodeUnit = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      assert.deepEqual(byCodeUnit, byLocale);
      for (const id of ids) assert.match(id, /^[a-z0-9:-]+$/, `${id}: command ids must stay lower-case ASCII for the build's sort`);
    });

    it('the installed @oclif/core still sorts commands with the expression the build replaces', () => {
      const plugin = join(dirname(require.resolve('@oclif/core/package.json')), 'lib', 'config', 'plugin.js');
      assert.ok(
        readFileSync(plugin, 'utf8').includes('.sort((a, b) => a.id.localeCompare(b.id))'),
        `${plugin} changed: review asciiCommandSort in scripts/build.mjs`,
      );
    });
  });

  describe('anonymous-module-wrappers (scripts/build.mjs names every module wrapper of the bundles `_`)', () => {
    it('esbuild wraps a module evaluated on first use in an object of one path-named method, which its helpers call by Object.getOwnPropertyNames', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'nimbus-esbuild-'));
      try {
        writeFileSync(join(dir, 'entry.js'), "import value from './legacy.cjs';\nexport const load = () => import('./later.js');\nexport { value };\n");
        writeFileSync(join(dir, 'later.js'), 'export const later = 1;\n');
        writeFileSync(join(dir, 'legacy.cjs'), 'module.exports = 2;\n');
        const { outputFiles } = await build({
          entryPoints: [join(dir, 'entry.js')],
          bundle: true,
          format: 'cjs',
          platform: 'node',
          write: false,
          minifyWhitespace: true,
          minifySyntax: true,
        });
        const text = outputFiles[0]!.text;
        assert.match(text, /__esm\(\{"[^"]*later\.js"\(\)\{/, 'esbuild no longer names a lazily evaluated module by its path: review anonymousModuleWrappers');
        assert.match(text, /__commonJS\(\{"[^"]*legacy\.cjs"\(/, 'esbuild no longer names a CommonJS module by its path: review anonymousModuleWrappers');
        assert.equal(
          text.split('fn[__getOwnPropNames(fn)[0]]').length,
          2,
          "esbuild's __esm no longer calls the only method of its argument: review anonymousModuleWrappers",
        );
        assert.equal(
          text.split('cb[__getOwnPropNames(cb)[0]]').length,
          2,
          "esbuild's __commonJS no longer calls the only method of its argument: review anonymousModuleWrappers",
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('autocomplete commands (src/commands/autocomplete/*.ts import the plugin files by path)', () => {
    const pluginCommands = join(dirname(require.resolve('@oclif/plugin-autocomplete')), 'commands', 'autocomplete');

    it('the plugin still exports only its entry, so its command files cannot be imported by package name', async () => {
      const byName: string = '@oclif/plugin-autocomplete/lib/commands/autocomplete/create.js';
      await assert.rejects(
        import(byName),
        { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' },
        'the plugin now exports its command files: import them by package name in src/commands/autocomplete',
      );
    });

    it('each command is (index and create: extends) the command class of the copy of the plugin that Node resolves', async () => {
      for (const name of ['index', 'create', 'script']) {
        const plugin = (await import(pathToFileURL(join(pluginCommands, `${name}.js`)).href)) as { default: unknown };
        const ours = (await import(pathToFileURL(join(repoRoot, 'src', 'commands', 'autocomplete', `${name}.ts`)).href)) as { default: unknown };
        // index and create add nimbus's flag-value completion to the plugin's commands.
        const base = name === 'script' ? ours.default : Object.getPrototypeOf(ours.default);
        assert.equal(base, plugin.default, `src/commands/autocomplete/${name}.ts does not build on ${pluginCommands}/${name}.js`);
      }
    });
  });
});
