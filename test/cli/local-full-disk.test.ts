import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activeIndex, ok, textDoc, until } from '../integration/local-search/support.js';
import { fillDisk, mountSmallDisk, unmountSmallDisk } from '../support/small-disk.js';
import { cliEnv, json, nimbus, requireBuild } from './helpers/cli.js';
import { startLocalServer, type StartedLocalService } from './helpers/local-start.js';

async function health(endpoint: string): Promise<{ storage: { full: boolean; fullSince?: string; droppedQueryLogEntries: number } }> {
  const response = await fetch(`${endpoint}/_nimbus/health`);
  assert.equal(response.status, 200);
  return (await response.json()) as never;
}

// A real full disk: the data dir is a small tmpfs (mounting one needs root, as CI runs).
describe('nimbus local start on a full disk', function () {
  this.timeout(60_000);
  let dir: string;
  let mountPoint: string;
  let server: StartedLocalService | undefined;

  before(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-full-'));
    mountPoint = mountSmallDisk(dir, 4);
  });
  after(async () => {
    await server?.stop();
    if (mountPoint) unmountSmallDisk(mountPoint);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps answering Query and Retrieve, refuses writes with a retryable error that says storage is full, and reports it in health until room is back; started on a full disk, says so in one line', async () => {
    const env = cliEnv(dir, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' });
    server = await startLocalServer(['--port', '0', '--data-dir', join(mountPoint, 'data'), '--create-delay', '0'], env);
    const endpoint = server.endpoint;
    const index = await activeIndex(endpoint);
    await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('lamp', 'Lamps', 'an oil lamp lights the desk')] });
    const filler = fillDisk(mountPoint, 64 * 1024);

    const cli = (args: string[]) => nimbus([...args, '--endpoint-url', endpoint, '--max-attempts', '1'], { env });
    const query = await cli(['search', 'query', '--index-id', index, '--query-text', 'lamp', '--query', 'ResultItems[].DocumentId']);
    assert.deepEqual(json(query), ['lamp'], 'Query answers while the disk is full');
    const retrieve = await cli(['search', 'retrieve', '--index-id', index, '--query-text', 'oil lamp', '--query', 'ResultItems[].DocumentId']);
    assert.deepEqual(json(retrieve), ['lamp'], 'Retrieve answers while the disk is full');

    const documents = JSON.stringify([{ Id: 'desk', Title: 'Desk', Blob: Buffer.from('a wooden desk').toString('base64'), ContentType: 'PLAIN_TEXT' }]);
    const put = await cli(['search', 'document', 'put', '--index-id', index, '--documents', documents]);
    assert.equal(put.code, 254);
    assert.match(
      put.stderr,
      /^nimbus: InternalServerException: The storage of the local data dir is full, so nothing was written; free disk space and retry\./,
    );
    const project = await cli(['mobile', 'project', 'create', '--name', 'app']);
    assert.equal(project.code, 254);
    assert.match(project.stderr, /^nimbus: ServiceUnavailableException: the storage of the local data dir is full/);

    const full = await health(endpoint);
    assert.equal(full.storage.full, true);
    assert.match(full.storage.fullSince ?? '', /^\d{4}-\d\d-\d\dT/);
    assert.equal(full.storage.droppedQueryLogEntries, 1, 'the one query log entry that could not be written is counted');

    unlinkSync(filler);
    // a health check tries a write, and does not wait while another worker (its background tick) holds the store
    const recovered = await until(async () => {
      const report = await health(endpoint);
      return report.storage.full === false && report;
    });
    assert.deepEqual(recovered.storage, { full: false, droppedQueryLogEntries: 1 });
    assert.deepEqual(json(await cli(['search', 'document', 'put', '--index-id', index, '--documents', documents])), { FailedDocuments: [] });

    await server.stop();
    const log = server.stderr();
    server = undefined;
    assert.match(log, /nimbus local: the storage of the data dir .* is full: writes are refused \(retryable\)/);
    assert.match(log, /nimbus local: the storage of the data dir .* has room again: writes are accepted/);
    assert.doesNotMatch(log, /^\s+at /m, 'no stack trace');

    // started on a disk already full, it cannot make the write-ahead log's files: it says so in one line
    const again = fillDisk(mountPoint, 64 * 1024);
    const refused = await nimbus(['local', 'start', '--port', '0', '--data-dir', join(mountPoint, 'data')], { env });
    unlinkSync(again);
    assert.equal(refused.code, 255);
    assert.equal(
      refused.stderr,
      `nimbus: The local service cannot start: the disk of the data dir ${join(mountPoint, 'data')} is full, so its database cannot be opened; free some space and start again\n`,
    );
  });
});
