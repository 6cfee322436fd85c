#!/usr/bin/env node
// The nimbus CLI straight from the TypeScript sources (no build), through tsx: for development.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/lib/cli/main.ts');

const root = fileURLToPath(new URL('..', import.meta.url));
const pjson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// Commands and hooks come from src/ instead of the bundle, and no manifest is read.
const source = './src/lib/cli/main.ts';
pjson.oclif.commands = { ...pjson.oclif.commands, target: source };
for (const hook of Object.values(pjson.oclif.hooks ?? {})) hook.target = source;

await main({ root, pjson, ignoreManifest: true });
