#!/usr/bin/env node
// Builds dist/ from src/: compiles TypeScript (the library, dist/lib), copies the JSON data files
// (service models, paginators, waiters, fixtures) beside the compiled code, bundles the CLI into
// one CommonJS file (dist/cli/nimbus.cjs, esbuild) and the fast path of the operation commands
// (dist/cli/fast.cjs and its table, see writeFastCommands), writes oclif.manifest.json so that
// the CLI starts without loading its commands, and warms the bundles' V8 code caches by running
// one command (bin/run.js compiles a bundle from its cache: a third of the start-up time).
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire, isBuiltin } from 'node:module';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const run = (cmd, args, options = {}) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
const bin = (name) => join(root, 'node_modules', '.bin', name);

rmSync(join(root, 'dist'), { recursive: true, force: true });
// The bundle's entry lists every command file: a command added since the last codegen is in it.
run(process.execPath, [join(root, 'scripts', 'gen-command-index.mjs')]);
run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']);

/**
 * Copies every non-TypeScript file under src/ (models, fixtures, corpora) to dist/, JSON without
 * its indentation and in ASCII (see asciiJson): the CLI parses a service model on every run, and
 * smaller one-byte text parses faster.
 */
function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) copyAssets(full);
    else if (!name.endsWith('.ts')) {
      const target = join(root, 'dist', relative(join(root, 'src'), full));
      mkdirSync(dirname(target), { recursive: true });
      if (name.endsWith('.json')) writeFileSync(target, asciiJson(JSON.parse(readFileSync(full, 'utf8'))));
      else cpSync(full, target);
    }
  }
}
copyAssets(join(root, 'src'));

/**
 * Library modules find their data files (models, the sync worker) relative to `import.meta.url`.
 * In the bundle that must still be the URL of the module's compiled twin in dist/lib.
 */
