#!/usr/bin/env node
// The nimbus CLI. A generated operation command (`nimbus search index list ...`) whose flags are
// all written in forms that the fast path parses exactly as oclif does runs from dist/cli/fast.cjs,
// without loading oclif or its manifest; every other command line (help, other commands, anything
// unusual in the flags, NIMBUS_NO_FAST_PATH or DEBUG set) runs through oclif from
// dist/cli/nimbus.cjs. scripts/build.mjs makes both bundles, and the fast path's table:
// dist/cli/fast/<topic>/.../<command>.json.
//
// A bundle is compiled from the V8 code cache beside it (<bundle>.cache) instead of from source,
// which saves a third of the start-up time. A missing cache, or one this Node version rejects
// (another Node version, other V8 flags, a damaged file), is written again when the run ends (a
// read-only install simply runs without it).
// This file is CommonJS (bin/package.json): Node starts a CommonJS entry without setting up its
// ES module loader, a few milliseconds of every run.
// A script compiled this way cannot use import() on Node 20 (vm gives it no dynamic import
// callback without --experimental-vm-modules, and a code cache loses the one of
// vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER), so the build leaves no import() in the bundle:
// modules loaded on first use are require()d (scripts/build.mjs, dynamicImportsAsRequire).
'use strict';
const { closeSync, openSync, readFileSync, readSync, realpathSync, renameSync, writeFileSync } = require('node:fs');
// The module system's class, as this very module's constructor: requiring node:module would also
// load parts of the ES module loader.
const Module = module.constructor;
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

const packageRoot = join(__dirname, '..');

/**
 * Node built-ins that a typical command never calls but that modules import at their top (oclif
 * imports child_process, readline and perf_hooks; the client imports dgram for client-side
 * monitoring, worker_threads for its sync form, fs/promises for web identity tokens and crypto,
 * which a run over plain HTTP does without (its few digests are computed in script); the CLI
 * imports os for the home directory, which only --local and paths starting with ~ need). Node
 * compiles a built-in the first time it is required, so a bundle that requires one of these gets
 * a stand-in object that requires the real module on first use of any of its properties.
 * scripts/build.mjs reads this list, and fails the build if a bundle would copy the properties of
 * one of them at load time (a default or namespace import), which would load it at once.
 */
const LAZY_BUILTINS = new Set(['child_process', 'readline', 'perf_hooks', 'dgram', 'v8', 'worker_threads', 'timers/promises', 'fs/promises', 'os', 'crypto']);
const lazyBuiltins = new Map();

/** The stand-in for built-in `name`: the real module is required on first use of any of its properties. */
function lazyBuiltin(name) {
  let real;
  const load = () => (real ??= require(`node:${name}`));
  return new Proxy(
    {},
    {
      get: (_, key) => load()[key],
      set: (_, key, value) => {
        load()[key] = value;
        return true;
      },
      has: (_, key) => key in load(),
      ownKeys: () => Reflect.ownKeys(load()),
      getOwnPropertyDescriptor: (_, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
        return descriptor && { ...descriptor, configurable: true };
      },
      getPrototypeOf: () => Object.prototype,
    },
  );
}

/** The `require` of a bundle: Node's own, but for the built-ins of LAZY_BUILTINS, whose stand-ins it gives. */
function requireForBundle(bundle) {
  const nodeRequire = Module.createRequire(bundle);
  const bundleRequire = (id) => {
    const name = id.startsWith('node:') ? id.slice(5) : id;
    if (!LAZY_BUILTINS.has(name)) return nodeRequire(id);
    let standIn = lazyBuiltins.get(name);
    if (!standIn) lazyBuiltins.set(name, (standIn = lazyBuiltin(name)));
    return standIn;
  };
  // require.resolve, require.cache and require.main, as Node's own require has them.
  return Object.assign(bundleRequire, nodeRequire);
}

const cliDir = join(packageRoot, 'dist', 'cli');

/** The CommonJS function wrapper the build writes around each bundle (its parameters are what loadBundle passes). */
const WRAPPER_OPEN = '(function (exports, require, module, __filename, __dirname) {';
const WRAPPER_CLOSE = '\n})';

/**
 * From this many bytes on, Node makes Latin-1 text an external string (EXTERN_APEX in its
 * src/string_bytes.cc), a copy outside V8's heap, and UTF-8 text a string in V8's young
 * generation. Both cost the same page faults, but for nimbus.cjs (1.8 MB) the external string
 * costs a run of oclif's path one scavenge more (`configure list`: about 239 M instead of 236 M
 * instructions, callgrind): promoted at the first scavenge, a large young string counts as memory
 * that survived, on which V8 grows the young generation at once.
 */
