import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { DownloadError } from '../../../src/lib/errors/download-error.js';
import { downloadToFile } from '../../../src/lib/download/download-file.js';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { MobileClient } from '../../../src/lib/services/mobile/mobile-client.js';

/** The entry names of a zip file (fails unless the file is a complete zip). */
function zipEntries(path: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('download: exports of the local mobile service', function () {
  this.timeout(30_000);
  let dir: string;
  let local: LocalService;
  let client: MobileClient;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-download-it-'));
    local = await startLocalService({ port: 0, dataDir: join(dir, 'data'), createDelay: 0 });
    client = new MobileClient({
      region: 'us-east-1',
      version: '2017-07-01',
      endpoint: local.endpoint,
      credentials: { key: 'test', secret: 'test' },
      use_aws_shared_config_files: false,
    });
  });
  after(async () => {
    await local?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('saves a project export and a bundle export as complete zips, under the names the service gives', async () => {
    const { details } = await client.createProjectAsync({ name: 'demo', region: 'us-east-1' });
    const project = await client.exportProjectAsync({ projectId: details!.projectId! });
    const saved = await downloadToFile({ url: project.downloadUrl!, destination: join(dir, 'project.zip') });
    assert.equal(saved.bytes, statSync(saved.path).size);
    assert.ok((await zipEntries(saved.path)).length > 0);

    const out = join(dir, 'out');
    mkdirSync(out);
    const bundle = await client.exportBundleAsync({ bundleId: 'app-config', projectId: details!.projectId!, platform: 'ANDROID' });
    const named = await downloadToFile({ url: bundle.downloadUrl!, destination: out });
    assert.deepEqual(readdirSync(out), [named.path.slice(out.length + 1)]);
    assert.ok((await zipEntries(named.path)).includes('awsconfiguration.json'));
    assert.equal(readFileSync(named.path).subarray(0, 2).toString(), 'PK');
  });

  it('fails cleanly when the presigned URL has been tampered with', async () => {
    const { details } = await client.createProjectAsync({ name: 'demo2', region: 'us-east-1' });
    const { downloadUrl } = await client.exportProjectAsync({ projectId: details!.projectId! });
    const tampered = downloadUrl!.replace(/X-Amz-Signature=([0-9a-f])/, (_, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`);
    const target = join(dir, 'tampered.zip');
    await assert.rejects(
      downloadToFile({ url: tampered, destination: target }),
      (error: unknown) => error instanceof DownloadError && error.statusCode === 403 && !error.message.includes('X-Amz-Signature'),
    );
    assert.equal(readdirSync(dir).includes('tampered.zip'), false);
  });
});
