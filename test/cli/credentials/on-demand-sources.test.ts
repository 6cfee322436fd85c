import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { closedPort } from '../../support/closed-port.js';
import { startSignatureRecorder, type SignatureRecorder } from '../../support/tls/index.js';
import { CONTAINER_KEYS } from '../../unit/credentials/container/fake-container.js';
import { IMDS_KEYS } from '../../unit/credentials/imds/fake-imds.js';
import { SSO_ROLE_KEYS } from '../../unit/credentials/sso/fake-sso.js';
import { cliEnv, nimbus, requireBuild, ROOT } from '../helpers/cli.js';
import { closeSourceFakes, SOURCE, startSourceFakes, STATIC, writeSourceFiles, writeUnder, type SourceFakes as Fakes } from './source-fakes.js';

const CREDENTIALS_DIR = join(ROOT, 'src', 'lib', 'credentials');
const ROLE = 'arn:aws:iam::123456789012:role/on-demand';
const WEB_TOKEN = 'oidc-token-on-demand';
const SSO_START = 'https://on-demand.awsapps.com/start';
const SSO_ACCESS_TOKEN = 'sso-access-on-demand';

/**
 * The modules of the credential chain that are loaded with import() (by the chain when it finds
 * a source configured, or by a source for its requests), found in the sources, as paths from the
 * repository root: `src/lib/credentials/sso/from-sso.ts`.
 */
function onDemandModules(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts')) {
        for (const match of readFileSync(full, 'utf8').matchAll(/(?<!typeof\s+)\bimport\(\s*'(\.{1,2}\/[^']+)\.js'\s*\)/g)) {
          const target = join(dirname(full), `${match[1]}.ts`);
          if (target.startsWith(CREDENTIALS_DIR)) found.add(relative(ROOT, target));
        }
      }
    }
  };
  walk(CREDENTIALS_DIR);
  return found;
}

/**
 * The modules of src/ whose code a run of the built CLI evaluated, from the V8 coverage it wrote
 * (NODE_V8_COVERAGE) of the bundles: the bundle evaluates a module loaded on demand by calling its
 * wrapper, a method `_` whose parameter list opens with a comment holding the module's path
 * (scripts/build.mjs); it counts as called once it ran. bin/run.js
 * compiles each bundle inside a function wrapper (`(function (…) {` … `\n})`) that the build
 * writes into the file, so coverage offsets are the file's; around a file that Node compiles
 * itself the wrapper is added at run time, and offsets are shifted by its opening, found from the
 * top-level function's length.
 */
