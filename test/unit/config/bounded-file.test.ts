import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileRefusal, readBoundedFile } from '../../../src/lib/config/bounded-file.js';

describe('readBoundedFile: a regular file within a size limit, or a refusal in words', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'nimbus-bounded-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The refusal `read` throws. */
  function refusal(read: () => unknown): FileRefusal {
    try {
      read();
    } catch (error) {
      assert.ok(error instanceof FileRefusal, String(error));
      return error;
    }
    assert.fail('expected a refusal');
  }

  it('reads a regular file up to the limit, exactly', () => {
    const file = join(dir, 'ok');
    writeFileSync(file, 'x'.repeat(100));
    assert.equal(readBoundedFile(file, 100).length, 100);
    assert.equal(refusal(() => readBoundedFile(file, 99, 'a test file')).problem, 'is larger than 99 bytes, the limit for a test file');
  });

  it('stops reading past the limit a file whose size stat does not tell (/proc)', () => {
    assert.equal(refusal(() => readBoundedFile('/proc/self/status', 64)).problem, 'is larger than 64 bytes, the limit for this file');
  });

  it('refuses a FIFO (without waiting for a writer), a device and a directory; gives the code of a missing file', () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    assert.equal(refusal(() => readBoundedFile(fifo)).reason, ': it is a FIFO (named pipe), not a regular file');
    assert.equal(refusal(() => readBoundedFile('/dev/zero')).problem, 'is a character device, not a regular file');
    assert.equal(refusal(() => readBoundedFile(dir)).problem, 'is a directory, not a regular file');
    const missing = refusal(() => readBoundedFile(join(dir, 'missing')));
    assert.equal(missing.code, 'ENOENT');
    assert.equal(missing.reason, ' (ENOENT)');
  });
});
