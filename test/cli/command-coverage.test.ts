import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS } from '../../src/commands/index.js';
import { ROOT } from './helpers/cli.js';

/** The operation names of a service model in the repository's models/ folder. */
function modelOperations(file: string): string[] {
  const model = JSON.parse(readFileSync(join(ROOT, 'models', file), 'utf8')) as { operations: Record<string, unknown> };
  return Object.keys(model.operations).sort();
}

/** Command ids (with spaces) by the operation their generated class calls, for one service. */
function commandsByOperation(service: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [id, command] of Object.entries(COMMANDS)) {
    const spec = (command as { operation?: { service: string; operation: string } }).operation;
    if (spec?.service !== service) continue;
    found.set(spec.operation, [...(found.get(spec.operation) ?? []), id.replaceAll(':', ' ')]);
  }
  return found;
}

describe('every operation of a service model has exactly one command', () => {
  for (const [service, file] of [
    ['search', 'kendra-2019-02-03.api.json'],
    ['mobile', 'mobile-2017-07-01.api.json'],
  ] as const) {
    it(`${service}: ${file}`, () => {
      const operations = modelOperations(file);
      const commands = commandsByOperation(service);
      assert.ok(operations.length > (service === 'search' ? 60 : 5), `${operations.length} operations read`);
      assert.deepEqual(
        operations.filter((name) => !commands.has(name)),
        [],
        'operations without a command',
      );
      assert.deepEqual(
        [...commands.keys()].filter((name) => !operations.includes(name)),
        [],
        'commands of operations the model lacks',
      );
      const doubled = [...commands].filter(([, ids]) => ids.length > 1).map(([name, ids]) => `${name}: ${ids.join(', ')}`);
      assert.deepEqual(doubled, [], 'operations with more than one command');
    });
  }

  it('every topic of a command has a description in package.json', () => {
    const topics = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { oclif: { topics: Record<string, { description?: string }> } }).oclif
      .topics;
    const missing = new Set<string>();
    for (const id of Object.keys(COMMANDS)) {
      const words = id.split(':');
      for (let end = 1; end < words.length; end++) {
        const topic = words.slice(0, end).join(':');
        if (!topics[topic]?.description) missing.add(topic);
      }
    }
    // Commands oclif's plugins bring (autocomplete) describe their own topic.
    assert.deepEqual(
      [...missing].filter((topic) => !topic.startsWith('autocomplete')),
      [],
    );
  });
});