const EXTERNAL_LATIN1_BYTES = 0xfbee9;

/**
 * The whole of `file`, read into `reader.buffer` (replaced by a larger one when the file does not
 * fit): a view of it, valid until the next read into the same buffer.
 */
function readWhole(file, reader) {
  const fd = openSync(file, 'r');
  try {
    let size = 0;
    for (;;) {
      if (size === reader.buffer.length) {
        const larger = Buffer.allocUnsafeSlow(reader.buffer.length * 2);
        reader.buffer.copy(larger);
        reader.buffer = larger;
      }
      const count = readSync(fd, reader.buffer, size, reader.buffer.length - size);
      if (count === 0) return reader.buffer.subarray(0, size);
      size += count;
    }
  } finally {
    closeSync(fd);
  }
}

/** Loads dist/cli/<name> as the CommonJS module it is, compiled from its code cache, and returns its exports. */
function loadBundle(name) {
  // oclif requires nimbus.cjs by its real path to find the commands: the bundle is registered
  // under that key. The fast path's bundle is required by no one (and finding a real path costs
  // a system call per directory).
  const bundle = name === 'nimbus.cjs' ? realpathSync(join(cliDir, name)) : join(cliDir, name);
  const cacheFile = `${bundle}.cache`;
  // One buffer takes the bundle, whose text is copied out of it, then the cache: every fresh page
  // of memory costs a page fault (about 2 µs on a virtual machine), and readFileSync() would take
  // some 90 fresh pages for each of the fast path's two. Pages never written cost nothing.
  const reader = { buffer: Buffer.allocUnsafeSlow(4 << 20) };
  const bytes = readWhole(bundle, reader);
  // The build leaves only ASCII in the bundle, so Latin-1 reads it as UTF-8 would, only faster;
  // but Node makes a longer Latin-1 text an external string (see EXTERNAL_LATIN1_BYTES).
  const source = bytes.toString(bytes.length < EXTERNAL_LATIN1_BYTES ? 'latin1' : 'utf8');
  // The script compiled is the bundle inside a CommonJS function wrapper, which the build writes
  // into the file (scripts/build.mjs, asFunctionExpression): joined here, the text would be
  // copied by V8 into one string (hundreds more fresh pages, each a page fault).
  if (!source.startsWith(WRAPPER_OPEN) || !source.endsWith(WRAPPER_CLOSE)) {
    // A damaged or half-built installation: exit code 255 (EXIT.OTHER of the CLI).
    process.stderr.write(`nimbus: ${bundle} is not a bundle as scripts/build.mjs writes it: build the package again (npm run build)\n`);
    process.exit(255);
  }
  let cachedData;
  try {
    cachedData = readWhole(cacheFile, reader);
  } catch {
    cachedData = undefined;
  }
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
  // Registered so that oclif, which requires the bundle to find the commands, gets this very instance.
  const bundleRequire = requireForBundle(bundle);
  const bundleModule = new Module(bundle, null);
  bundleModule.filename = bundle;
  bundleRequire.cache[bundle] = bundleModule;
  script.runInThisContext()(bundleModule.exports, bundleRequire, bundleModule, bundle, dirname(bundle));
  bundleModule.loaded = true;
  return bundleModule.exports;
}

/**
 * The fast path's description of the command named by the leading words of `argv` (up to the
 * first that is not a command word), and the words after them; undefined when that command has
 * none (it is not a generated operation command) or a damaged one, or when oclif must run: NIMBUS_NO_FAST_PATH is
 * set (tests compare the two paths with it), or DEBUG, which turns on oclif's own tracing.
 */
function fastCommand(argv) {
  if (process.env.NIMBUS_NO_FAST_PATH || process.env.DEBUG) return undefined;
  let words = 0;
  while (words < argv.length && /^[a-z][a-z0-9-]*$/.test(argv[words])) words++;
  if (words === 0) return undefined;
  try {
    const command = JSON.parse(readFileSync(`${join(cliDir, 'fast', ...argv.slice(0, words))}.json`, 'latin1'));
    return { command, rest: argv.slice(words) };
  } catch {
    // No such file (no such command, or not one the fast path runs), or a damaged one.
    return undefined;
  }
}

const argv = process.argv.slice(2);
const fast = fastCommand(argv);
// runFast() returns false, having done nothing, for flags it leaves to oclif; else it ends the process.
if (!fast || !loadBundle('fast.cjs').runFast(fast.command, fast.rest)) {
  // main() reports every error itself and ends the process.
  void loadBundle('nimbus.cjs').main(packageRoot);
}
