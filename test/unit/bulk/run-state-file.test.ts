import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunStateFile } from '../../../src/lib/bulk/run-state-file.js';
import { fingerprint } from '../../../src/lib/bulk/fingerprint.js';
import { BulkInputError } from '../../../src/lib/errors/bulk-input-error.js';

describe('bulk: the state file of a resumable run', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-state-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('records acknowledged ids with their fingerprints; a later run finds them unchanged until they change', async () => {
    const path = join(dir, 'run.state');
    const first = await RunStateFile.open(path, 'index-1');
    first.acknowledged([
      { id: 'a', fingerprint: 'f1' },
      { id: 'b', fingerprint: 'f2' },
    ]);
    first.acknowledged([{ id: 'a', fingerprint: 'f3' }]);
    await first.close();
    const second = await RunStateFile.open(path, 'index-1');
    assert.deepEqual(
      [second.unchanged('a', 'f3'), second.unchanged('a', 'f1'), second.unchanged('b', 'f2'), second.unchanged('c', 'f2')],
      [true, false, true, false],
    );
    await second.close();
  });

  it('ignores a last line cut short by a crash, and goes on writing on a line of its own', async () => {
    const path = join(dir, 'torn.state');
    const state = await RunStateFile.open(path, 'index-1');
    state.acknowledged([{ id: 'kept', fingerprint: 'k' }]);
    await state.close();
    appendFileSync(path, '{"id":"torn","sha2');
    const resumed = await RunStateFile.open(path, 'index-1');
    assert.equal(resumed.size, 1);
    resumed.acknowledged([{ id: 'next', fingerprint: 'n' }]);
    await resumed.close();
    const again = await RunStateFile.open(path, 'index-1');
    assert.deepEqual([again.unchanged('kept', 'k'), again.unchanged('next', 'n'), again.size], [true, true, 2]);
    await again.close();
    assert.match(readFileSync(path, 'utf8'), /"sha2\n\{"id":"next"/);
  });

  it('refuses the file of another index, and a file that is not a state file', async () => {
    const path = join(dir, 'bound.state');
    await (await RunStateFile.open(path, 'index-1')).close();
    await assert.rejects(
      RunStateFile.open(path, 'index-2'),
      (error: unknown) => error instanceof BulkInputError && /records documents sent to index index-1, not index-2/.test(error.message),
    );
    const other = join(dir, 'notes.txt');
    writeFileSync(other, 'hello\n');
    await assert.rejects(RunStateFile.open(other, 'index-1'), /is not a nimbus state file/);
  });

  it('fingerprints what is sent: key order does not matter, content, attributes and access control do', () => {
    const document = { Id: 'a', Blob: Buffer.from('text'), Title: 'T', Attributes: [{ Key: 'k', Value: { StringValue: 'v' } }] };
    const same = { Title: 'T', Attributes: [{ Value: { StringValue: 'v' }, Key: 'k' }], Blob: Buffer.from('text'), Id: 'a' };
    assert.equal(fingerprint(document), fingerprint(same));
    assert.notEqual(fingerprint(document), fingerprint({ ...document, Blob: Buffer.from('texT') }));
    assert.notEqual(fingerprint(document), fingerprint({ ...document, Attributes: [{ Key: 'k', Value: { StringValue: 'w' } }] }));
    assert.notEqual(fingerprint(document), fingerprint({ ...document, AccessControlList: [{ Name: 'u', Type: 'USER', Access: 'ALLOW' }] }));
    assert.notEqual(fingerprint({ d: new Date(0) }), fingerprint({ d: new Date(1) }));
  });
});
