import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startConnectProxy, startTlsService, type TestProxy, type TlsService } from '../../support/tls/index.js';
import { BIN, cliEnv, json, nimbus, requireBuild, ROOT } from '../helpers/cli.js';
import { pdfFile } from '../../fixtures/documents/build-documents.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { startLocalServer } from '../helpers/local-start.js';
import { missingPostgres, startPostgres } from '../../support/postgres.js';

/**
 * The parts of the built CLI that are loaded only on first use, found from the build and the
 * sources: the side files beside the bundles, and every import() of a Node built-in or a package
 * in src/ (import() of the project's own modules is resolved inside the bundle; `typeof import()`
 * is a type).
 */
function lazilyLoaded(): Set<string> {
  const found = new Set<string>();
  for (const name of readdirSync(join(ROOT, 'dist', 'cli'))) {
    // nimbus.cjs (oclif's) and fast.cjs (the fast path of the operation commands) are the entries.
    if (name.endsWith('.cjs') && name !== 'nimbus.cjs' && name !== 'fast.cjs') found.add(`side file ${name}`);
  }
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts')) {
        for (const match of readFileSync(full, 'utf8').matchAll(/(?<!typeof\s+)\bimport\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g)) found.add(match[1]!);
      }
    }
  };
  walk(join(ROOT, 'src'));
  return found;
}

/** Runs the built CLI in a pseudo-terminal (the prompts need one), answering prompts in turn. */
function inTerminal(
  args: string[],
  env: NodeJS.ProcessEnv,
  steps: Array<{ expect: string; send: string }>,
): Promise<{ code: number; output: string; error: string | null }> {
  return new Promise((resolve, reject) => {
    const child = execFile('python3', [join(ROOT, 'test', 'cli', 'fixtures', 'pty-driver.py')], { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      resolve(JSON.parse(stdout));
    });
    child.stdin!.end(JSON.stringify({ argv: [process.execPath, BIN, ...args], env: { ...env, TERM: 'xterm' }, steps, timeout: 20 }));
  });
}

