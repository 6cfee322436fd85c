import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { modules } from '../../../src/lib/local/registry.js';
import { serveAdmin, type AdminRequest, type AdminTarget } from '../../../src/lib/local/server/admin.js';
import { alonePeers } from '../../../src/lib/local/server/peers.js';
import { SqliteLeaderLease } from '../../../src/lib/local/store/leader-lease.js';
import { openStore } from '../../../src/lib/local/store/open-store.js';
import { StorageState } from '../../../src/lib/local/store/storage-state.js';
import { SQLITE_WRITES } from '../../../src/lib/local/store/store-writes.js';
import { SignatureV4 } from '../../../src/lib/signing/sigv4.js';

describe('local: who may use the admin endpoints', function () {
  let dataDir: string;
  let db: Database.Database;
  let target: AdminTarget;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'nimbus-admin-'));
    db = openStore(dataDir, modules);
    const context = {
      db,
      dataDir,
      s3Dir: join(dataDir, 's3'),
      accountId: '000000000000',
      endpoint: 'http://192.0.2.1:4599',
      createDelay: 0,
      now: () => new Date(),
      credentials: new Map([
        ['test', 'test'],
        ['ASIATEMP', 'temp-secret'],
      ]),
      sessionTokens: new Map([['ASIATEMP', 'the-session-token']]),
      reportError: (error: unknown) => assert.fail(String(error)),
      storage: new StorageState(dataDir, () => {}),
      writes: SQLITE_WRITES,
    };
    const bodies = () => ({ inFlightBytes: 0, waiting: 0 });
    const self = {
      part: () => ({
        pid: process.pid,
        requests: { requests: {}, latency: {} },
        faults: null,
        bodies: bodies(),
        leader: false,
        storage: { full: false, droppedQueryLogEntries: 0 },
      }),
      applyFaults: () => {},
    };
    const lease = new SqliteLeaderLease(db, 'ticker', 'test');
    target = { context, modules, faults: { injector: undefined }, bodies, peers: alonePeers(self), lease, ready: () => true };
  });
  after(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const request = (remoteAddress: string, headers: Record<string, string> = {}): AdminRequest => ({
    method: 'GET',
    path: '/_nimbus/health',
    query: new URLSearchParams(),
    headers: { host: '192.0.2.1:4599', ...headers },
    body: Buffer.alloc(0),
    remoteAddress,
  });

  it('answers loopback callers without a signature', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) assert.equal((await serveAdmin(request(address), target)).status, 200, address);
  });

  it('asks other hosts for a SigV4 signature with an accepted key', async () => {
    const unsigned = await serveAdmin(request('192.0.2.7'), target);
    assert.equal(unsigned.status, 403);
    assert.equal((unsigned.body as { __type: string }).__type, 'MissingAuthenticationTokenException');
    const sign = (secret: string) =>
      new SignatureV4().sign(
        { method: 'GET', protocol: 'http:', hostname: '192.0.2.1', port: 4599, path: '/_nimbus/health', query: {}, headers: { host: '192.0.2.1:4599' } },
        { key: 'test', secret },
        { region: 'us-east-1', service: 'nimbus' },
      ).headers;
    assert.equal((await serveAdmin(request('192.0.2.7', sign('test')), target)).status, 200);
    assert.equal((await serveAdmin(request('192.0.2.7', sign('wrong')), target)).status, 403);
  });

  it('asks other hosts signing with temporary credentials for their session token, and long-term keys for none', async () => {
    const sign = (credentials: { key: string; secret: string; token?: string }) =>
      new SignatureV4().sign(
        { method: 'GET', protocol: 'http:', hostname: '192.0.2.1', port: 4599, path: '/_nimbus/health', query: {}, headers: { host: '192.0.2.1:4599' } },
        credentials,
        { region: 'us-east-1', service: 'nimbus' },
      ).headers;
    const code = async (credentials: { key: string; secret: string; token?: string }) => {
      const answer = await serveAdmin(request('192.0.2.7', sign(credentials)), target);
      return answer.status === 200 ? 'ok' : (answer.body as { __type: string }).__type;
    };
    assert.equal(await code({ key: 'ASIATEMP', secret: 'temp-secret', token: 'the-session-token' }), 'ok');
    assert.equal(await code({ key: 'ASIATEMP', secret: 'temp-secret' }), 'UnrecognizedClientException');
    assert.equal(await code({ key: 'ASIATEMP', secret: 'temp-secret', token: 'another' }), 'UnrecognizedClientException');
    assert.equal(await code({ key: 'test', secret: 'test', token: 'garbage' }), 'UnrecognizedClientException');
  });
});
