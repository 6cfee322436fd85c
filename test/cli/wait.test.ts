import assert from 'node:assert/strict';
import { json, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

describe('nimbus --wait', function () {
  this.timeout(60_000);
  let t: TestService;

  before(async () => {
    requireBuild();
    // Resources stay CREATING for a second: the waiter sees CREATING, sleeps, then sees ACTIVE.
    t = await startTestService({ createDelay: 1 });
  });
  after(() => t?.close());

  it('waits for a created index, showing each status on stderr, and for a deleted one', async () => {
    const role = 'arn:aws:iam::000000000000:role/r';
    // Deleting waits on another index meanwhile.
    const deleting = (async () => {
      const doomed = json(await t.run(['search', 'index', 'create', '--name', 'doomed', '--role-arn', role])).Id;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { doomed, deleted: await t.run(['search', 'index', 'delete', '--id', doomed, '--wait']) };
    })();
    const [created, project, noWaiter, { doomed, deleted }] = await Promise.all([
      t.run(['search', 'index', 'create', '--name', 'slow', '--role-arn', role, '--wait', '--stats']),
      t.run(['mobile', 'project', 'create', '--name', 'app', '--wait']),
      t.run(['search', 'index', 'describe', '--id', 'x'.repeat(36), '--wait']),
      deleting,
    ]);
    const id = json(created).Id;
    assert.match(
      created.stderr,
      /^Waiting for the index to become ACTIVE: checking\nWaiting for the index to become ACTIVE: CREATING\nWaiting for the index to become ACTIVE: ACTIVE\nstats: .* \d+ requests/,
    );
    assert.equal(json(await t.run(['search', 'index', 'describe', '--id', id, '--query', 'Status'])), 'ACTIVE');
    assert.match(project.stderr, /Waiting for the project to become NORMAL: NORMAL\n$/);
    assert.equal(noWaiter.code, 252);
    assert.match(noWaiter.stderr, /Nonexistent flag: --wait/);

    assert.equal(deleted.code, 0, deleted.stderr);
    // The deletion is done: the error code that says so is no status to show.
    assert.match(deleted.stderr, /Waiting for the index to be deleted: DELETING\nWaiting for the index to be deleted: deleted\n$/);
    assert.doesNotMatch(deleted.stderr, /ResourceNotFoundException/);
    assert.equal((await t.run(['search', 'index', 'describe', '--id', doomed])).code, 254);
  });
});
