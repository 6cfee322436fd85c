import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AWS_CLIS,
  runAwsCli,
  startConnectProxy,
  startTlsFront,
  startTlsService,
  type TestProxy,
  type TlsFront,
  type TlsService,
} from '../../support/tls/index.js';
import { cliEnv, nimbus, requireBuild, type CliResult } from '../helpers/cli.js';

describe('nimbus over HTTPS and through proxies (the AWS CLI as reference)', function () {
  this.timeout(90_000);
  let tls: TlsService;
  let proxy: TestProxy;
  let authProxy: TestProxy;
  let home: string;

  before(async () => {
    requireBuild();
    tls = await startTlsService();
    proxy = await startConnectProxy();
    authProxy = await startConnectProxy({ auth: { username: 'proxy user', password: 'p@ss:word' } });
    home = join(tls.dir, 'home');
    mkdirSync(join(home, '.aws'), { recursive: true });
  });
  after(async () => {
    await authProxy?.close();
    await proxy?.close();
    await tls?.close();
  });

  const baseEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
    cliEnv(home, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_DEFAULT_REGION: 'us-east-1', AWS_REGION: 'us-east-1', ...extra });

  /**
   * Lists indices at `endpoint` with nimbus and each AWS CLI, with the same extra flags and
   * environment (one attempt each, so that a failure is quick), and returns the runs by name.
   */
  async function listAll(endpoint: string, flags: string[], extra: NodeJS.ProcessEnv = {}): Promise<Record<string, CliResult>> {
    const env = baseEnv({ AWS_MAX_ATTEMPTS: '1', AWS_RETRY_MODE: 'standard', ...extra });
    const runs: Record<string, CliResult> = { nimbus: await nimbus(['search', 'index', 'list', '--endpoint-url', endpoint, ...flags], { env }) };
    for (const cli of AWS_CLIS) runs[cli] = { signal: null, ...(await runAwsCli(cli, ['kendra', 'list-indices', '--endpoint-url', endpoint, ...flags], env)) };
    return runs;
  }

  function assertListed(runs: Record<string, CliResult>): void {
    for (const [name, run] of Object.entries(runs)) {
      assert.equal(run.code, 0, `${name}: ${run.stderr}`);
      assert.deepEqual(JSON.parse(run.stdout), { IndexConfigurationSummaryItems: [] }, name);
    }
  }

  /** Every CLI failed with exit 255; nimbus with one line naming the host and `reason`, and no stack trace. */
  function assertRefused(runs: Record<string, CliResult>, reason: RegExp, host: string): void {
    for (const [name, run] of Object.entries(runs)) assert.equal(run.code, 255, `${name}: ${run.stderr}`);
    const { stderr, stdout } = runs.nimbus!;
    assert.equal(stdout, '');
    assert.equal(stderr.trim().split('\n').length, 1, stderr);
    assert.match(stderr, reason);
    assert.ok(stderr.includes(host), stderr);
    assert.doesNotMatch(stderr, /\n\s+at /);
  }

  it("trusts a private CA from --ca-bundle, AWS_CA_BUNDLE or the profile's ca_bundle", async () => {
    assertListed(await listAll(tls.endpoint, ['--ca-bundle', tls.pki.ca.certFile]));
    assertListed(await listAll(tls.endpoint, [], { AWS_CA_BUNDLE: tls.pki.ca.certFile }));
    const config = join(tls.dir, 'ca-config');
    writeFileSync(config, `[default]\nca_bundle = ${tls.pki.ca.certFile}\n`);
    assertListed(await listAll(tls.endpoint, [], { AWS_CONFIG_FILE: config }));
  });

  it("accepts a bundle of several certificates, and a bundle without the server's CA does not trust it", async () => {
    const both = tls.pki.bundle('both.pem', tls.pki.otherCa.cert, tls.pki.ca.cert);
    assertListed(await listAll(tls.endpoint, ['--ca-bundle', both]));
    const other = await listAll(tls.endpoint, ['--ca-bundle', tls.pki.otherCa.certFile]);
    assertRefused(other, /not trusted/, `127.0.0.1:${tls.front.port}`);
  });

  it("refuses an untrusted, an expired or another host's certificate with one line naming the host and the reason", async () => {
    const host = `127.0.0.1:${tls.front.port}`;
    const untrusted = await listAll(tls.endpoint, []);
    assertRefused(untrusted, /TLS certificate verification failed for .*not trusted.*--ca-bundle/, host);

    const fronts: TlsFront[] = [];
    try {
      for (const [certificate, reason] of [
        [tls.pki.expired, /has expired \(CERT_HAS_EXPIRED\)/],
        [tls.pki.wrongHost, /for another host name/],
      ] as const) {
        const front = await startTlsFront({ targetPort: tls.service.port, cert: certificate.cert, key: certificate.key });
        fronts.push(front);
        const runs = await listAll(front.endpoint, ['--ca-bundle', tls.pki.ca.certFile]);
        assertRefused(runs, reason, `127.0.0.1:${front.port}`);
        assert.doesNotMatch(runs.nimbus!.stderr, /to trust its authority/, 'trusting another authority would not help');
      }
    } finally {
      for (const front of fronts) await front.close();
    }
  });

  it('--no-verify-ssl connects anyway and warns on stderr', async () => {
    const runs = await listAll(tls.endpoint, ['--no-verify-ssl']);
    assertListed(runs);
    assert.match(runs.nimbus!.stderr, /^nimbus: warning: --no-verify-ssl: TLS certificates are not verified/);
  });

  it("trusts the system's trust store (SSL_CERT_FILE names it) without a CA bundle", async () => {
    const run = await nimbus(['search', 'index', 'list', '--endpoint-url', tls.endpoint], { env: baseEnv({ SSL_CERT_FILE: tls.pki.ca.certFile }) });
    assert.equal(run.code, 0, run.stderr);
  });

  it('goes through HTTPS_PROXY / https_proxy with a CONNECT tunnel, proxy credentials from the URL', async () => {
    const trust = { AWS_CA_BUNDLE: tls.pki.ca.certFile };
    for (const variable of ['HTTPS_PROXY', 'https_proxy']) {
      const before = authProxy.tunnels.length;
      const runs = await listAll(tls.endpoint, [], { ...trust, [variable]: authProxy.urlWithCredentials() });
      assertListed(runs);
      assert.equal(authProxy.tunnels.length, before + Object.keys(runs).length, `one tunnel per CLI through ${variable}`);
      assert.ok(authProxy.tunnels.slice(before).every((target) => target === `127.0.0.1:${tls.front.port}`));
    }
    assert.equal(authProxy.refused, 0);
  });

  it('a proxy that refuses the credentials (or gets none): one line, exit 255, the password never shown', async () => {
    for (const url of [authProxy.url, `http://someone:s3cret-value@127.0.0.1:${authProxy.port}`]) {
      const runs = await listAll(tls.endpoint, [], { AWS_CA_BUNDLE: tls.pki.ca.certFile, HTTPS_PROXY: url });
      for (const [name, run] of Object.entries(runs)) assert.equal(run.code, 255, `${name}: ${run.stderr}`);
      assert.match(runs.nimbus!.stderr, /^nimbus: ConnectionError: .*the proxy answered 407 to CONNECT/);
      assert.equal(runs.nimbus!.stderr.trim().split('\n').length, 1);
      assert.ok(!runs.nimbus!.stderr.includes('s3cret-value'));
    }
  });

  it('a proxy variable that is not an http(s) URL is a configuration error (253), its password not shown', async () => {
    const run = await nimbus(['search', 'index', 'list', '--endpoint-url', tls.endpoint], {
      env: baseEnv({ HTTPS_PROXY: 'socks5://me:s3cret-value@127.0.0.1:1080' }),
    });
    assert.equal(run.code, 253, run.stderr);
    assert.equal(
      run.stderr,
      'nimbus: HTTPS_PROXY must be an http:// or https:// proxy URL such as http://proxy.local:3128, not "socks5://***@127.0.0.1:1080"\n',
    );
  });

  it('NO_PROXY exempts a host, and HTTP_PROXY does not apply to https endpoints', async () => {
    const trust = { AWS_CA_BUNDLE: tls.pki.ca.certFile };
    const before = proxy.tunnels.length;
    assertListed(await listAll(tls.endpoint, [], { ...trust, HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' }));
    assertListed(await listAll(tls.endpoint, [], { ...trust, https_proxy: proxy.url, no_proxy: `127.0.0.1:${tls.front.port}` }));
    assertListed(await listAll(tls.endpoint, [], { ...trust, HTTP_PROXY: proxy.url }));
    assert.equal(proxy.tunnels.length, before, 'no tunnel opened');
  });

  it('HTTP_PROXY carries requests to http endpoints', async () => {
    const before = proxy.tunnels.length + proxy.forwarded.length;
    const runs = await listAll(tls.service.endpoint, [], { HTTP_PROXY: proxy.url });
    assertListed(runs);
    assert.equal(proxy.tunnels.length + proxy.forwarded.length, before + Object.keys(runs).length);
  });

  it('a CA bundle that cannot be used stops the run: exit 252 for the flag, 253 for the configuration', async () => {
    const notPem = join(tls.dir, 'not-pem.txt');
    writeFileSync(notPem, 'hello\n');
    const flag = await nimbus(['search', 'index', 'list', '--endpoint-url', tls.endpoint, '--ca-bundle', notPem], { env: baseEnv({}) });
    assert.equal(flag.code, 252, flag.stderr);
    assert.match(flag.stderr, /CA bundle ".*not-pem\.txt" \(--ca-bundle\) has no PEM certificate/);
    const missing = await nimbus(['search', 'index', 'list', '--endpoint-url', tls.endpoint], {
      env: baseEnv({ AWS_CA_BUNDLE: join(tls.dir, 'missing.pem') }),
    });
    assert.equal(missing.code, 253, missing.stderr);
    assert.match(missing.stderr, /\(AWS_CA_BUNDLE\) cannot be read \(ENOENT\)/);
  });
});
