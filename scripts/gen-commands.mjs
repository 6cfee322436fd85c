#!/usr/bin/env node
// Writes src/commands/<service>/<noun>/<verb>.ts: one thin oclif command per operation, its
// flags declared literally from the operation's input members in the service model (names in
// kebab-case as the AWS CLI spells them, types, enum choices, structure syntax), plus the help
// text in scripts/commands/commands.yaml (scripts/gen-command-index.mjs then lists every command
// in src/commands/index.ts). Run `npm run codegen` after a model or help change and commit the output.
//
// Usage: node scripts/gen-commands.mjs [--check] [ROOT]
//   ROOT (default: the repository root): the files are written under ROOT, and the models
//   (api.json, which gen-models.mjs writes) read from it; paginators and waiters come from the
//   repository.
//   --check: write nothing; exit 1 when a file differs from what the script would write.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const scriptDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(scriptDir, '..');
const root = resolve(process.argv.slice(2).find((arg) => arg !== '--check') ?? repoRoot);
const MODELS = {
  search: 'src/lib/services/search/models/2019-02-03',
  mobile: 'src/lib/services/mobile/models/2017-07-01',
};

/** Flag names of every command (global flags, help): a member that would collide is prefixed. */
const GLOBAL_NAMES = [
  'region',
  'profile',
  'endpoint-url',
  'api-version',
  'output',
  'query',
  'debug',
  'stats',
  'no-verify-ssl',
  'ca-bundle',
  'retry-mode',
  'max-attempts',
  'cli-input-json',
  'generate-cli-skeleton',
  'no-input',
  'color',
  'local',
  'help',
];
/** Flag names of paginated commands only (search query's own --page-size stays its own). */
const PAGINATION_NAMES = ['no-paginate', 'max-items', 'starting-token', 'page-size'];

/** The command table and member help; the opening comment of commands.yaml describes each field. */
const TABLE = parse(readFileSync(join(scriptDir, 'commands', 'commands.yaml'), 'utf8'));

/** A value with every `{{name}}` in its strings replaced by the snippet of that name. */
function withSnippets(value) {
  if (typeof value === 'string') {
    return value.replace(/\{\{([\w-]+)\}\}/g, (_, name) => {
      if (!Object.hasOwn(TABLE.snippets, name)) throw new Error(`commands.yaml: no snippet "${name}"`);
      return TABLE.snippets[name];
    });
  }
  if (Array.isArray(value)) return value.map(withSnippets);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withSnippets(item)]));
  return value;
}

/**
 * Every command: its id (topic path), operation, the resource its `--id` names, help text, the
 * waiter behind `--wait`, and for commands that do more than one call their extra flags,
 * alternatives, optional values and runner (scripts/commands/commands.yaml describes each field).
 */
const COMMANDS = withSnippets(TABLE.commands);

/** Help for input members, by member name (a command's `memberHelp` overrides it); `{resource}` is the command's resource. */
const MEMBER_HELP = TABLE.members;

