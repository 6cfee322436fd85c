import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestPki, type TestPki } from '../support/tls/index.js';
import { html, startTestSite, type TestSite } from '../integration/local-search/web-crawler/test-site.js';
import { cliEnv, json, nimbus, requireBuild } from './helpers/cli.js';
import { startLocalServer, type StartedLocalService } from './helpers/local-start.js';

// Kendra's web crawler data source: https://docs.aws.amazon.com/kendra/latest/dg/data-source-web-crawler.html
// (HTTPS sites, basic authentication with a Secrets Manager secret of user name and password)

const ROLE = 'arn:aws:iam::000000000000:role/crawler';
const SECRET = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:intranet';

describe('nimbus local start: the web crawler', function () {
  this.timeout(120_000);
  let dir: string;
  let pki: TestPki;
  let site: TestSite;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-crawler-'));
    pki = createTestPki();
    site = await startTestSite(pki);
    const login = `Basic ${Buffer.from('crawler:s3cret').toString('base64')}`;
    site.pages.set('/', { body: html('Intranet', 'The canteen opens at noon.', ['/holidays']), authorization: login });
    site.pages.set('/holidays', { body: html('Holidays', 'The office closes for the solstice.'), authorization: login });
    env = cliEnv(dir, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' });
  });
  after(async () => {
    await site.close();
    pki.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  type Run = (...args: string[]) => ReturnType<typeof nimbus>;

  /** Creates an index and a WEBCRAWLER data source of `seed` (basic credentials by secret ARN) through `run`, and syncs it. */
  const crawl = async (run: Run, name: string, seed: string) => {
    const indexId = json(await run('search', 'index', 'create', '--name', name, '--role-arn', ROLE, '--wait')).Id as string;
    const configuration = {
      WebCrawlerConfiguration: {
        Urls: { SeedUrlConfiguration: { SeedUrls: [`${site.origin}${seed}`] } },
        AuthenticationConfiguration: { BasicAuthentication: [{ Host: '127.0.0.1', Port: site.port, Credentials: SECRET }] },
      },
    };
    const created = await run(
      'search',
      'data-source',
      'create',
      '--index-id',
      indexId,
      '--name',
      name,
      '--type',
      'WEBCRAWLER',
      '--role-arn',
      ROLE,
      '--configuration',
      JSON.stringify(configuration),
      '--wait',
    );
    const synced = await run('search', 'data-source', 'sync', 'start', '--index-id', indexId, '--id', json(created).Id as string, '--wait');
    return { indexId, synced };
  };

  const crawlWith = async (server: StartedLocalService, name: string) => {
    const run: Run = (...args) => nimbus([...args, '--endpoint-url', server.endpoint], { env, timeoutMs: 60_000 });
    return { run, ...(await crawl(run, name, '/')) };
  };

  it('crawls an HTTPS site of a private CA given by --ca-bundle, with the basic credentials of --secret, and query finds its pages', async () => {
    const server = await startLocalServer(
      ['--port', '0', '--data-dir', join(dir, 'data'), '--create-delay', '0', '--ca-bundle', pki.ca.certFile, '--secret', `${SECRET}=crawler:s3cret`],
      env,
    );
    try {
      const { run, indexId, synced } = await crawlWith(server, 'intranet');
      assert.equal(synced.code, 0, synced.stderr);
      const found = json(await run('search', 'query', '--index-id', indexId, '--query-text', 'solstice'));
      assert.deepEqual(
        found.ResultItems.map((item: any) => [item.DocumentId, item.DocumentTitle.Text]),
        [[`${site.origin}/holidays`, 'Holidays']],
      );
    } finally {
      await server.stop();
    }
  });

  it('trusts the CA bundle of AWS_CA_BUNDLE and the secrets of NIMBUS_LOCAL_SECRETS alike', async () => {
    const server = await startLocalServer(['--port', '0', '--data-dir', join(dir, 'data-env'), '--create-delay', '0'], {
      ...env,
      AWS_CA_BUNDLE: pki.ca.certFile,
      NIMBUS_LOCAL_SECRETS: `${SECRET}={"userName":"crawler","password":"s3cret"}`,
    });
    try {
      const { run, indexId, synced } = await crawlWith(server, 'intranet-env');
      assert.equal(synced.code, 0, synced.stderr);
      const found = json(await run('search', 'query', '--index-id', indexId, '--query-text', 'canteen'));
      assert.deepEqual(
        found.ResultItems.map((item: any) => item.DocumentURI),
        [`${site.origin}/`],
      );
    } finally {
      await server.stop();
    }
  });

  it('crawls with --local too, trusting AWS_CA_BUNDLE and reading NIMBUS_LOCAL_SECRETS', async () => {
    const home = join(dir, 'local-home');
    const localEnv = cliEnv(home, {
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_REGION: 'us-east-1',
      AWS_CA_BUNDLE: pki.ca.certFile,
      NIMBUS_LOCAL_SECRETS: `${SECRET}=crawler:s3cret`,
    });
    const run: Run = (...args) => nimbus([...args, '--local'], { env: localEnv, timeoutMs: 60_000 });
    const { indexId, synced } = await crawl(run, 'site', '/holidays');
    assert.equal(synced.code, 0, synced.stderr);
    const found = json(await run('search', 'query', '--index-id', indexId, '--query-text', 'solstice'));
    assert.deepEqual(
      found.ResultItems.map((item: any) => item.DocumentId),
      [`${site.origin}/holidays`],
    );
  });

  it('refuses a --ca-bundle that holds no certificate, in one line, before serving', async () => {
    const notPem = join(dir, 'not-a-bundle.pem');
    writeFileSync(notPem, 'hello\n');
    const started = await nimbus(['local', 'start', '--port', '0', '--data-dir', join(dir, 'never'), '--ca-bundle', notPem], { env });
    assert.equal(started.code, 253);
    assert.equal(started.stderr.trim().split('\n').length, 1, started.stderr);
    assert.match(started.stderr, /--ca-bundle .*not-a-bundle\.pem holds no PEM certificate/);
  });
});
