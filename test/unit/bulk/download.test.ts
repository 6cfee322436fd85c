import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DownloadError } from '../../../src/lib/errors/download-error.js';
import { downloadToFile } from '../../../src/lib/download/download-file.js';
import type { DownloadProgressListener, DownloadResult } from '../../../src/lib/download/download-progress.js';
import { dispositionFileName, downloadFileName } from '../../../src/lib/download/target-path.js';

const PAYLOAD = Buffer.alloc(300_000, 7);

describe('download', () => {
  let dir: string;
  let server: Server;
  let base: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-download-'));
    server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === '/export.zip') {
        res.writeHead(200, {
          'content-type': 'application/zip',
          'content-length': PAYLOAD.length,
          'content-disposition': 'attachment; filename="my project.zip"',
        });
        res.end(PAYLOAD);
      } else if (path === '/chunked/bundle.zip') {
        res.writeHead(200, { 'content-type': 'application/zip' });
        res.write(PAYLOAD.subarray(0, 1000));
        setTimeout(() => res.end(PAYLOAD.subarray(1000)), 10);
      } else if (path === '/short.zip') {
        res.writeHead(200, { 'content-length': PAYLOAD.length });
        res.write(PAYLOAD.subarray(0, 1000));
        setTimeout(() => res.socket?.destroy(), 20);
      } else if (path === '/slow.zip') {
        res.writeHead(200, { 'content-length': PAYLOAD.length });
        res.write(PAYLOAD.subarray(0, 1000));
      } else if (path === '/moved') {
        res.writeHead(302, { location: '/export.zip' });
        res.end();
      } else {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const recorder = () => {
    const events: string[] = [];
    let last = 0;
    const listener: DownloadProgressListener = {
      start: (total, path) => events.push(`start ${total} ${path}`),
      update: (bytes) => (last = bytes),
      finish: (result: DownloadResult | undefined) => events.push(result ? `finish ${result.bytes}` : 'finish failed'),
    };
    return { events, listener, last: () => last };
  };

  it('streams to the file atomically, with progress, and checks the length', async () => {
    const target = join(dir, 'out.zip');
    writeFileSync(target, 'old content');
    const progress = recorder();
    const result = await downloadToFile({ url: `${base}/export.zip?X-Amz-Signature=secret`, destination: target, progress: progress.listener });
    assert.equal(result.path, target);
    assert.equal(result.bytes, PAYLOAD.length);
    assert.deepEqual(readFileSync(target), PAYLOAD);
    assert.deepEqual(progress.events, [`start ${PAYLOAD.length} ${target}`, `finish ${PAYLOAD.length}`]);
    assert.equal(progress.last(), PAYLOAD.length);
    assert.deepEqual(readdirSync(dir), ['out.zip']);
  });

  it('names the file from Content-Disposition, else from the URL, when the destination is a directory; follows redirects', async () => {
    const first = await downloadToFile({ url: `${base}/moved`, destination: dir });
    assert.equal(first.path, join(dir, 'my project.zip'));
    const second = await downloadToFile({ url: `${base}/chunked/bundle.zip`, destination: dir });
    assert.equal(second.path, join(dir, 'bundle.zip'));
    assert.deepEqual(readFileSync(second.path), PAYLOAD);
  });

  it('fails with the status and the error code, never the signature, and leaves nothing behind', async () => {
    const target = join(dir, 'x.zip');
    const progress = recorder();
    await assert.rejects(
      downloadToFile({ url: `${base}/expired.zip?X-Amz-Signature=topsecret`, destination: target, progress: progress.listener }),
      (error: unknown) => {
        assert.ok(error instanceof DownloadError);
        assert.equal(error.code, 'HttpError');
        assert.equal(error.statusCode, 403);
        assert.equal(error.message, `download failed: HTTP 403 from ${base}/expired.zip (AccessDenied)`);
        return true;
      },
    );
    assert.deepEqual(progress.events, ['finish failed']);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('removes the temporary file when the body is cut short, keeping the old file', async () => {
    const target = join(dir, 'keep.zip');
    writeFileSync(target, 'previous');
    await assert.rejects(
      downloadToFile({ url: `${base}/short.zip?sig=s`, destination: target }),
      (error: unknown) => error instanceof DownloadError && !error.message.includes('sig=s'),
    );
    assert.deepEqual(readdirSync(dir), ['keep.zip']);
    assert.equal(readFileSync(target, 'utf8'), 'previous');
  });

  it('stops on abort and cleans up', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(
      downloadToFile({ url: `${base}/slow.zip`, destination: join(dir, 'slow.zip'), signal: controller.signal }),
      (error: unknown) => error instanceof DownloadError && error.code === 'Aborted',
    );
    assert.deepEqual(readdirSync(dir), []);
  });

  it('reports a destination it cannot write to', async () => {
    await assert.rejects(
      downloadToFile({ url: `${base}/export.zip`, destination: join(dir, 'no/such/dir/x.zip') }),
      (error: unknown) => error instanceof DownloadError && error.code === 'WriteError',
    );
    assert.deepEqual(readdirSync(dir), []);
  });

  it('reads file names safely', () => {
    assert.equal(dispositionFileName('attachment; filename="../../etc/passwd"'), 'passwd');
    assert.equal(dispositionFileName("attachment; filename=plain.zip; filename*=UTF-8''caf%C3%A9.zip"), 'café.zip');
    assert.equal(dispositionFileName('attachment; filename=".."'), undefined);
    assert.equal(downloadFileName('http://h/a/b/c%20d.zip?x=1', undefined), 'c d.zip');
    assert.equal(downloadFileName('http://h/', undefined), 'download');
  });
});
