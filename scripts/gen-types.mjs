#!/usr/bin/env node
// Generates src/lib/services/<service>/types.ts from the project's service models
// (src/lib/services/<service>/models/<version>/api.json): one interface per structure shape, one
// string-union type per enum, and a `<Service>Operations` map from operation name to its input and
// output types. The rules are written into the header of each generated file (see HEADER_RULES).
//
// Usage: node scripts/gen-types.mjs [ROOT]   (ROOT defaults to the repository root; the models
// are read from, and types.ts written to, ROOT/src/lib/services/<service>/)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));

/** The services: directory under src/lib/services, model version, and name prefix. */
const SERVICES = [
  { dir: 'search', version: '2019-02-03', prefix: 'Search' },
  { dir: 'mobile', version: '2017-07-01', prefix: 'Mobile' },
];

/** The rules, as written at the top of every generated file. */
const HEADER_RULES = `// Rules:
// - A structure shape is an interface; required members are non-optional. An enum is a union of
//   string literals. Lists are arrays, maps are Record<string, V>, documents are unknown.
// - Scalar shapes (string, number, boolean, timestamp, blob) are not named: their TypeScript type
//   is written where they are used.
// - Timestamps and blobs depend on the direction: a shape used in a request accepts
//   Date | string | number (timestamps) and Uint8Array | Buffer | string (blobs); a shape used in
//   a response (or an error) has Date and Uint8Array.
// - A structure used in both directions that (transitively) holds a timestamp or blob is emitted
//   twice: <Name> for responses and <Name>Input for requests. Every other shape is emitted once.
// - A shape whose name is a TypeScript keyword or a common global type (String, Document, ...)
//   gets the service prefix (e.g. SearchDocument).
// - An operation without an input shape takes Record<string, never>; one without an output
//   shape returns Record<never, never>.`;

/** TypeScript keywords and global type names a shape must not shadow. */
const CLASHES = new Set(
  `break case catch class const continue debugger default delete do else enum export extends false
  finally for function if import in instanceof new null return super switch this throw true try typeof
  var void while with implements interface let package private protected public static yield any
  boolean number string symbol never unknown object bigint undefined type keyof infer readonly declare
  module namespace abstract as async await is from get set of require global satisfies
  Array ArrayBuffer ArrayLike AggregateError BigInt Boolean DataView Date Error EvalError
  FinalizationRegistry Float32Array Float64Array Function Generator Infinity Int8Array Int16Array
  Int32Array Intl Iterable Iterator JSON Map Math NaN Number Object Promise PromiseLike Proxy
  RangeError ReferenceError Reflect RegExp Set SharedArrayBuffer String Symbol SyntaxError TypeError
  URIError Uint8Array Uint8ClampedArray Uint16Array Uint32Array WeakMap WeakRef WeakSet
  Partial Required Readonly Record Pick Omit Exclude Extract NonNullable Parameters ReturnType
  InstanceType Awaited Uppercase Lowercase Capitalize Uncapitalize ThisType PropertyKey
  Buffer Blob Document Element Event File Headers Node Request Response URL`.split(/\s+/),
);

const SCALARS = { string: 'string', integer: 'number', long: 'number', float: 'number', double: 'number', boolean: 'boolean' };

/** True for a shape emitted as a named type (structures that are not documents, and enums). */
const isNamed = (shape) => (shape.type === 'structure' && !shape.document) || (shape.type === 'string' && shape.enum);

/** The shapes directly referenced by a shape. */
const children = (shape) => [
  ...Object.values(shape.members ?? {}).map((m) => m.shape),
  ...['member', 'key', 'value'].filter((k) => shape[k]).map((k) => shape[k].shape),
];

/** Adds every shape reachable from `name` to `seen`. */
function reach(shapes, name, seen) {
  if (seen.has(name)) return;
  seen.add(name);
  for (const child of children(shapes[name])) reach(shapes, child, seen);
}

/** True when a timestamp or blob is reachable from the shape. */
function holdsTimeOrBlob(shapes, name, seen = new Set()) {
  if (seen.has(name)) return false;
  seen.add(name);
  const shape = shapes[name];
  if (shape.type === 'timestamp' || shape.type === 'blob') return true;
  return children(shape).some((child) => holdsTimeOrBlob(shapes, child, seen));
}

