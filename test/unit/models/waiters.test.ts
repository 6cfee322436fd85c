import { strict as assert } from 'node:assert';
import { type Model, SERVICES, readModelFile } from './load-models.js';

/** A botocore waiter v2 acceptor. */
interface Acceptor {
  matcher: string;
  argument?: string;
  expected: unknown;
  state: string;
}

/** A botocore waiter v2 definition. */
interface Waiter {
  operation: string;
  delay: number;
  maxAttempts: number;
  acceptors: Acceptor[];
}

/**
 * The shape a simple path (`A.B`, `A[0].B`) reaches from a structure shape, or throws naming the
 * segment that does not exist.
 */
function resolvePath(model: Model, start: string, path: string): string {
  let current = start;
  for (const segment of path.split('.')) {
    const match = /^(\w+)((?:\[\d+\])*)$/.exec(segment);
    assert.ok(match, `unsupported path segment ${segment}`);
    const member = model.shapes[current]?.members?.[match[1]!];
    assert.ok(member, `${current} has no member ${match[1]}`);
    current = member.shape;
    for (let i = 0; i < (match[2]!.match(/\[/g)?.length ?? 0); i++) {
      const list = model.shapes[current];
      assert.equal(list?.type, 'list', `${segment}: ${current} is not a list`);
      current = list.member!.shape;
    }
  }
  return current;
}

describe('waiters', () => {
  for (const svc of SERVICES) {
    describe(svc.service, () => {
      const model = readModelFile<Model>(svc, 'api.json');
      const file = readModelFile<{ version: number; waiters: Record<string, Waiter> }>(svc, 'waiters.json');

      it('is waiter format version 2', () => assert.equal(file.version, 2));

      it('waits on existing operations with sane timing and a success acceptor', () => {
        for (const [name, w] of Object.entries(file.waiters)) {
          assert.ok(model.operations[w.operation], `${name}: no operation ${w.operation}`);
          assert.ok(Number.isInteger(w.delay) && w.delay > 0, `${name}: delay`);
          assert.ok(Number.isInteger(w.maxAttempts) && w.maxAttempts > 0, `${name}: maxAttempts`);
          assert.ok(
            w.acceptors.some((a) => a.state === 'success'),
            `${name}: no success acceptor`,
          );
          for (const a of w.acceptors) assert.ok(['success', 'failure', 'retry'].includes(a.state), `${name}: state ${a.state}`);
        }
      });

      it('matches output members and real enum values, and errors the operation can return', () => {
        for (const [name, w] of Object.entries(file.waiters)) {
          const op = model.operations[w.operation]!;
          for (const a of w.acceptors) {
            if (a.matcher === 'error') {
              assert.ok(
                op.errors?.some((e) => e.shape === a.expected),
                `${name}: ${w.operation} cannot return ${String(a.expected)}`,
              );
              continue;
            }
            assert.equal(a.matcher, 'path', `${name}: matcher ${a.matcher}`);
            const first = a.argument!.split(/[.[]/)[0]!;
            assert.ok(model.shapes[op.output!.shape]?.members?.[first], `${name}: ${first} is not an output member`);
            const target = model.shapes[resolvePath(model, op.output!.shape, a.argument!)];
            if (target?.enum) assert.ok(target.enum.includes(String(a.expected)), `${name}: ${String(a.expected)} is not a value of ${a.argument}`);
          }
        }
      });
    });
  }

  it('has the search waiters the clients and CLI use', () => {
    const { waiters } = readModelFile<{ waiters: Record<string, Waiter> }>(SERVICES[0]!, 'waiters.json');
    for (const name of ['IndexActive', 'IndexDeleted', 'DataSourceActive', 'DataSourceDeleted', 'FaqActive', 'ThesaurusActive', 'DataSourceSyncJobFinished']) {
      assert.ok(waiters[name], name);
    }
    assert.deepEqual(waiters.IndexDeleted?.acceptors[0], { matcher: 'error', expected: 'ResourceNotFoundException', state: 'success' });
    const sync = waiters.DataSourceSyncJobFinished!;
    assert.equal(sync.operation, 'ListDataSourceSyncJobs');
    const byState = (state: string) =>
      sync.acceptors
        .filter((a) => a.state === state)
        .map((a) => a.expected)
        .sort();
    assert.deepEqual(byState('success'), ['ABORTED', 'INCOMPLETE', 'SUCCEEDED']);
    assert.deepEqual(byState('failure'), ['FAILED']);
    assert.deepEqual(byState('retry'), ['STOPPING', 'SYNCING', 'SYNCING_INDEXING']);
  });

  it('rejects a path through a member that does not exist', () => {
    const model = readModelFile<Model>(SERVICES[0]!, 'api.json');
    assert.equal(resolvePath(model, 'ListDataSourceSyncJobsResponse', 'History[0].Status'), 'DataSourceSyncJobStatus');
    assert.throws(() => resolvePath(model, 'ListDataSourceSyncJobsResponse', 'History.Nope'), /no member Nope/);
  });
});
