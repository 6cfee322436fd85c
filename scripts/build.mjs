#!/usr/bin/env node
// Builds dist/ from src/: compiles TypeScript, copies the JSON data files (service models,
// paginators, waiters, fixtures) beside the compiled code, and writes oclif.manifest.json so
// that the CLI starts without scanning its command files.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
const bin = (name) => join(root, 'node_modules', '.bin', name);

rmSync(join(root, 'dist'), { recursive: true, force: true });
run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']);

/** Copies every non-TypeScript file under src/ (models, fixtures, corpora) to dist/. */
function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) copyAssets(full);
    else if (!name.endsWith('.ts')) {
      const target = join(root, 'dist', relative(join(root, 'src'), full));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(full, target);
    }
  }
}
copyAssets(join(root, 'src'));

if (existsSync(join(root, 'dist', 'commands'))) run(bin('oclif'), ['manifest']);
