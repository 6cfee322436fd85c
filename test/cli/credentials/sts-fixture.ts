import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { newSessionKeys, startFakeSts, type FakeSts } from '../../integration/credentials/sts/fake-sts.js';
import { cliEnv } from '../helpers/cli.js';

/**
 * A fake STS and a local service that accepts exactly the credentials the fake STS issues, each
 * only with its session token, behind a recording front (so tests see the headers each service
 * request carried), with a temporary HOME.
 */
export interface StsFixture {
  sts: FakeSts;
  local: LocalService;
  /** The front's URL: what `--endpoint-url` points at. */
  endpoint: string;
  /** The headers of every request the front passed on to the local service. */
  seen: IncomingHttpHeaders[];
  home: string;
  /** PATH, HOME and AWS_ENDPOINT_URL_STS; nothing else. */
  env: NodeJS.ProcessEnv;
  /** Writes a file under HOME and returns its path. */
  write(relativePath: string, text: string): string;
  close(): Promise<void>;
}

/** How many credentials the fake STS can issue in one fixture: more than any test assumes roles. */
const STS_ISSUES = 16;

export async function startStsFixture(): Promise<StsFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-sts-'));
  const home = join(dir, 'home');
  mkdirSync(home);
  const issues = newSessionKeys(STS_ISSUES);
  const sts = await startFakeSts({ issues });
  const local = await startLocalService({ port: 0, dataDir: join(dir, 'data'), credentials: issues, createDelay: 0 });
  const target = new URL(local.endpoint);
  const seen: IncomingHttpHeaders[] = [];
  const front = createServer((req, res) => {
    seen.push(req.headers);
    const upstream = request({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;
  return {
    sts,
    local,
    endpoint: `http://127.0.0.1:${port}`,
    seen,
    home,
    env: cliEnv(home, { AWS_ENDPOINT_URL_STS: sts.endpoint }),
    write(relativePath, text) {
      const path = join(home, relativePath);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
    async close() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await local.close();
      await sts.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
