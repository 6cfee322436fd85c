import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { COMMANDS } from '../../src/commands/index.js';
import { requireBuild, ROOT } from './helpers/cli.js';

/**
 * scripts/build.mjs (lazyCommands) turns each entry of the bundle's COMMANDS map into a getter
 * that evaluates the command's module on first use, so that a run pays for its own command only.
 */
describe('the built bundle evaluates a command module only when oclif asks for it', () => {
  before(() => requireBuild());

  it('every command of the source map is a getter in the bundle, and each gives a command class', () => {
    const bundle = JSON.stringify(join(ROOT, 'dist', 'cli', 'nimbus.cjs'));
    // The bundle is loaded as bin/run.js loads it: the build writes it as a function expression
    // (the CommonJS wrapper around the module's code), which require() would evaluate and discard.
    const script = [
      'const bundleModule = { exports: {} };',
      `const load = require('node:vm').runInThisContext(require('node:fs').readFileSync(${bundle}, 'latin1'), { filename: ${bundle} });`,
      `load(bundleModule.exports, require('node:module').createRequire(${bundle}), bundleModule, ${bundle}, require('node:path').dirname(${bundle}));`,
      'const { COMMANDS } = bundleModule.exports;',
      'const descriptors = Object.getOwnPropertyDescriptors(COMMANDS);',
      'const getters = Object.keys(descriptors).filter((id) => typeof descriptors[id].get === "function");',
      'const classes = getters.filter((id) => typeof COMMANDS[id] === "function" && typeof COMMANDS[id].run === "function");',
      'process.stdout.write(JSON.stringify({ ids: Object.keys(descriptors), getters, classes }));',
    ].join('\n');
    const { ids, getters, classes } = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as Record<string, string[]>;
    const expected = Object.keys(COMMANDS).sort();
    assert.ok(expected.length > 40);
    assert.deepEqual([...ids!].sort(), expected);
    assert.deepEqual([...getters!].sort(), expected);
    assert.deepEqual([...classes!].sort(), expected);
  });
});