/** A property name, quoted when it is not an identifier. */
const propertyName = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** A single-quoted TypeScript string literal. */
const literal = (value) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Builds the text of one service's types.ts. */
function generate({ dir, version, prefix }) {
  const modelPath = `src/lib/services/${dir}/models/${version}/api.json`;
  const model = JSON.parse(readFileSync(join(root, modelPath), 'utf8'));
  const { shapes, operations } = model;

  const inputs = new Set();
  const outputs = new Set();
  const role = new Map();
  for (const [name, op] of Object.entries(operations)) {
    if (op.input) {
      reach(shapes, op.input.shape, inputs);
      role.set(op.input.shape, `Input of the \`${name}\` operation.`);
    }
    if (op.output) {
      reach(shapes, op.output.shape, outputs);
      role.set(op.output.shape, `Output of the \`${name}\` operation.`);
    }
    for (const error of op.errors ?? []) reach(shapes, error.shape, outputs);
  }
  const split = new Set(Object.keys(shapes).filter((n) => shapes[n].type === 'structure' && inputs.has(n) && outputs.has(n) && holdsTimeOrBlob(shapes, n)));

  const typeNames = new Map();
  for (const name of Object.keys(shapes).filter((n) => isNamed(shapes[n]))) {
    typeNames.set(name, CLASHES.has(name) ? `${prefix}${name}` : name);
  }
  const operationsName = `${prefix}Operations`;
  const taken = new Map();
  for (const [shape, typeName] of typeNames) {
    const names = split.has(shape) ? [typeName, `${typeName}Input`] : [typeName];
    for (const n of names) {
      if (taken.has(n) || n === operationsName) throw new Error(`${modelPath}: type name ${n} is used twice (${shape}, ${taken.get(n) ?? operationsName})`);
      taken.set(n, shape);
    }
  }

  /** The TypeScript type of a reference to `name`, seen from a request (`input`) or a response. */
  function typeOf(name, input) {
    const shape = shapes[name];
    if (shape.type === 'structure' && shape.document) return 'unknown';
    if (isNamed(shape)) return split.has(name) && input ? `${typeNames.get(name)}Input` : typeNames.get(name);
    switch (shape.type) {
      case 'timestamp':
        return input ? 'Date | string | number' : 'Date';
      case 'blob':
        return input ? 'Uint8Array | Buffer | string' : 'Uint8Array';
      case 'list': {
        const item = typeOf(shape.member.shape, input);
        return /^[\w$]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
      }
      case 'map':
        return `Record<string, ${typeOf(shape.value.shape, input)}>`;
      default:
        if (!SCALARS[shape.type]) throw new Error(`${modelPath}: shape ${name} has unsupported type ${shape.type}`);
        return SCALARS[shape.type];
    }
  }

  /** An interface declaration for a structure, in request or response form. */
  function structure(name, typeName, input, doc) {
    const shape = shapes[name];
    const required = new Set(shape.required ?? []);
    const lines = [`/** ${doc} */`, `export interface ${typeName} {`];
    for (const [member, ref] of Object.entries(shape.members)) {
      if (ref.deprecated) lines.push('  /** @deprecated */');
      const optional = required.has(member) ? '' : '?';
      lines.push(`  ${propertyName(member)}${optional}: ${typeOf(ref.shape, input)};`);
    }
    lines.push('}');
    return lines.join('\n');
  }

  const blocks = [];
  for (const [name, typeName] of typeNames) {
    const shape = shapes[name];
    if (shape.enum) {
      blocks.push(`/** Values of the \`${name}\` enum. */\nexport type ${typeName} = ${shape.enum.map(literal).join(' | ')};`);
      continue;
    }
    const doc = role.get(name) ?? (shape.exception ? `The \`${name}\` error.` : `The \`${name}\` structure.`);
    if (split.has(name)) {
      blocks.push(structure(name, typeName, false, `${doc} Response form (see \`${typeName}Input\`).`));
      blocks.push(structure(name, `${typeName}Input`, true, `${doc} Request form (see \`${typeName}\`).`));
    } else {
      blocks.push(structure(name, typeName, inputs.has(name), doc));
    }
  }

  const entries = Object.entries(operations).map(([name, op]) => {
    const input = op.input ? typeOf(op.input.shape, true) : 'Record<string, never>';
    const output = op.output ? typeOf(op.output.shape, false) : 'Record<never, never>';
    return `  ${name}: { input: ${input}; output: ${output} };`;
  });
  blocks.push(
    `/** Every ${dir} operation, by name, with the types of its input and output. */\n` + `export interface ${operationsName} {\n${entries.join('\n')}\n}`,
  );

  const header = `// Generated by \`npm run codegen\` (scripts/gen-types.mjs) from ${modelPath}. Do not edit.\n//\n${HEADER_RULES}\n`;
  return `${header}\n${blocks.join('\n\n')}\n`;
}

for (const service of SERVICES) {
  const file = join(root, 'src', 'lib', 'services', service.dir, 'types.ts');
  writeFileSync(file, generate(service));
  console.log(`wrote ${file}`);
}
