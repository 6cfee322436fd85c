import { strict as assert } from 'node:assert';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTestPki, type TestPki } from '../../support/tls/index.js';
import { closedPort } from '../../support/closed-port.js';
import { cliEnv, nimbus, requireBuild } from '../helpers/cli.js';
import { freshCall, freshGet, freshOk, waitFor } from '../helpers/fresh-call.js';
import { startLocalServer } from '../helpers/local-start.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('nimbus local start for operators: TLS, request log, health, graceful stop, admin commands', function () {
  this.timeout(90_000);
  let dir: string;
  let env: NodeJS.ProcessEnv;

  before(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-ops-'));
    mkdirSync(join(dir, 'home'));
    env = cliEnv(join(dir, 'home'), { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1', AWS_MAX_ATTEMPTS: '1' });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  describe('TLS', () => {
    let pki: TestPki;
    before(() => (pki = createTestPki()));
    after(() => pki.cleanup());

    it('serves HTTPS with --tls-cert/--tls-key on every worker, and reads them again on SIGHUP', async () => {
      const cert = join(dir, 'live.pem');
      const key = join(dir, 'live.key');
      copyFileSync(pki.wrongHost.certFile, cert);
      copyFileSync(pki.wrongHost.keyFile, key);
      const server = await startLocalServer(['--port', '0', '--data-dir', join(dir, 'tls'), '--workers', '2', '--tls-cert', cert, '--tls-key', key], env);
      try {
        assert.match(server.endpoint, /^https:\/\/127\.0\.0\.1:\d+$/);
        const list = () => nimbus(['search', 'index', 'list', '--endpoint-url', server.endpoint, '--ca-bundle', pki.ca.certFile], { env });
        const refused = await list();
        assert.equal(refused.code, 255, refused.stderr);
        assert.match(refused.stderr, /127\.0\.0\.1/);
        copyFileSync(pki.server.certFile, cert);
        copyFileSync(pki.server.keyFile, key);
        server.signal('SIGHUP');
        await waitFor(async () => server.stderr().match(/reloaded its TLS certificate/g)?.length === 2);
        for (let i = 0; i < 2; i++) {
          const listed = await list();
          assert.equal(listed.code, 0, listed.stderr);
          assert.deepEqual(JSON.parse(listed.stdout), { IndexConfigurationSummaryItems: [] });
        }
        const status = await nimbus(['local', 'status', '--endpoint-url', server.endpoint, '--ca-bundle', pki.ca.certFile], { env });
        assert.equal(status.code, 0, status.stderr);
        assert.equal(JSON.parse(status.stdout).endpoint, server.endpoint);
      } finally {
        assert.equal(await server.stop(), 0);
      }
    });

    it('refuses --tls-cert without --tls-key, and a key file it cannot read, in one line', async () => {
      const half = await nimbus(['local', 'start', '--port', '0', '--data-dir', join(dir, 'tls'), '--tls-cert', pki.server.certFile], { env });
      assert.equal(half.code, 252);
      assert.equal(half.stderr, 'nimbus: --tls-cert and --tls-key go together: give both, or neither for plain HTTP\n');
      const missing = join(dir, 'no-such.key');
      const unreadable = await nimbus(
        ['local', 'start', '--port', '0', '--data-dir', join(dir, 'tls'), '--workers', '1', '--tls-cert', pki.server.certFile, '--tls-key', missing],
        { env },
      );
      assert.equal(unreadable.code, 253);
      assert.equal(unreadable.stderr, `nimbus: Cannot read the TLS key ${missing}: ENOENT\n`);
      // with workers, the primary tells it once for them all
      const inCluster = await nimbus(
        ['local', 'start', '--port', '0', '--data-dir', join(dir, 'tls'), '--workers', '2', '--tls-cert', pki.server.certFile, '--tls-key', missing],
        { env },
      );
      assert.equal(inCluster.code, 253);
      assert.equal(inCluster.stderr, `nimbus: Cannot read the TLS key ${missing}: ENOENT\n`);
    });
  });

  it('writes one JSON line per request to --log-file, with no secret, signature or document text', async () => {
    const logFile = join(dir, 'requests.log');
    const server = await startLocalServer(
      [
        '--port',
        '0',
        '--data-dir',
        join(dir, 'logged'),
        '--workers',
        '2',
        '--credentials',
        'AKIDLOGGED:s3cr3t-value',
        '--log-file',
        logFile,
        '--create-delay',
        '0',
      ],
      env,
    );
    const signed = { ...env, AWS_ACCESS_KEY_ID: 'AKIDLOGGED', AWS_SECRET_ACCESS_KEY: 's3cr3t-value' };
    try {
      const created = await nimbus(['search', 'index', 'create', '--name', 'logged', '--role-arn', ROLE, '--endpoint-url', server.endpoint], { env: signed });
      assert.equal(created.code, 0, created.stderr);
      const IndexId = JSON.parse(created.stdout).Id as string;
      const document = JSON.stringify([
        { Id: 'secret-doc', Title: 'walrus manual', Blob: Buffer.from('confidential walrus text').toString('base64'), ContentType: 'PLAIN_TEXT' },
      ]);
      const put = await nimbus(['search', 'document', 'put', '--index-id', IndexId, '--documents', document, '--endpoint-url', server.endpoint], {
        env: signed,
      });
      assert.equal(put.code, 0, put.stderr);
      const unsigned = await freshCall(server.endpoint, 'ListIndices', {});
      assert.equal(unsigned.status, 403);
    } finally {
      assert.equal(await server.stop(), 0);
    }
    const text = readFileSync(logFile, 'utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const byOperation = (operation: string) => lines.find((line) => line.operation === operation);
    const put = byOperation('BatchPutDocument');
    assert.equal(put.status, 200);
    assert.equal(put.level, 'info');
    assert.equal(put.accessKeyId, 'AKIDLOGGED');
    assert.match(put.requestId, /^[0-9a-f-]{36}$/);
    assert.ok(put.bytesIn > 0 && put.bytesOut > 0, JSON.stringify(put));
    assert.equal(typeof put.latencyMs, 'number');
    assert.equal(byOperation('CreateIndex').status, 200);
    const refused = lines.find((line) => line.status === 403);
    assert.equal(refused.level, 'warn');
    assert.equal(refused.accessKeyId, null);
    assert.equal(new Set(lines.map((line) => line.pid)).size >= 1, true);
    for (const forbidden of ['s3cr3t-value', 'Signature=', 'confidential', Buffer.from('confidential walrus text').toString('base64')]) {
      assert.ok(!text.includes(forbidden), `the log holds ${forbidden}`);
    }
  });

  it('tells liveness from readiness, and on SIGTERM finishes the request in flight, hands the lease back and exits 0', async () => {
    const dataDir = join(dir, 'graceful');
    const server = await startLocalServer(
      ['--port', '0', '--data-dir', dataDir, '--workers', '2', '--faults', 'ListIndices.latency=1500ms', '--shutdown-timeout', '20'],
      env,
    );
    assert.deepEqual((await freshGet(`${server.endpoint}/_nimbus/health/live`)).body.live, true);
    const ready = await freshGet(`${server.endpoint}/_nimbus/health/ready`);
    assert.equal(ready.status, 200);
    assert.equal((await freshGet(`${server.endpoint}/_nimbus/health`)).body.ready, true);
    await waitFor(async () => (await freshGet(`${server.endpoint}/_nimbus/health`)).body.background.holder);
    const slow = freshCall(server.endpoint, 'ListIndices', {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = server.stop('SIGTERM');
    const answer = await slow;
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { IndexConfigurationSummaryItems: [] });
    assert.equal(await exited, 0);
    const db = new Database(join(dataDir, 'nimbus.db'), { readonly: true });
    try {
      assert.deepEqual(db.prepare("SELECT holder, expires_at FROM service_leases WHERE name = 'ticker'").get(), { holder: null, expires_at: 0 });
    } finally {
      db.close();
    }
  });

  it('shows the status, resets and sets faults through nimbus local status|reset|faults, signing for another host', async () => {
    const server = await startLocalServer(['--port', '0', '--host', '0.0.0.0', '--data-dir', join(dir, 'admin'), '--workers', '1', '--create-delay', '0'], env);
    try {
      const { Id } = await freshOk(server.endpoint, 'CreateIndex', { Name: 'to-reset', RoleArn: ROLE });
      const status = await nimbus(['local', 'status', '--endpoint-url', server.endpoint], { env });
      assert.equal(status.code, 0, status.stderr);
      assert.equal(JSON.parse(status.stdout).counts.search.indices, 1);
      assert.ok(Id);
      // the service's other address is not loopback: the admin endpoints need a signature there
      const remote = server.endpoint.replace('127.0.0.1', '192.0.2.2');
      const signedStatus = await nimbus(['local', 'status', '--endpoint-url', remote], { env });
      assert.equal(signedStatus.code, 0, signedStatus.stderr);
      const wrong = await nimbus(['local', 'status', '--endpoint-url', remote], { env: { ...env, AWS_SECRET_ACCESS_KEY: 'wrong' } });
      assert.equal(wrong.code, 254);
      assert.match(wrong.stderr, /^nimbus: The local service at http:\/\/192\.0\.2\.2:\d+ refused: InvalidSignatureException: /);
      const reset = await nimbus(['local', 'reset', '--endpoint-url', remote], { env });
      assert.equal(reset.code, 0, reset.stderr);
      assert.equal(JSON.parse(reset.stdout).counts.search.indices, 0);
      const bad = await nimbus(['local', 'faults', 'throttle=2', '--endpoint-url', server.endpoint], { env });
      assert.equal(bad.code, 254);
      assert.match(bad.stderr, /ValidationException/);
    } finally {
      assert.equal(await server.stop(), 0);
    }
    const port = await closedPort();
    const nobody = await nimbus(['local', 'status', '--endpoint-url', `http://127.0.0.1:${port}`], { env });
    assert.equal(nobody.code, 255);
    assert.match(nobody.stderr, new RegExp(`^nimbus: Cannot reach the local service at http://127\\.0\\.0\\.1:${port}: .*\\n$`));
  });
});
