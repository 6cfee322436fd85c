#!/usr/bin/env node
// Writes the project's own copies of the service models from the reference botocore models in
// models/ (botocore's public JSON models, kept in the repository): version, metadata, operations and shapes with every semantic trait (http,
// input/output/errors, required, min/max/pattern, enum, locations, idempotency tokens,
// exception traits, deprecated flags, sensitive, ...), without the human text (documentation,
// documentation URLs, examples, deprecation messages). Model order is kept and the output is
// stable, so running it twice gives identical files.
//
// Usage: node scripts/gen-models.mjs [OUTPUT_ROOT]   (OUTPUT_ROOT defaults to the repository root)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceModels = join(repoRoot, 'models');
const outputRoot = resolve(process.argv[2] ?? repoRoot);

/** The models to copy: source file in models/ → target under the output root. */
const MODELS = [
  {
    source: 'kendra-2019-02-03.api.json',
    target: 'src/lib/services/search/models/2019-02-03/api.json',
    operations: 66,
  },
  {
    source: 'mobile-2017-07-01.api.json',
    target: 'src/lib/services/mobile/models/2017-07-01/api.json',
    operations: 9,
  },
];

/** Keys that carry human text only; every other key is semantic and kept. */
const TEXT_KEYS = new Set(['documentation', 'documentationUrl', 'examples', 'deprecatedMessage', 'deprecatedSince']);

/** Copies a trait object without its text keys (nested trait objects are kept as they are). */
function withoutText(traits) {
  return Object.fromEntries(Object.entries(traits).filter(([key]) => !TEXT_KEYS.has(key)));
}

/** A shape without text, with each member's traits stripped the same way. */
function stripShape(shape) {
  const out = withoutText(shape);
  if (shape.members) {
    out.members = Object.fromEntries(Object.entries(shape.members).map(([name, member]) => [name, withoutText(member)]));
  }
  for (const ref of ['member', 'key', 'value']) if (shape[ref]) out[ref] = withoutText(shape[ref]);
  return out;
}

/** An operation without text; its input/output/error references are stripped too. */
function stripOperation(operation) {
  const out = withoutText(operation);
  for (const ref of ['input', 'output']) if (operation[ref]) out[ref] = withoutText(operation[ref]);
  if (operation.errors) out.errors = operation.errors.map(withoutText);
  return out;
}

/** Map over an object's entries, keeping its key order. */
const mapValues = (object, fn) => Object.fromEntries(Object.entries(object).map(([k, v]) => [k, fn(v)]));

for (const { source, target, operations } of MODELS) {
  const model = JSON.parse(readFileSync(join(sourceModels, source), 'utf8'));
  const count = Object.keys(model.operations).length;
  if (count !== operations) throw new Error(`${source}: expected ${operations} operations, found ${count}`);
  const project = {
    version: model.version,
    metadata: withoutText(model.metadata),
    operations: mapValues(model.operations, stripOperation),
    shapes: mapValues(model.shapes, stripShape),
  };
  const file = join(outputRoot, target);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(project, null, 1)}\n`);
  console.log(`wrote ${file} (${count} operations, ${Object.keys(project.shapes).length} shapes)`);
}