/** botocore's `xform_name(name, '-')`: `IndexId` → `index-id`, `ResourceARN` → `resource-arn`. */
function kebab(name) {
  let base = name;
  const special = /[A-Z]{2,}s$/.exec(base);
  if (special) base = `${base.slice(0, -special[0].length)}-${special[0].toLowerCase()}`;
  return base
    .replace(/(.)([A-Z][a-z]+)/g, '$1-$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

const loadJson = (base, path) => JSON.parse(readFileSync(join(base, path), 'utf8'));
const models = Object.fromEntries(
  Object.entries(MODELS).map(([service, dir]) => [
    service,
    {
      api: loadJson(root, `${dir}/api.json`),
      paginators: loadJson(repoRoot, `${dir}/paginators.json`).pagination,
      waiters: loadJson(repoRoot, `${dir}/waiters.json`).waiters,
    },
  ]),
);

const SCALARS = new Set(['string', 'integer', 'long', 'float', 'double', 'boolean', 'timestamp', 'blob']);

/** The shorthand form of a structure of scalars (`Key=string,Value=string`), or undefined. */
function shorthandSyntax(shapes, shape) {
  if (shape.type !== 'structure') return undefined;
  const parts = [];
  for (const [name, ref] of Object.entries(shape.members ?? {})) {
    const member = shapes[ref.shape];
    if (!SCALARS.has(member.type)) return undefined;
    parts.push(`${name}=${member.enum ? member.enum.join('|') : member.type}`);
  }
  return parts.join(',');
}

/** A JSON example of a shape (nested three levels), or undefined when it would be too long to help. */
function jsonSyntax(shapes, shape, depth = 0) {
  if (depth > 3) return undefined;
  if (shape.type === 'structure') {
    const parts = [];
    for (const [name, ref] of Object.entries(shape.members ?? {})) {
      const inner = jsonSyntax(shapes, shapes[ref.shape], depth + 1);
      if (inner === undefined) return undefined;
      parts.push(`"${name}": ${inner}`);
    }
    return `{${parts.join(', ')}}`;
  }
  if (shape.type === 'list') {
    const inner = jsonSyntax(shapes, shapes[shape.member.shape], depth + 1);
    return inner === undefined ? undefined : `[${inner}, ...]`;
  }
  if (shape.type === 'map') {
    const value = jsonSyntax(shapes, shapes[shape.value.shape], depth + 1);
    return value === undefined ? undefined : `{"string": ${value}, ...}`;
  }
  if (shape.enum) return `"${shape.enum.join('|')}"`;
  if (shape.type === 'blob') return '"base64"';
  if (shape.type === 'timestamp') return '"2024-01-31T12:00:00Z"';
  return shape.type === 'string' ? '"string"' : shape.type;
}

/** The long help of a structured flag: its shorthand and JSON forms. */
function syntaxHelp(shapes, shape) {
  const isList = shape.type === 'list';
  const item = isList ? shapes[shape.member.shape] : shape;
  const lines = [];
  const shorthand = shorthandSyntax(shapes, item);
  if (shorthand) lines.push(`Shorthand: ${shorthand}${isList ? ' (repeat the value for more items)' : ''}`);
  const json = jsonSyntax(shapes, shape);
  if (json && json.length <= 400) lines.push(`JSON: ${json}`);
  else lines.push('JSON: see --generate-cli-skeleton for the full structure.');
  lines.push('A value may also be read from a file: file://PATH.');
  return lines.join('\n');
}

/** The oclif declaration of one member's flag. */
function flagDeclaration(shapes, memberName, ref, command, required, alternatives) {
  const shape = shapes[ref.shape];
  const help = command.memberHelp?.[memberName] ?? MEMBER_HELP[memberName];
  if (!help) throw new Error(`No help text for member ${memberName} (${command.operation}); add it to commands.yaml's members`);
  const need = !required ? '' : alternatives ? `Required unless ${alternatives.map((flag) => `--${flag}`).join(' or ')} is given. ` : 'Required. ';
  const summary = `${need}${help.replace('{resource}', command.resource)}`;
  const props = [`summary: ${literal(summary)}`];
  if (alternatives) props.push(`exclusive: ${literal(alternatives)}`);
  let kind = 'string';
  switch (shape.type) {
    case 'string':
      if (shape.enum) props.push(`options: ${literal(shape.enum)}`);
      break;
    case 'integer':
    case 'long':
      kind = 'integer';
      if (shape.min !== undefined) props.push(`min: ${shape.min}`);
      if (shape.max !== undefined) props.push(`max: ${shape.max}`);
      break;
    case 'boolean':
      kind = 'boolean';
      props.push('allowNo: true');
      break;
    case 'float':
    case 'double':
      props.push("helpValue: '<number>'");
      break;
    case 'timestamp':
      props.push("helpValue: '<timestamp>'");
      break;
    case 'blob':
      props.push("helpValue: '<fileb://path|text>'");
      break;
    case 'list': {
      const item = shapes[shape.member.shape];
      props.push('multiple: true');
      if (SCALARS.has(item.type)) {
        if (item.enum) props.push(`options: ${literal(item.enum)}`);
        props.push("helpValue: '<value>'");
      } else {
        props.push("helpValue: '<shorthand|json>'", `description: ${literal(syntaxHelp(shapes, shape))}`);
      }
      break;
    }
    default:
      props.push("helpValue: '<shorthand|json>'", `description: ${literal(syntaxHelp(shapes, shape))}`);
  }
  return `Flags.${kind}({ ${props.join(', ')} })`;
}

/** The oclif declaration of a flag that is not an input member (bulk sources, --download): `{ type, ...props }`. */
function extraFlagDeclaration(declaration) {
  const { type, ...props } = declaration;
  const order = ['summary', ...Object.keys(props).filter((key) => key !== 'summary')];
  return `Flags.${type}({ ${order.map((key) => `${key}: ${literal(props[key])}`).join(', ')} })`;
}

/** A value as a TypeScript literal: single quotes, bare keys where they are identifiers. */
function literal(value, indent = '') {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object')) return `[${value.map((item) => literal(item)).join(', ')}]`;
    return `[\n${value.map((item) => `${indent}  ${literal(item, `${indent}  `)},`).join('\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    return `{\n${entries.map(([name, item]) => `${indent}  ${flagKey(name)}: ${literal(item, `${indent}  `)},`).join('\n')}\n${indent}}`;
  }
  return String(value);
}

/** The `execute` override of a command with its own runner (a module of src/lib/cli, imported on demand). */
function runnerSource(runner, depth) {
  return [
    '',
    `  /** Runs the command with \`${runner.name}\` (${runner.module.replace(/\.js$/, '.ts')}), loaded on demand. */`,
    '  protected override async execute(spec: OperationSpec, flags: OperationFlags): Promise<void> {',
    `    const { ${runner.name} } = await import('${depth}lib/cli/${runner.module}');`,
    `    await ${runner.name}(spec, flags);`,
    '  }',
  ];
}

/** A flag name (or any name) as an object key: bare when it is an identifier, quoted otherwise. */
function flagKey(name) {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name);
}

/** The TypeScript source of one command file. */
function commandSource(command) {
  const { api, paginators, waiters } = models[command.service];
  const operation = api.operations[command.operation];
  if (!operation) throw new Error(`${command.service} has no operation ${command.operation}`);
  const input = operation.input ? api.shapes[operation.input.shape] : { members: {} };
  const required = new Set(input.required ?? []);
  const paginator = paginators[command.operation];
  const paginated = Boolean(paginator?.input_token);
  const hidden = paginated ? new Set([paginator.input_token, paginator.limit_key].flat().filter(Boolean)) : new Set();
  const prefix = command.resource.replace(/\s+/g, '-').toLowerCase();
  const reserved = new Set([...GLOBAL_NAMES, ...(paginated ? PAGINATION_NAMES : []), ...(command.wait ? ['wait'] : [])]);

  const members = {};
  const flags = [];
  const requiredFlags = [];
  for (const [memberName, ref] of Object.entries(input.members ?? {})) {
    if (hidden.has(memberName)) continue;
    let flag = kebab(memberName);
    if (reserved.has(flag)) flag = `${prefix}-${flag}`;
    if (reserved.has(flag) || flag in members) throw new Error(`Flag --${flag} of ${command.id} collides`);
    members[flag] = memberName;
    if (required.has(memberName)) requiredFlags.push(flag);
    const alternatives = command.alternatives?.[flag];
    flags.push(`    ${flagKey(flag)}: ${flagDeclaration(api.shapes, memberName, ref, command, required.has(memberName), alternatives)},`);
  }
  for (const [flag, declaration] of Object.entries(command.extraFlags ?? {})) {
    if (reserved.has(flag) || flag in members) throw new Error(`Flag --${flag} of ${command.id} collides`);
    flags.push(`    ${flagKey(flag)}: ${extraFlagDeclaration(declaration)},`);
  }
  if (command.wait) {
    if (!waiters[command.wait.waiter]) throw new Error(`${command.service} has no waiter ${command.wait.waiter}`);
    flags.push(`    wait: Flags.boolean({ summary: ${literal(`Wait for the ${command.wait.goal}, showing its status on stderr.`)} }),`);
  }
  if (paginated) flags.push('    ...PAGINATION_FLAGS,');

  const words = command.id.split(' ');
  const className = words
    .map((word) =>
      word
        .split('-')
        .map((part) => part[0].toUpperCase() + part.slice(1))
        .join(''),
    )
    .join('');
  const depth = '../'.repeat(words.length);
  const spec = {
    service: command.service,
    operation: command.operation,
    members,
    required: requiredFlags,
    paginated,
    ...(command.wait ? { wait: command.wait } : {}),
  };
  const examples = command.examples.map(
    (example) => `    { description: ${literal(example.description)}, command: ${literal(`<%= config.bin %> ${example.command}`)} },`,
  );
  return [
    '// Generated by scripts/gen-commands.mjs from the service model and scripts/commands/commands.yaml: edit those, not this file.',
    flags.some((line) => line.includes('Flags.')) ? "import { Flags } from '@oclif/core';" : undefined,
    paginated ? `import { PAGINATION_FLAGS } from '${depth}lib/cli/global-flags.js';` : undefined,
    `import { OperationCommand } from '${depth}lib/cli/operation-command.js';`,
    command.runner ? `import type { OperationFlags } from '${depth}lib/cli/operation-session.js';` : undefined,
    `import type { OperationSpec } from '${depth}lib/cli/operation-spec.js';`,
    '',
    `/** \`nimbus ${command.id}\`: the ${command.operation} operation. */`,
    `export default class ${className} extends OperationCommand {`,
    `  static override summary = ${literal(command.summary)};`,
    `  static override description = ${literal(command.description)};`,
    '  static override examples = [',
    ...examples,
    '  ];',
    `  static override operation: OperationSpec = ${literal(spec, '  ')};`,
    ...(command.optionalValues ? [`  static override optionalValues = ${literal(command.optionalValues, '  ')};`] : []),
    '  static override flags = {',
    ...flags,
    '  };',
    ...(command.runner ? runnerSource(command.runner, depth) : []),
    '}',
    '',
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}

const check = process.argv.includes('--check');
let stale = 0;
const outputs = COMMANDS.map((command) => [join(root, 'src', 'commands', ...command.id.split(' ')) + '.ts', () => commandSource(command)]);
for (const [file, generate] of outputs) {
  const source = generate();
  let current;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === source) continue;
  stale++;
  if (check) {
    console.error(`out of date: ${file}`);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
}
if (check && stale) process.exit(1);
if (!check) console.error(`${outputs.length} files, ${stale} written`);