function evaluatedModules(coverageDir: string): Set<string> {
  const evaluated = new Set<string>();
  for (const file of readdirSync(coverageDir)) {
    const { result } = JSON.parse(readFileSync(join(coverageDir, file), 'utf8')) as {
      result: Array<{ url: string; functions: Array<{ functionName: string; ranges: Array<{ startOffset: number; endOffset: number; count: number }> }> }>;
    };
    for (const script of result.filter((entry) => /\/dist\/cli\/[a-z]+\.cjs$/.test(entry.url))) {
      const source = readFileSync(new URL(script.url), 'latin1');
      const shift = source.startsWith('(function (exports') ? 0 : script.functions[0]!.ranges[0]!.endOffset - source.length - '\n})'.length;
      for (const fn of script.functions) {
        if (fn.functionName !== '_' || fn.ranges[0]!.count === 0) continue;
        const wrapper = /_\(\/\*([^*]+)\*\//y;
        wrapper.lastIndex = fn.ranges[0]!.startOffset - shift;
        const path = wrapper.exec(source)?.[1];
        assert.ok(path, `${script.url}: no module path at a called wrapper (offset ${fn.ranges[0]!.startOffset}): has the build's wrapper form changed?`);
        if (path.startsWith('src/')) evaluated.add(path);
      }
    }
  }
  return evaluated;
}

/** One way to get credentials, the key the service must see, and the on-demand modules a run that uses it evaluates. */
interface Scenario {
  source: string;
  config?: string;
  credentials?: string;
  flags?: string[];
  env?(fakes: Fakes): NodeJS.ProcessEnv;
  key(fakes: Fakes): string;
  loads: string[];
}

const issuedLast = (fakes: Fakes): string => fakes.sts.issued.at(-1)?.key ?? 'nothing issued';
const module = (path: string): string => `src/lib/credentials/${path}`;

const SCENARIOS: Scenario[] = [
  {
    source: 'environment keys',
    env: () => ({ AWS_ACCESS_KEY_ID: STATIC.key, AWS_SECRET_ACCESS_KEY: STATIC.secret }),
    key: () => STATIC.key,
    loads: [],
  },
  {
    source: 'environment keys, the command run by oclif',
    env: () => ({ AWS_ACCESS_KEY_ID: STATIC.key, AWS_SECRET_ACCESS_KEY: STATIC.secret, NIMBUS_NO_FAST_PATH: '1' }),
    key: () => STATIC.key,
    loads: [],
  },
  {
    source: 'keys of a profile in the shared credentials file',
    credentials: `[keys]\naws_access_key_id = ${STATIC.key}\naws_secret_access_key = ${STATIC.secret}\n`,
    flags: ['--profile', 'keys'],
    key: () => STATIC.key,
    loads: [],
  },
  {
    source: 'credential_process',
    config: '[profile process]\ncredential_process = sh @HOME@/process.sh\n',
    flags: ['--profile', 'process'],
    key: () => STATIC.key,
    loads: [module('from-process.ts')],
  },
  {
    source: 'an assumed role (source_profile)',
    credentials: `[base]\naws_access_key_id = ${SOURCE.key}\naws_secret_access_key = ${SOURCE.secret}\n`,
    config: `[profile role]\nrole_arn = ${ROLE}\nsource_profile = base\n`,
    flags: ['--profile', 'role'],
    key: issuedLast,
    loads: [module('assume-role.ts'), module('sts/sts-context.ts')],
  },
  {
    source: 'web identity',
    env: (fakes) => ({ AWS_WEB_IDENTITY_TOKEN_FILE: join(fakes.home, 'oidc-token'), AWS_ROLE_ARN: ROLE }),
    key: issuedLast,
    loads: [module('web-identity.ts'), module('sts/sts-context.ts')],
  },
  {
    source: 'SSO',
    config: `[sso-session lazy]\nsso_start_url = ${SSO_START}\nsso_region = us-east-1\n[profile sso]\nsso_session = lazy\nsso_account_id = 123456789012\nsso_role_name = Admin\n`,
    env: (fakes) => ({ AWS_ENDPOINT_URL_SSO: fakes.sso.endpoint, AWS_ENDPOINT_URL_SSO_OIDC: fakes.sso.endpoint }),
    flags: ['--profile', 'sso'],
    key: () => SSO_ROLE_KEYS.accessKeyId,
    loads: [module('sso/from-sso.ts')],
  },
  {
    source: 'the container credentials endpoint',
    env: (fakes) => ({ AWS_CONTAINER_CREDENTIALS_FULL_URI: `${fakes.container.endpoint}/v2/credentials`, AWS_CONTAINER_AUTHORIZATION_TOKEN: 'Bearer task' }),
    key: () => CONTAINER_KEYS.AccessKeyId,
    loads: [module('from-container-metadata.ts'), module('metadata-request.ts')],
  },
  {
    source: 'the instance metadata service',
    env: (fakes) => ({ AWS_EC2_METADATA_SERVICE_ENDPOINT: fakes.imds.endpoint }),
    key: () => IMDS_KEYS.AccessKeyId,
    loads: [module('from-instance-metadata.ts'), module('metadata-request.ts')],
  },
];

describe('the built CLI evaluates the code of a credential source only in a run that uses it', function () {
  this.timeout(60_000);
  let service: LocalService;
  let recorder: SignatureRecorder;
  let fakes: Fakes;
  let baseEnv: NodeJS.ProcessEnv;

  before(async () => {
    requireBuild();
    const home = mkdtempSync(join(tmpdir(), 'nimbus-on-demand-'));
    // The instance metadata service on a closed port: a scenario that reaches it by mistake fails at once.
    const env = cliEnv(home, { AWS_REGION: 'us-east-1', AWS_EC2_METADATA_SERVICE_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
    fakes = await startSourceFakes({ role: ROLE, webToken: WEB_TOKEN, ssoAccessToken: SSO_ACCESS_TOKEN, containerAuthorization: 'Bearer task' }, home);
    // The service accepts the keys the sources give, each temporary pair only with its session token.
    service = await startLocalService({ port: 0, dataDir: join(home, 'data'), credentials: fakes.credentials });
    recorder = await startSignatureRecorder(service.endpoint);
    baseEnv = { ...env, AWS_ENDPOINT_URL_STS: fakes.sts.endpoint };
  });
  after(async () => {
    await Promise.all([recorder?.close(), closeSourceFakes(fakes)]);
    await service?.close();
    if (fakes?.home) rmSync(fakes.home, { recursive: true, force: true });
  });

  /** Lays out HOME for the scenario, runs `search index list` with coverage on, and returns the on-demand modules the run evaluated. */
  async function run(scenario: Scenario): Promise<string[]> {
    const { home } = fakes;
    rmSync(join(home, '.aws'), { recursive: true, force: true });
    writeUnder(home, '.aws/config', (scenario.config ?? '').replaceAll('@HOME@', home));
    writeUnder(home, '.aws/credentials', scenario.credentials ?? '');
    writeSourceFiles(home, { webToken: WEB_TOKEN, ssoSession: 'lazy', ssoStart: SSO_START, ssoAccessToken: SSO_ACCESS_TOKEN });
    const coverage = mkdtempSync(join(home, 'coverage-'));
    const before = recorder.seen.length;
    const result = await nimbus(['search', 'index', 'list', '--endpoint-url', recorder.endpoint, ...(scenario.flags ?? [])], {
      env: { ...baseEnv, ...scenario.env?.(fakes), NODE_V8_COVERAGE: coverage },
    });
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), { IndexConfigurationSummaryItems: [] });
    assert.deepEqual(
      recorder.seen.slice(before).map((seen) => seen.accessKey),
      [scenario.key(fakes)],
      'the request was signed with the credentials of the source',
    );
    const evaluated = evaluatedModules(coverage);
    assert.ok(evaluated.has(module('default-provider.ts')), 'the coverage shows the credential chain ran');
    return [...onDemandModules()].filter((path) => evaluated.has(path)).sort();
  }

  it('has a scenario that reaches each module loaded on demand', () => {
    assert.deepEqual([...new Set(SCENARIOS.flatMap((scenario) => scenario.loads))].sort(), [...onDemandModules()].sort());
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario.source}: ${scenario.loads.length ? scenario.loads.map((path) => relative('src/lib/credentials', path)).join(', ') : 'none of them'}`, async () => {
      assert.deepEqual(await run(scenario), [...scenario.loads].sort());
    });
  }
});
