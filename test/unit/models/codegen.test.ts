import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type Model, SERVICES, readModelFile, repoRoot } from './load-models.js';

/**
 * The generators `npm run codegen` runs, in order, read from package.json: each is
 * `node scripts/<name>.mjs` and takes an output root as its last argument (the files it writes go
 * under that root, with the paths they have in the repository).
 */
function codegenScripts(): string[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return manifest.scripts.codegen!.split('&&').map((step) => {
    const match = /^node (scripts\/[\w.-]+\.mjs)$/.exec(step.trim());
    assert.ok(match, `codegen step "${step.trim()}" is not "node scripts/<generator>.mjs"`);
    return match[1]!;
  });
}

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** Runs every codegen generator into `out`. */
function runCodegen(out: string): void {
  for (const script of codegenScripts()) execFileSync(process.execPath, [join(repoRoot, script), out], { stdio: 'pipe' });
}

describe('codegen', () => {
  let out: string;
  let generated: string[];
  before(function () {
    this.timeout(60_000);
    out = mkdtempSync(join(tmpdir(), 'nimbus-codegen-'));
    runCodegen(out);
    generated = filesUnder(out).sort();
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  it('runs the models, types, client methods, commands and command index generators', () => {
    for (const script of [
      'scripts/gen-models.mjs',
      'scripts/gen-types.mjs',
      'scripts/gen-client-methods.mjs',
      'scripts/gen-commands.mjs',
      'scripts/gen-command-index.mjs',
    ]) {
      assert.ok(codegenScripts().includes(script), script);
    }
    for (const file of [
      'src/lib/services/search/types.ts',
      'src/lib/services/search/search-methods.ts',
      'src/commands/search/index/create.ts',
      'src/commands/index.ts',
    ]) {
      assert.ok(generated.includes(file), file);
    }
  });

  it('regenerates byte-identical files (the committed output is up to date)', () => {
    for (const file of generated) {
      assert.ok(readFileSync(join(out, file)).equals(readFileSync(join(repoRoot, file))), `${file} differs from a fresh run: run npm run codegen`);
    }
  });

  it('is idempotent: a second run over its own output changes nothing', function () {
    this.timeout(60_000);
    const first = generated.map((f) => readFileSync(join(out, f)));
    runCodegen(out);
    assert.deepEqual(filesUnder(out).sort(), generated);
    generated.forEach((f, i) => assert.ok(readFileSync(join(out, f)).equals(first[i]!), f));
  });

  describe('src/commands/index.ts', () => {
    it('is up to date with the command files (--check)', () => {
      execFileSync(process.execPath, [join(repoRoot, 'scripts', 'gen-command-index.mjs'), '--check'], { stdio: 'pipe' });
    });

    it('fails the check when a command file is added, and lists it once regenerated', () => {
      const copy = mkdtempSync(join(tmpdir(), 'nimbus-commands-'));
      try {
        cpSync(join(repoRoot, 'src', 'commands'), join(copy, 'src', 'commands'), { recursive: true });
        const check = (): void => {
          execFileSync(process.execPath, [join(repoRoot, 'scripts', 'gen-command-index.mjs'), copy, '--check'], { stdio: 'pipe' });
        };
        check();
        mkdirSync(join(copy, 'src', 'commands', 'extra'));
        writeFileSync(join(copy, 'src', 'commands', 'extra', 'thing.ts'), 'export default class Thing {}\n');
        assert.throws(check, /out of date/);
        execFileSync(process.execPath, [join(repoRoot, 'scripts', 'gen-command-index.mjs'), copy], { stdio: 'pipe' });
        check();
        const index = readFileSync(join(copy, 'src', 'commands', 'index.ts'), 'utf8');
        assert.match(index, /^import C_extra_thing from '\.\/extra\/thing\.js';$/m);
        assert.match(index, /^ {2}'extra:thing': C_extra_thing,$/m);
        assert.doesNotMatch(index, /from '\.\/index\.js'/);
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    });
  });

  describe('<service>-methods.ts', () => {
    it('declares both forms of every operation, typed with the generated request and response types', () => {
      for (const [svc, file, types] of [
        [SERVICES[0]!, 'src/lib/services/search/search-methods.ts', 'src/lib/services/search/types.ts'],
        [SERVICES[1]!, 'src/lib/services/mobile/mobile-methods.ts', 'src/lib/services/mobile/types.ts'],
      ] as const) {
        const text = readFileSync(join(repoRoot, file), 'utf8');
        const typesText = readFileSync(join(repoRoot, types), 'utf8');
        assert.match(text, /^\/\/ Generated by `npm run codegen`.*Do not edit\./);
        const model = readModelFile<Model>(svc, 'api.json');
        for (const name of Object.keys(model.operations)) {
          const entry = new RegExp(`^ {2}${name}: \\{ input: (.+); output: (.+) \\};$`, 'm').exec(typesText);
          assert.ok(entry, `${types} maps ${name}`);
          const method = name.charAt(0).toLowerCase() + name.slice(1);
          assert.ok(
            text.includes(`  ${method}Async(args?: ${entry[1]}): Promise<Result<${entry[2]}>> {\n    return this.operationAsync('${name}', args);`),
            `${method}Async`,
          );
          assert.ok(text.includes(`  ${method}(args?: ${entry[1]}): Result<${entry[2]}> {\n    return this.operationSync('${name}', args);`), method);
        }
      }
    });
  });

  describe('types.ts', () => {
    const search = readFileSync(join(repoRoot, 'src/lib/services/search/types.ts'), 'utf8');
    const mobile = readFileSync(join(repoRoot, 'src/lib/services/mobile/types.ts'), 'utf8');

    it('says it is generated', () => {
      for (const text of [search, mobile]) assert.match(text, /^\/\/ Generated by `npm run codegen`.*Do not edit\./);
    });

    it('maps every operation to its input and output types', () => {
      for (const [svc, text, iface] of [
        [SERVICES[0]!, search, 'SearchOperations'],
        [SERVICES[1]!, mobile, 'MobileOperations'],
      ] as const) {
        const start = text.indexOf(`export interface ${iface} {\n`);
        assert.ok(start >= 0, `${iface} is missing`);
        const body = text.slice(text.indexOf('\n', start) + 1, text.indexOf('\n}\n', start));
        const model = readModelFile<Model>(svc, 'api.json');
        for (const [name, op] of Object.entries(model.operations)) {
          const input = op.input?.shape ?? 'Record<string, never>';
          const output = op.output?.shape ?? 'Record<never, never>';
          assert.ok(body.includes(`  ${name}: { input: ${input}; output: ${output} };`), `${iface}.${name}`);
        }
        assert.equal(body.split('\n').length, Object.keys(model.operations).length);
      }
    });

    it('writes structures, enums, required members and directional timestamps', () => {
      assert.match(search, /export interface CreateIndexRequest \{\n {2}Name: string;\n {2}Edition\?: IndexEdition;/);
      assert.match(search, /export type IndexEdition = 'DEVELOPER_EDITION' \| 'ENTERPRISE_EDITION'/);
      assert.match(search, /export interface DescribeIndexResponse \{[^}]*\n {2}CreatedAt\?: Date;/);
      assert.match(search, /export interface TimeRangeInput \{\n {2}StartTime\?: Date \| string \| number;/);
      assert.match(search, /export interface ListDataSourceSyncJobsRequest \{[^}]*StartTimeFilter\?: TimeRangeInput;/);
      assert.match(search, /export interface GetSnapshotsResponse \{[^}]*SnapShotTimeFilter\?: TimeRange;/);
      assert.match(search, /export interface SearchDocument \{[^}]*\n {2}Blob\?: Uint8Array \| Buffer \| string;/);
      assert.match(search, /\/\*\* @deprecated \*\/\n {2}AlfrescoConfiguration\?: AlfrescoConfiguration;/);
      assert.match(mobile, /export interface CreateProjectRequest \{[^}]*contents\?: Uint8Array \| Buffer \| string;/);
      assert.match(mobile, /export interface ProjectDetails \{[^}]*createdDate\?: Date;/);
      assert.match(mobile, /export type Platform = 'OSX' \| 'WINDOWS'/);
    });

    it('never declares a type that shadows a built-in', () => {
      for (const text of [search, mobile]) {
        for (const name of ['String', 'Boolean', 'Long', 'Integer', 'Timestamp', 'Date', 'Document', 'Blob']) {
          assert.doesNotMatch(text, new RegExp(`export (interface|type) ${name}\\b`), name);
        }
      }
    });
  });
});
