import assert from 'node:assert/strict';
import { HandlerList, type Handler, type Middleware } from '../../../src/lib/client/handler-list.js';
import type { Command } from '../../../src/lib/client/command.js';

/** A middleware that records its name on the way in. */
function recorder(name: string, seen: string[]): Middleware {
  return (next) => (command, request) => {
    seen.push(name);
    return next(command, request);
  };
}

const terminal: Handler = async () => ({ $metadata: { headers: {}, attempts: 1, totalRetryDelay: 0 } });
const command = {} as Command;

describe('HandlerList', () => {
  it('runs middleware by step order, whatever the order they were added in', async () => {
    const seen: string[] = [];
    const list = new HandlerList(terminal);
    list.add('send', 'd', recorder('d', seen));
    list.add('build', 'c', recorder('c', seen));
    list.add('init', 'a', recorder('a', seen));
    list.add('validate', 'b', recorder('b', seen));
    await list.resolve()(command);
    assert.deepEqual(seen, ['a', 'b', 'c', 'd']);
    assert.deepEqual(
      list.list().map((entry) => entry.name),
      ['a', 'b', 'c', 'd'],
    );
  });

  it('orders by priority within a step, and places relative to a name', async () => {
    const seen: string[] = [];
    const list = new HandlerList(terminal);
    list.add('sign', 'sign', recorder('sign', seen));
    list.add('sign', 'retry', recorder('retry', seen), { priority: 'high' });
    list.add('sign', 'late', recorder('late', seen), { priority: 'low' });
    list.add('sign', 'before-sign', recorder('before-sign', seen), { before: 'sign' });
    list.add('sign', 'after-retry', recorder('after-retry', seen), { after: 'retry' });
    await list.resolve()(command);
    assert.deepEqual(seen, ['retry', 'after-retry', 'before-sign', 'sign', 'late']);
  });

  it('removes and replaces by name and recomposes', async () => {
    const seen: string[] = [];
    const list = new HandlerList(terminal);
    list.add('build', 'x', recorder('x', seen)).add('build', 'y', recorder('y', seen));
    await list.resolve()(command);
    assert.equal(list.remove('x'), true);
    assert.equal(list.remove('x'), false);
    list.replace('y', recorder('y2', seen));
    await list.resolve()(command);
    assert.deepEqual(seen, ['x', 'y', 'y2']);
    assert.equal(list.has('y'), true);
  });

  it('rejects duplicate names, unknown steps and unknown anchors', () => {
    const list = new HandlerList(terminal);
    list.add('init', 'a', recorder('a', []));
    assert.throws(() => list.add('init', 'a', recorder('a', [])), /already/);
    assert.throws(() => list.add('nope' as never, 'b', recorder('b', [])), /Unknown handler list step/);
    assert.throws(() => list.add('init', 'c', recorder('c', []), { before: 'missing' }), /No middleware named "missing"/);
    assert.throws(() => list.add('build', 'c', recorder('c', []), { before: 'a' }), /is in step init/);
    assert.throws(() => list.replace('missing', recorder('m', [])), /No middleware named "missing" to replace/);
  });

  it('swaps the terminal handler', async () => {
    const list = new HandlerList(terminal);
    list.setHandler(async () => ({ Id: 'x', $metadata: { headers: {}, attempts: 1, totalRetryDelay: 0 } }));
    const result = await list.resolve()(command);
    assert.equal(result.Id, 'x');
    assert.notEqual(list.getHandler(), terminal);
  });

  it('clones independently', async () => {
    const seen: string[] = [];
    const list = new HandlerList(terminal).add('init', 'a', recorder('a', seen));
    const copy = list.clone();
    copy.remove('a');
    await copy.resolve()(command);
    await list.resolve()(command);
    assert.deepEqual(seen, ['a']);
  });
});
