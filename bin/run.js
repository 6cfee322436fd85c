#!/usr/bin/env node
// The nimbus CLI: runs the bundle dist/cli/nimbus.cjs (made by scripts/build.mjs), compiled from
// the V8 code cache beside it (dist/cli/nimbus.cjs.cache) instead of from source, which saves a
// third of the start-up time. A missing cache, or one this Node version rejects (another Node
// version, other V8 flags, a damaged file), is written again when the run ends (a read-only
// install simply runs without it).
// This file is CommonJS (bin/package.json): Node starts a CommonJS entry without setting up its
// ES module loader, a few milliseconds of every run.
// A script compiled this way cannot use import() on Node 20 (vm gives it no dynamic import
// callback without --experimental-vm-modules, and a code cache loses the one of
// vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER), so the build leaves no import() in the bundle:
// modules loaded on first use are require()d (scripts/build.mjs, dynamicImportsAsRequire).
'use strict';
const { readFileSync, realpathSync, renameSync, writeFileSync } = require('node:fs');
const { createRequire, Module } = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

const packageRoot = join(__dirname, '..');
// The real path: the key under which require() (oclif's, for the commands) finds the module.
const bundle = realpathSync(join(packageRoot, 'dist', 'cli', 'nimbus.cjs'));
const cacheFile = `${bundle}.cache`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
// The build leaves only ASCII in the bundle, so Latin-1 reads it as UTF-8 would, only faster.
const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'latin1')}\n})`;
const script = new Script(source, { filename: bundle, cachedData });
if (!cachedData || script.cachedDataRejected) {
  process.once('exit', () => {
    const temp = `${cacheFile}.${process.pid}`;
    try {
      writeFileSync(temp, script.createCachedData());
      renameSync(temp, cacheFile);
    } catch {
      // Not writable: the next run compiles from source again.
    }
  });
}

// Load the bundle as the CommonJS module it is, registered so that oclif, which requires it to
// find the commands, gets this very instance.
const bundleRequire = createRequire(bundle);
const bundleModule = new Module(bundle, null);
bundleModule.filename = bundle;
bundleRequire.cache[bundle] = bundleModule;
script.runInThisContext()(bundleModule.exports, bundleRequire, bundleModule, bundle, dirname(bundle));
bundleModule.loaded = true;

// main() reports every error itself and ends the process.
void bundleModule.exports.main(packageRoot);