describe('the built CLI loads each lazily loaded part', function () {
  this.timeout(60_000);
  let tls: TlsService;
  let plain: TestService;
  let proxy: TestProxy;
  let home: string;
  const env = (extra: NodeJS.ProcessEnv = {}) => cliEnv(home, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1', ...extra });
  const secure = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    nimbus([...args, '--endpoint-url', tls.endpoint], { env: env({ AWS_CA_BUNDLE: tls.pki.ca.certFile, ...extra }) });

  before(async () => {
    requireBuild();
    tls = await startTlsService();
    plain = await startTestService();
    proxy = await startConnectProxy();
    home = join(tls.dir, 'home');
    mkdirSync(home);
  });
  after(async () => {
    await proxy?.close();
    await plain?.close();
    await tls?.close();
  });

  /** Each scenario runs the built CLI through the parts it `covers`. */
  const scenarios: Array<{ name: string; covers: string[]; run(): Promise<void> }> = [
    {
      name: 'HTTPS to an endpoint with a private CA',
      covers: ['node:https'],
      async run() {
        assert.deepEqual(json(await secure(['search', 'index', 'list'])), { IndexConfigurationSummaryItems: [] });
      },
    },
    {
      name: 'an HTTPS proxy (CONNECT tunnel through undici)',
      covers: ['undici', 'side file undici.cjs'],
      async run() {
        const before = proxy.tunnels.length;
        assert.deepEqual(json(await secure(['search', 'index', 'list'], { HTTPS_PROXY: proxy.url })), { IndexConfigurationSummaryItems: [] });
        assert.equal(proxy.tunnels.length, before + 1);
      },
    },
    {
      name: 'credentials from credential_process',
      covers: ['node:child_process'],
      async run() {
        const script = join(tls.dir, 'credentials.sh');
        writeFileSync(script, '#!/bin/sh\necho \'{"Version": 1, "AccessKeyId": "test", "SecretAccessKey": "test"}\'\n');
        chmodSync(script, 0o755);
        const config = join(tls.dir, 'process-config');
        writeFileSync(config, `[profile tool]\ncredential_process = ${script}\nregion = us-east-1\n`);
        const result = await nimbus(['search', 'index', 'list', '--profile', 'tool', '--endpoint-url', tls.endpoint], {
          env: cliEnv(home, { AWS_CONFIG_FILE: config, AWS_SHARED_CREDENTIALS_FILE: join(tls.dir, 'none'), AWS_CA_BUNDLE: tls.pki.ca.certFile }),
        });
        assert.deepEqual(json(result), { IndexConfigurationSummaryItems: [] });
      },
    },
    {
      name: 'YAML output',
      covers: ['side file yaml.cjs'],
      async run() {
        const result = await secure(['search', 'index', 'list', '--output', 'yaml']);
        assert.equal(result.code, 0, result.stderr);
        assert.equal(result.stdout, 'IndexConfigurationSummaryItems: []\n');
      },
    },
    {
      name: 'table output in colour, of a --query',
      covers: ['chalk', 'side file chalk.cjs', 'side file table.cjs', '@jmespath-community/jmespath', 'side file jmespath.cjs'],
      async run() {
        const result = await secure([
          'search',
          'index',
          'list',
          '--output',
          'table',
          '--color',
          'on',
          '--query',
          '{n: length(IndexConfigurationSummaryItems)}',
        ]);
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stdout, /^\x1b\[1mListIndices\x1b\[22m\n/);
      },
    },
    {
      name: 'a prompt in a terminal',
      covers: ['side file inquirer.cjs'],
      async run() {
        const promptHome = join(tls.dir, 'prompt-home');
        mkdirSync(promptHome);
        const run = await inTerminal(
          ['search', 'index', 'list', '--api-version', 'latest', '--endpoint-url', tls.endpoint],
          cliEnv(promptHome, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_CA_BUNDLE: tls.pki.ca.certFile }),
          [
            { expect: 'Region', send: 'eu-west-2' },
            { expect: 'eu-west-2 +Europe \\(London\\)', send: '\r' },
            { expect: 'Save region = eu-west-2 in profile "default"\\?', send: 'n\r' },
          ],
        );
        assert.equal(run.error, null, run.output);
        assert.equal(run.code, 0, run.output);
        assert.match(run.output, /"IndexConfigurationSummaryItems": \[\]/);
      },
    },
    {
      name: 'a download (--download on an export)',
      covers: ['side file undici.cjs'],
      async run() {
        const created = await plain.run(['mobile', 'project', 'create', '--name', 'lazy', '--query', 'details.projectId', '--output', 'text']);
        assert.equal(created.code, 0, created.stderr);
        const cwd = join(tls.dir, 'download');
        mkdirSync(cwd);
        const result = await nimbus(
          ['mobile', 'project', 'export', '--project-id', created.stdout.trim(), '--download', '--endpoint-url', plain.service.endpoint],
          { env: plain.env, cwd },
        );
        assert.equal(result.code, 0, result.stderr);
        assert.deepEqual(readdirSync(cwd), ['lazy.zip']);
      },
    },
    {
      name: 'the embedded local service (--local)',
      covers: ['side file local.cjs'],
      async run() {
        const localHome = join(tls.dir, 'local-home');
        mkdirSync(localHome);
        // A proxy in the environment is not used for the service embedded in the process.
        const before = proxy.tunnels.length + proxy.forwarded.length;
        const result = await nimbus(['search', 'index', 'list', '--local', '--region', 'us-east-1'], { env: cliEnv(localHome, { HTTP_PROXY: proxy.url }) });
        assert.equal(proxy.tunnels.length + proxy.forwarded.length, before);
        assert.deepEqual(json(result), { IndexConfigurationSummaryItems: [] });
      },
    },
    {
      name: 'nimbus local start with two workers (node:cluster)',
      covers: ['node:cluster'],
      async run() {
        const served = await startLocalServer(['--port', '0', '--data-dir', join(tls.dir, 'workers-data'), '--workers', '2'], cliEnv(home));
        try {
          const result = await nimbus(['search', 'index', 'list', '--endpoint-url', served.endpoint], {
            env: cliEnv(home, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' }),
          });
          assert.deepEqual(json(result), { IndexConfigurationSummaryItems: [] });
        } finally {
          assert.equal(await served.stop(), 0);
        }
      },
    },
    {
      name: 'nimbus local start as a node of a PostgreSQL store (--database-url)',
      covers: ['pg'],
      async run() {
        const missing = missingPostgres();
        if (missing) {
          // the part is still loaded: the URL's one host refuses the connection, and the error says so
          const refused = await nimbus(
            [
              'local',
              'start',
              '--port',
              '0',
              '--workers',
              '1',
              '--data-dir',
              join(tls.dir, 'pg-node'),
              '--database-url',
              'postgres://nimbus:secret@127.0.0.1:1/nimbus',
            ],
            { env: cliEnv(home) },
          );
          assert.equal(refused.code, 255, refused.stderr);
          assert.match(
            refused.stderr,
            /no PostgreSQL primary to be reached for postgres:\/\/nimbus:\*\*\*@127\.0\.0\.1:1\/nimbus: 127\.0\.0\.1:1: connect ECONNREFUSED/,
          );
          assert.doesNotMatch(refused.stderr, /secret/);
          return;
        }
        const postgres = await startPostgres();
        try {
          const served = await startLocalServer(
            ['--port', '0', '--workers', '1', '--data-dir', join(tls.dir, 'pg-node'), '--database-url', postgres.createDatabase('lazy')],
            cliEnv(home),
          );
          try {
            const result = await nimbus(['search', 'index', 'list', '--endpoint-url', served.endpoint], {
              env: cliEnv(home, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' }),
            });
            assert.deepEqual(json(result), { IndexConfigurationSummaryItems: [] });
          } finally {
            assert.equal(await served.stop(), 0);
          }
        } finally {
          postgres.stop();
        }
      },
    },
    {
      name: 'the PDF and Office readers of the local service (a PDF put with --local)',
      covers: ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs'],
      async run() {
        const localHome = join(tls.dir, 'pdf-home');
        mkdirSync(localHome);
        const run = (args: string[]) => nimbus([...args, '--local', '--region', 'us-east-1'], { env: cliEnv(localHome) });
        const created = json(await run(['search', 'index', 'create', '--name', 'pdfs', '--role-arn', 'arn:aws:iam::000000000000:role/r', '--wait']));
        const blob = pdfFile('Lighthouse manual', ['Polish the lamp every evening.']).toString('base64');
        const put = await run([
          'search',
          'document',
          'put',
          '--index-id',
          created.Id,
          '--documents',
          JSON.stringify([{ Id: 'manual', Blob: blob, ContentType: 'PDF' }]),
        ]);
        assert.equal(put.code, 0, put.stderr);
        assert.equal(json(put).FailedDocuments?.length ?? 0, 0, put.stdout);
        const found = json(await run(['search', 'query', '--index-id', created.Id, '--query-text', 'lamp']));
        assert.equal(found.ResultItems[0].DocumentTitle.Text, 'Lighthouse manual');
      },
    },
    {
      name: 'the Snowball stemmers of the local service (a Spanish query with --local)',
      covers: ['side file snowball.cjs', 'snowball-stemmers'],
      async run() {
        const localHome = join(tls.dir, 'spanish-home');
        mkdirSync(localHome);
        const run = (args: string[]) => nimbus([...args, '--local', '--region', 'us-east-1'], { env: cliEnv(localHome) });
        const created = json(await run(['search', 'index', 'create', '--name', 'es', '--role-arn', 'arn:aws:iam::000000000000:role/r', '--wait']));
        const document = {
          Id: 'receta',
          Blob: Buffer.from('Cómo cocinar paella').toString('base64'),
          ContentType: 'PLAIN_TEXT',
          Attributes: [{ Key: '_language_code', Value: { StringValue: 'es' } }],
        };
        const put = await run(['search', 'document', 'put', '--index-id', created.Id, '--documents', JSON.stringify([document])]);
        assert.equal(put.code, 0, put.stderr);
        const filter = JSON.stringify({ EqualsTo: { Key: '_language_code', Value: { StringValue: 'es' } } });
        const found = json(await run(['search', 'query', '--index-id', created.Id, '--query-text', 'cocinando', '--attribute-filter', filter]));
        assert.deepEqual(
          found.ResultItems.map((item: any) => item.DocumentId),
          ['receta'],
        );
      },
    },
  ];

  it('has a scenario for every lazily loaded part, and none for a part that no longer exists', () => {
    const covered = new Set(scenarios.flatMap((scenario) => scenario.covers));
    assert.deepEqual([...lazilyLoaded()].sort(), [...covered].sort());
  });

  for (const scenario of scenarios) it(scenario.name, () => scenario.run());

  it('a run against a plain http endpoint loads none of TLS, undici or the side files', async () => {
    const preload = join(tls.dir, 'report-loaded.mjs');
    writeFileSync(
      preload,
      [
        "import { writeSync } from 'node:fs';",
        "import { createRequire } from 'node:module';",
        "const cache = createRequire(import.meta.url)('node:module')._cache;",
        "process.on('exit', () => writeSync(2, `loaded: ${JSON.stringify({",
        "  tls: process.moduleLoadList.includes('NativeModule tls'),",
        '  sideFiles: Object.keys(cache).filter((path) => /dist[\\\\/]cli[\\\\/](?!nimbus|fast)[a-z]+\\.cjs$/.test(path)),',
        '})}\\n`));',
      ].join('\n'),
    );
    const result = await nimbus(['search', 'index', 'list', '--endpoint-url', plain.service.endpoint], {
      env: plain.env,
      cwd: tls.dir,
      nodeOptions: ['--import', preload],
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /^loaded: \{"tls":false,"sideFiles":\[\]\}$/m);
  });
});
