import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { BIN, requireBuild, type CliResult } from '../helpers/cli.js';
import { startTestService, type TestService } from '../helpers/service.js';

/** The entry names of a zip file (fails unless it is a complete zip). */
function zipEntries(path: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
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

/** Runs the built CLI in `cwd` (a bare `--download` saves there); `interruptOn` sends SIGINT once stderr contains it. */
function runIn(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv, interruptOn?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (interruptOn !== undefined && stderr.includes(interruptOn)) {
        interruptOn = undefined;
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * A stand-in for the mobile service whose exports point at downloads that go wrong: `short`
 * (the connection ends halfway), `denied` (403 from the storage) and `slow` (half the bytes,
 * then nothing). The export's project id names the download.
 */
async function startBrokenExports(): Promise<{ endpoint: string; server: Server }> {
  const server = createServer((req, res: ServerResponse) => {
    const { port } = server.address() as AddressInfo;
    const exported = /^\/exports\/(\w+)$/.exec(req.url ?? '');
    if (req.method === 'POST' && exported) {
      const url = `http://127.0.0.1:${port}/files/${exported[1]}.zip?X-Amz-Signature=secret`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ downloadUrl: url, shareUrl: url, snapshotId: 'snap' }));
      return;
    }
    if (req.url?.startsWith('/files/denied.zip')) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': '200000' });
    res.write(Buffer.alloc(100_000, 1));
    if (req.url?.startsWith('/files/short.zip')) setTimeout(() => res.destroy(), 50);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('nimbus mobile project/bundle export --download', function () {
  this.timeout(60_000);
  let t: TestService;
  let projectId: string;

  before(async () => {
    requireBuild();
    t = await startTestService();
    const created = await t.run(['mobile', 'project', 'create', '--name', 'shop', '--query', 'details.projectId', '--output', 'text']);
    assert.equal(created.code, 0, created.stderr);
    projectId = created.stdout.trim();
  });
  after(async () => t?.close());

  const folder = (name: string): string => {
    const path = join(t.dir, name);
    mkdirSync(path, { recursive: true });
    return path;
  };
  const inFolder = (cwd: string, args: string[]) => runIn(cwd, [...args, '--endpoint-url', t.service.endpoint], t.env);

  it("a bare --download saves the project zip in the current directory under the server's name; stdout keeps the result", async () => {
    const cwd = folder('bare');
    const result = await inFolder(cwd, ['mobile', 'project', 'export', '--project-id', projectId, '--download']);
    assert.equal(result.code, 0, result.stderr);
    const output = JSON.parse(result.stdout);
    assert.deepEqual(Object.keys(output).sort(), ['downloadUrl', 'shareUrl', 'snapshotId']);
    assert.deepEqual(readdirSync(cwd), ['shop.zip']);
    const saved = join(cwd, 'shop.zip');
    assert.match(result.stderr, /^Saved shop\.zip \([\d.]+ (B|KB) in [\d.]+ m?s\)$/m);
    assert.ok((await zipEntries(saved)).length > 0);
    assert.ok(!result.stderr.includes('X-Amz-Signature'));
  });

  it('--download FILE saves the bundle there; --query and --output text still print only the data asked for', async () => {
    const cwd = folder('file');
    const target = join(cwd, 'android.zip');
    const result = await inFolder(cwd, [
      'mobile',
      'bundle',
      'export',
      '--bundle-id',
      'app-config',
      '--project-id',
      projectId,
      '--platform',
      'ANDROID',
      '--download',
      target,
      '--query',
      'downloadUrl',
      '--output',
      'text',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^http:\/\/127\.0\.0\.1:\d+\/\S+\n$/);
    assert.deepEqual(readdirSync(cwd), ['android.zip']);
    assert.ok((await zipEntries(target)).includes('awsconfiguration.json'));
    assert.match(result.stderr, new RegExp(`^Saved ${target.replaceAll('.', '\\.')} \\(`, 'm'));
  });

  it("--download DIR saves under the server's file name, next to what is there", async () => {
    const cwd = folder('dir');
    const into = folder('dir/exports');
    writeFileSync(join(into, 'keep.txt'), 'mine');
    const result = await inFolder(cwd, ['mobile', 'bundle', 'export', '--bundle-id', 'app-config', '--platform', 'JAVASCRIPT', '--download', into]);
    assert.equal(result.code, 0, result.stderr);
    const names = readdirSync(into).sort();
    assert.equal(names.length, 2, names.join());
    const zip = names.find((name) => name.endsWith('.zip'))!;
    assert.equal(statSync(join(into, zip)).size > 0, true);
    assert.ok((await zipEntries(join(into, zip))).length > 0);
    assert.equal(readFileSync(join(into, 'keep.txt'), 'utf8'), 'mine');
  });

  it('works with the embedded service of --local', async () => {
    const cwd = folder('local');
    const env = t.env;
    const created = await runIn(cwd, ['mobile', 'project', 'create', '--name', 'embedded', '--local', '--query', 'details.projectId', '--output', 'text'], env);
    assert.equal(created.code, 0, created.stderr);
    const result = await runIn(cwd, ['mobile', 'project', 'export', '--project-id', created.stdout.trim(), '--local', '--download', 'out.zip'], env);
    assert.equal(result.code, 0, result.stderr);
    assert.ok((await zipEntries(join(cwd, 'out.zip'))).length > 0);
  });

  describe('when the download goes wrong, nothing is left behind', () => {
    let broken: { endpoint: string; server: Server };
    before(async () => {
      broken = await startBrokenExports();
    });
    after(() => {
      broken?.server.closeAllConnections();
      broken?.server.close();
    });

    const attempt = (cwd: string, name: string, interruptOn?: string) =>
      runIn(cwd, ['mobile', 'project', 'export', '--project-id', name, '--download', 'app.zip', '--endpoint-url', broken.endpoint], t.env, interruptOn);
    const untouched = (cwd: string) => {
      assert.deepEqual(readdirSync(cwd), ['app.zip'], 'no partial or temporary file');
      assert.equal(readFileSync(join(cwd, 'app.zip'), 'utf8'), 'the previous download');
    };
    const withOldFile = (name: string): string => {
      const cwd = folder(name);
      writeFileSync(join(cwd, 'app.zip'), 'the previous download');
      return cwd;
    };

    it('a connection cut short: exit 255, the old file untouched', async () => {
      const cwd = withOldFile('short');
      const result = await attempt(cwd, 'short');
      assert.equal(result.code, 255, result.stderr);
      assert.match(result.stderr, /^nimbus: DownloadError: download of http:\/\/127\.0\.0\.1:\d+\/files\/short\.zip /m);
      assert.ok(!result.stderr.includes('secret'));
      assert.ok(JSON.parse(result.stdout).downloadUrl, 'the result is printed before the download');
      untouched(cwd);
    });

    it('an error from the storage: exit 254 with its code', async () => {
      const cwd = withOldFile('denied');
      const result = await attempt(cwd, 'denied');
      assert.equal(result.code, 254, result.stderr);
      assert.match(result.stderr, /^nimbus: download failed: HTTP 403 from http:\/\/127\.0\.0\.1:\d+\/files\/denied\.zip \(AccessDenied\)$/m);
      untouched(cwd);
    });

    it('Ctrl-C mid-download: exit 130, the partial file removed', async () => {
      const cwd = withOldFile('slow');
      const result = await attempt(cwd, 'slow', ' of 195.3 KB');
      assert.equal(result.code, 130, result.stderr);
      assert.match(result.stderr, /97\.7 KB of 195\.3 KB/);
      untouched(cwd);
    });
  });
});