const libraryUrls = {
  name: 'library-import-meta-url',
  setup(builder) {
    const libDir = join(root, 'src', 'lib');
    builder.onLoad({ filter: /[\\/]src[\\/]lib[\\/].*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url') || args.path.startsWith(join(libDir, 'cli') + sep)) return undefined;
      const twin = `../${relative(join(root, 'src'), args.path).replaceAll('\\', '/').replace(/\.ts$/, '.js')}`;
      const url = `require('node:url').pathToFileURL(require('node:path').join(__dirname, ${JSON.stringify(twin)})).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * An esbuild plugin that replaces the text `from` with `to` in the modules whose path matches
 * `filter`: a small edit of a dependency the bundle needs. Fails the build, naming the step and
 * what it expected, when the text is no longer there (the dependency changed: review the step).
 */
function textEdit(name, filter, from, to, expected) {
  return {
    name,
    setup(builder) {
      builder.onLoad({ filter }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes(from)) throw new Error(`${args.path} no longer ${expected}: review the ${name} build step`);
        return { contents: text.replace(from, to), loader: 'js' };
      });
    },
  };
}

/**
 * oclif sorts the commands with localeCompare on every start, and the first localeCompare of a
 * process sets up ICU collation (about 6 ms here). The ids are lower-case ASCII letters, digits,
 * '-' and ':', which code-unit order sorts the same way, so the bundle compares them directly.
 * oclif has no setting for this, hence the edit of its text. Fails the build if oclif's code
 * changed; test/unit/cli/build-tricks.test.ts checks the same and that the orders agree.
 */
const asciiCommandSort = textEdit(
  'ascii-command-sort',
  /[\\/]@oclif[\\/]core[\\/]lib[\\/]config[\\/]plugin\.js$/,
  '.sort((a, b) => a.id.localeCompare(b.id))',
  '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))',
  'sorts commands as expected',
);

/**
 * fdir (oclif's glob, for plugins that find their commands by pattern) checks on load that it can
 * require picomatch with require.resolve, a search of the file system on every start. In the
 * bundle picomatch is bundled, so the check goes. Fails the build if fdir's code changed.
 */
const fdirBundledPicomatch = textEdit(
  'fdir-bundled-picomatch',
  /[\\/]fdir[\\/]dist[\\/]index\.cjs$/,
  'require.resolve("picomatch");',
  '',
  'checks for picomatch as expected',
);

/**
 * wsl-utils and powershell-utils (loaded on every start: oclif asks wsl-utils whether it runs
 * under WSL) promisify child_process.execFile at their top, which would load node:child_process
 * (and node:dgram with it) despite lazyBuiltins. Here they promisify it on first call instead.
 * Fails the build if their code changed.
 */
const lazyExecFile = textEdit(
  'lazy-exec-file',
  /[\\/](wsl-utils|powershell-utils)[\\/]index\.js$/,
  'const execFile = promisify(childProcess.execFile);',
  'const execFile = (...args) => promisify(childProcess.execFile)(...args);',
  'promisifies execFile as expected',
);

/**
 * The bundle's entry (src/commands/index.ts) imports every command; in the bundle, each command
 * module (and what only it imports) is instead evaluated the first time oclif asks the COMMANDS
 * map for it, so a run pays for its own command only. Fails the build if the entry's form changed.
 */
const lazyCommands = {
  name: 'lazy-commands',
  setup(builder) {
    const entry = join(root, 'src', 'commands', 'index.ts');
    builder.onLoad({ filter: /[\\/]src[\\/]commands[\\/]index\.ts$/ }, (args) => {
      if (args.path !== entry) return undefined;
      const text = readFileSync(args.path, 'utf8');
      const imports = new Map([...text.matchAll(/^import (C_\w+) from '(\.\/[^']+\.js)';$/gm)].map(([, name, path]) => [name, path]));
      let entries = 0;
      const lazy = text.replace(/^import C_\w+ from '[^']+';\n/gm, '').replace(/^ {2}('[^']+'): (C_\w+),$/gm, (line, id, name) => {
        const path = imports.get(name);
        if (!path) throw new Error(`${args.path}: ${name} is not imported: review the lazy-commands build step`);
        entries++;
        return `  get ${id}() { return require(${JSON.stringify(path)}).default; },`;
      });
      if (!imports.size || entries !== imports.size) throw new Error(`${args.path} no longer has the expected form: review the lazy-commands build step`);
      return { contents: lazy, loader: 'ts' };
    });
  },
};

/**
 * bin/run.js gives a bundle a stand-in for each of the Node built-ins it lists in LAZY_BUILTINS,
 * which requires the real module on first use. nimbus's own modules import built-ins by name,
 * which the bundle reads as `require("node:os")` and uses property by property: the stand-in
 * serves them as it is. {@link checkLazyBuiltins} fails the build if one of them imports a whole
 * built-in instead (a default or namespace import, which copies every property when the module
 * loads, and so would load the built-in at once).
 */
const LAZY_BUILTINS = JSON.parse(
  /^const LAZY_BUILTINS = new Set\((\[[^\]]*\])\);$/m.exec(readFileSync(join(root, 'bin', 'run.js'), 'utf8'))?.[1].replaceAll("'", '"') ?? 'null',
);
if (!Array.isArray(LAZY_BUILTINS)) throw new Error('bin/run.js no longer lists LAZY_BUILTINS as expected: review the lazy-builtins build step');

/**
 * Packages do import whole built-ins (is-wsl, which oclif loads on every start, imports the
 * default export of node:os). For them the bundle holds a stand-in module that lists the
 * built-in's property names, taken at build time, so that esbuild's interop copies them (as
 * getters) without loading it.
 */
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(builder) {
    builder.onResolve({ filter: /^(node:)?[a-z0-9_/]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (!LAZY_BUILTINS.includes(name) || args.kind === 'dynamic-import') return undefined;
      if (args.namespace === 'lazy-builtin') return { path: `node:${name}`, external: true };
      return args.importer.includes(`${sep}node_modules${sep}`) ? { path: name, namespace: 'lazy-builtin' } : undefined;
    });
    builder.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => {
      const real = require(`node:${args.path}`);
      if (Object.getPrototypeOf(real) !== Object.prototype) throw new Error(`node:${args.path} is not a plain object: review the lazy-builtins build step`);
      return {
        contents: [
          'let real;',
          `const load = () => (real ??= require(${JSON.stringify(`node:${args.path}`)}));`,
          `const keys = ${JSON.stringify(Object.keys(real))};`,
          'module.exports = new Proxy({}, {',
          '  get: (_, key) => load()[key],',
          '  set: (_, key, value) => { load()[key] = value; return true; },',
          '  has: (_, key) => key in load(),',
          '  ownKeys: () => keys,',
          '  getOwnPropertyDescriptor: (_, key) => (keys.includes(key) ? { configurable: true, enumerable: true, get: () => load()[key] } : undefined),',
          '  getPrototypeOf: () => Object.prototype,',
          '});',
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

/** Fails the build when a bundle imports a whole built-in of LAZY_BUILTINS from outside a package (see above). */
function checkLazyBuiltins(file) {
  const text = readFileSync(file, 'latin1');
  for (const name of LAZY_BUILTINS) {
    if (text.includes(`__toESM(require("node:${name}")`) || text.includes(`__toESM(require("${name}")`))
      throw new Error(`${file} imports all of node:${name} (a default or namespace import), which loads it at once: import the names it uses`);
  }
}

/**
 * Rarely used parts get their own file beside the bundle, required on first use, so that the
 * bundle every command reads and compiles stays small: undici (only with a proxy), the prompts
 * library, YAML, the table and colour libraries (only for table output), the JMESPath engine
 * (only for --query, --wait and paginators with more than member paths), the local service (only
 * with --local or local start) and its Snowball stemmers (only for a query in another language
 * than English). Each is a library of its own, whose objects nimbus never tells apart by class,
 * so a copy in a side file is as good as the bundle's. The readers of PDF and Office documents
 * run in worker threads from dist/lib, never in the bundle.
 */
const SIDE_FILES = {
  undici: 'undici',
  '@inquirer/prompts': 'inquirer',
  yaml: 'yaml',
  'snowball-stemmers': 'snowball',
  'cli-table3': 'table',
  chalk: 'chalk',
  '@jmespath-community/jmespath': 'jmespath',
  [join(root, 'src', 'lib', 'local', 'server.ts')]: 'local',
};
const sideFiles = (self) => ({
  name: 'side-files',
  setup(builder) {
    // An import of a side part becomes a module that requires its file (import() included:
    // esbuild would leave an external import() as it is, and the bundle runs as a script).
    const redirect = (name) => ({ path: name, namespace: 'side-file' });
    builder.onResolve({ filter: /^(undici|@inquirer\/prompts|yaml|snowball-stemmers|cli-table3|chalk|@jmespath-community\/jmespath)$/ }, (args) =>
      args.path === self ? undefined : redirect(SIDE_FILES[args.path]),
    );
    builder.onResolve({ filter: /\/local\/server\.js$/ }, (args) => {
      const target = join(args.resolveDir, args.path).replace(/\.js$/, '.ts');
      return SIDE_FILES[target] && target !== self ? redirect(SIDE_FILES[target]) : undefined;
    });
    builder.onLoad({ filter: /.*/, namespace: 'side-file' }, (args) => ({ contents: `module.exports = require('./${args.path}.cjs');`, loader: 'js' }));
    builder.onResolve({ filter: /^\.\/[a-z]+\.cjs$/ }, (args) => (args.namespace === 'side-file' ? { path: args.path, external: true } : undefined));
  },
});

/**
 * The bundle runs as a script compiled by bin/run.js (node:vm), and on Node 20 such a script
 * cannot use import(): without Node's experimental VM modules any import() in it throws "A
 * dynamic import callback was not specified". So every import() of a module that stays outside
 * the bundle (a Node built-in such as node:https, or an external package) becomes a require()
 * here, still made on first use. {@link checkNoDynamicImports} fails the build if one is left.
 */
const dynamicImportsAsRequire = {
  name: 'dynamic-imports-as-require',
  setup(builder) {
    const external = new Set(builder.initialOptions.external ?? []);
    builder.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' && (isBuiltin(args.path) || external.has(args.path)) ? { path: args.path, namespace: 'dynamic-require' } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'dynamic-require' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
      resolveDir: root,
    }));
  },
};

/** Fails the build when an output still contains an import() of a module outside the bundle. */
function checkNoDynamicImports(metafile) {
  for (const [output, { imports }] of Object.entries(metafile.outputs)) {
    const left = imports.filter((record) => record.kind === 'dynamic-import').map((record) => record.path);
    if (left.length)
      throw new Error(`${output} keeps import() of ${left.join(', ')}, which fails in bin/run.js: make it a require() (see dynamicImportsAsRequire)`);
  }
}

/**
 * Escapes the few characters outside ASCII that esbuild leaves as they are (in regular expression
 * literals) as \\uXXXX, which means the same there, in strings and in identifiers. bin/run.js reads
 * the bundle as Latin-1, which for ASCII text is the same string and is read faster than UTF-8.
 */
function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  const ascii = text.replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(file, ascii);
}

/** `value` as compact JSON text in ASCII: every character outside it written as a \\uXXXX escape. */
function asciiJson(value) {
  return JSON.stringify(value).replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * esbuild wraps each module it evaluates on first use as `__esm({"src/lib/x.ts"() {…}})` (a
 * CommonJS dependency as `__commonJS({"node_modules/y.js"(exports, module) {…}})`): an object
 * whose one method is named after the module's path, which esbuild's helpers find with
 * Object.getOwnPropertyNames when the module is first used. Every such object literal adds a
 * property of another name to an empty object, so V8 makes a hidden class and a transition for
 * each, a few hundred at every start. Here every method is named `_`, so that they share one,
 * and the helpers call `_` directly (with the SigV4 change of the same round, callgrind 172.2 M
 * -> about 169.4 M instructions for `nimbus search index list`, the hash-seed primes left out).
 * Fails the build if esbuild's helpers or wrappers no longer have the form edited. (A module's
 * body shows as `_` in a stack trace; its path is kept as a comment opening its parameter list,
 * which tests reading V8's coverage of a run use.)
 */
function anonymousModuleWrappers(file) {
  let text = readFileSync(file, 'latin1');
  for (const [helper, call, direct] of [
    ['__esm', 'fn[__getOwnPropNames(fn)[0]]', 'fn._'],
    ['__commonJS', 'cb[__getOwnPropNames(cb)[0]]', 'cb._'],
  ]) {
    if (!text.includes(`${helper}({`)) continue;
    if (text.split(call).length !== 2)
      throw new Error(`${file}: esbuild's ${helper} no longer calls ${call} once: review the anonymous-module-wrappers build step`);
    text = text.replace(call, direct);
  }
  const renamed = text.replace(/\b(__esm|__commonJS)\(\{(async )?"([^"\\*]*)"\(/g, '$1({$2_(/*$3*/');
  const count = (pattern) => renamed.match(pattern)?.length ?? 0;
  if (count(/\b(?:__esm|__commonJS)\(\{/g) !== count(/\b(?:__esm|__commonJS)\(\{(?:async )?_\(/g))
    throw new Error(`${file}: a module wrapper was not renamed: review the anonymous-module-wrappers build step`);
  writeFileSync(file, renamed);
}

/**
 * Writes the bundle inside the CommonJS function wrapper bin/run.js compiles it in
 * (`(function (exports, require, module, __filename, __dirname) {` … `\n})`, as bin/run.js
 * declares it), so that bin/run.js compiles the text as read: joined at run time, the three parts
 * make a string that V8 copies into one before compiling it, fresh pages of memory (a page fault
 * each, about 2 µs here) in proportion to the bundle: some 90 for fast.cjs, 480 for nimbus.cjs.
 * So written, the file is no longer a CommonJS module: require() evaluates the function
 * expression and discards it, leaving empty exports. Only bin/run.js loads a bundle (oclif finds
 * nimbus.cjs in the module cache, where bin/run.js registers it); `oclif manifest`, which
 * requires nimbus.cjs itself, runs before the bundle is wrapped.
 */
function asFunctionExpression(file) {
  const runJs = readFileSync(join(root, 'bin', 'run.js'), 'utf8');
  const open = /^const WRAPPER_OPEN = '([^']+)';$/m.exec(runJs)?.[1];
  const close = /^const WRAPPER_CLOSE = '([^']+)';$/m.exec(runJs)?.[1];
  if (!open || close !== '\\n})')
    throw new Error('bin/run.js no longer declares WRAPPER_OPEN and WRAPPER_CLOSE as expected: review the function-expression build step');
  writeFileSync(file, `${open}${readFileSync(file, 'latin1')}\n})`, 'latin1');
}

/** CommonJS, so that bin/run.js can compile the bundle from a V8 code cache (ES modules cannot be, on Node 20). */
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // Native or development-only: loaded from node_modules, never bundled.
  external: ['better-sqlite3', 'pg', 'typescript', 'tsx'],
  define: {
    // Bundled ES module dependencies that read import.meta.url get their file's URL.
    'import.meta.url': '__nimbusBundleUrl',
    // oclif checks the Node version against its own package.json, which is not in the bundle.
    'process.env.OCLIF_DISABLE_ENGINE_WARNING': '"true"',
  },
  banner: { js: "const __nimbusBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: true,
};
const outDir = join(root, 'dist', 'cli');
const main = await build({
  ...common,
  entryPoints: [join(root, 'src', 'commands', 'index.ts')],
  outfile: join(outDir, 'nimbus.cjs'),
  plugins: [lazyCommands, lazyBuiltins, lazyExecFile, libraryUrls, asciiCommandSort, fdirBundledPicomatch, sideFiles(), dynamicImportsAsRequire],
});
checkNoDynamicImports(main.metafile);
asciiOnly(join(outDir, 'nimbus.cjs'));
anonymousModuleWrappers(join(outDir, 'nimbus.cjs'));
checkLazyBuiltins(join(outDir, 'nimbus.cjs'));
// The fast path (bin/run.js): the generated operation commands run without oclif, from a bundle
// of their run code only.
const fast = await build({
  ...common,
  entryPoints: [join(root, 'src', 'lib', 'cli', 'fast', 'run-fast.ts')],
  outfile: join(outDir, 'fast.cjs'),
  plugins: [lazyBuiltins, libraryUrls, sideFiles(), dynamicImportsAsRequire],
});
checkNoDynamicImports(fast.metafile);
asciiOnly(join(outDir, 'fast.cjs'));
anonymousModuleWrappers(join(outDir, 'fast.cjs'));
checkLazyBuiltins(join(outDir, 'fast.cjs'));
asFunctionExpression(join(outDir, 'fast.cjs'));
if (Object.keys(fast.metafile.inputs).some((input) => input.includes('@oclif')))
  throw new Error('dist/cli/fast.cjs includes oclif: the fast path must not import it');
for (const [entry, name] of Object.entries(SIDE_FILES)) {
  const side = await build({
    ...common,
    entryPoints: [entry],
    outfile: join(outDir, `${name}.cjs`),
    plugins: [libraryUrls, sideFiles(entry), dynamicImportsAsRequire],
  });
  checkNoDynamicImports(side.metafile);
}

await writeFastCommands();
// The CLI runs from the bundle; tsc's unbundled copy of the commands is not used.
rmSync(join(root, 'dist', 'commands'), { recursive: true, force: true });
// oclif finds the commands by requiring nimbus.cjs: while it is still a CommonJS module.
run(bin('oclif'), ['manifest'], { env: { ...process.env, OCLIF_SKIP_NEW_VERSION_CHECK: 'true' } });
asFunctionExpression(join(outDir, 'nimbus.cjs'));
// oclif reads the manifest on every run: without its indentation it is a third smaller, and
// with its few characters outside ASCII (an ellipsis in help text) written as \uXXXX escapes,
// the text read is a one-byte string, which JSON.parse reads in about half the instructions of a
// two-byte one.
const manifestFile = join(root, 'oclif.manifest.json');
writeFileSync(manifestFile, asciiJson(JSON.parse(readFileSync(manifestFile, 'utf8'))));

/**
 * Writes the fast path's table: for every command that src/lib/cli/fast/describe-command.ts
 * finds it can run (a generated operation command whose flags it parses as oclif does), its
 * description as dist/cli/fast/<topic>/.../<command>.json, which bin/run.js looks up by the
 * command's words. Made from tsc's compiled command classes, so a command added by codegen gets
 * its entry on the next build; the others run through oclif. Beside the table, the slice of the
 * service's model (every shipped version) that the command's operation uses:
 * dist/cli/fast/models/<service>/<Operation>/<version>/, which the fast path reads instead of
 * the whole model (see src/lib/cli/fast/model-slice.ts).
 */
async function writeFastCommands() {
  const { COMMANDS } = await import(pathToFileURL(join(root, 'dist', 'commands', 'index.js')).href);
  const { describeCommand } = await import(pathToFileURL(join(root, 'dist', 'lib', 'cli', 'fast', 'describe-command.js')).href);
  const { sliceEntries, sliceModel } = await import(pathToFileURL(join(root, 'dist', 'lib', 'cli', 'fast', 'model-slice.js')).href);
  const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
  let count = 0;
  for (const [id, command] of Object.entries(COMMANDS)) {
    const description = describeCommand(id, command);
    if (typeof description === 'string') continue;
    const { service, operation } = description.spec;
    const models = join(root, 'dist', 'lib', 'services', service, 'models');
    const slice = `models/${service}/${operation}/`;
    for (const version of readdirSync(models)) {
      const out = join(outDir, 'fast', slice, version);
      mkdirSync(out, { recursive: true });
      const api = sliceModel(readJson(join(models, version, 'api.json')), [operation]);
      writeFileSync(join(out, 'api.json'), asciiJson(api));
      for (const [file, member] of [
        ['paginators.json', 'pagination'],
        ['waiters.json', 'waiters'],
      ]) {
        if (!existsSync(join(models, version, file))) continue;
        const kept = sliceEntries(readJson(join(models, version, file)), member, (name, entry) =>
          Object.hasOwn(api.operations, member === 'pagination' ? name : entry.operation),
        );
        writeFileSync(join(out, file), asciiJson(kept));
      }
    }
    const file = `${join(outDir, 'fast', ...id.split(':'))}.json`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, asciiJson({ ...description, models: slice }));
    count++;
  }
  if (!count) throw new Error('no command can take the fast path: review src/lib/cli/fast/describe-command.ts');
}

/**
 * Warms the code caches: bin/run.js writes dist/cli/<bundle>.cache when it finds none, with
 * every function the run compiled, so one typical command (a list against the local service),
 * run once through oclif and once by the fast path, covers oclif, flag parsing, the client,
 * signing, HTTP and output.
 */
async function warmCodeCache() {
  const { startLocalService } = await import(pathToFileURL(join(root, 'dist', 'lib', 'local', 'server.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-build-'));
  const service = await startLocalService({ port: 0, dataDir: join(dir, 'data') });
  try {
    const env = { PATH: process.env.PATH, HOME: dir, AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' };
    // Asynchronously: the service answers from this process.
    const list = [join(root, 'bin', 'run.js'), 'search', 'index', 'list', '--endpoint-url', service.endpoint];
    // Once through oclif (dist/cli/nimbus.cjs), once by the fast path (dist/cli/fast.cjs).
    await promisify(execFile)(process.execPath, list, { cwd: root, env: { ...env, NIMBUS_NO_FAST_PATH: '1' } });
    await promisify(execFile)(process.execPath, list, { cwd: root, env });
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
  for (const bundle of ['nimbus.cjs', 'fast.cjs']) {
    if (!existsSync(join(root, 'dist', 'cli', `${bundle}.cache`))) throw new Error(`bin/run.js wrote no cache of ${bundle}`);
  }
}
try {
  await warmCodeCache();
} catch (error) {
  // The CLI works without it (and writes the cache on its first run), only slower to start.
  console.warn(`build: could not warm the CLI's code cache: ${error.message.split('\n')[0]}`);
}
