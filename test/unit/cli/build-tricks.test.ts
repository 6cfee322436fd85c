import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMMANDS } from '../../../src/commands/index.js';

const require = createRequire(import.meta.url);
const repoRoot = join(import.meta.dirname, '..', '..', '..');

/**
 * Two things the CLI build relies on that no package documents. Each test states the assumption
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
