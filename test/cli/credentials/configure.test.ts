import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, nimbus, requireBuild } from '../helpers/cli.js';
import { AWS_V2, credentialTestEnv, runTool } from './cli-env.js';

const FORMATS = ['process', 'env', 'env-no-export', 'powershell', 'windows-cmd'];
const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYzEXAMPLEKEY';

describe('configure export-credentials and configure list through the built CLI', function () {
  this.timeout(60_000);
  let home: string;
  let env: NodeJS.ProcessEnv;

  before(() => requireBuild());
  beforeEach(async () => {
    ({ home, env } = await credentialTestEnv());
    writeFileSync(
      join(home, 'credentials'),
      `[static]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = ${SECRET}\n[session]\naws_access_key_id = ASIASESSION\naws_secret_access_key = ${SECRET}\naws_session_token = FwoGZXIvYXdzE/token+with=chars\n`,
    );
    writeFileSync(
      join(home, 'config'),
      `[profile cfg]\naws_access_key_id = AKIACONFIGFILE\naws_secret_access_key = ${SECRET}\nendpoint_url = http://127.0.0.1:4599\n` +
        `[profile proc]\ncredential_process = ${process.execPath} -e "console.log(JSON.stringify({Version:1,AccessKeyId:'AKIAPROCESS',SecretAccessKey:'${SECRET}'}))"\n` +
        `[profile loop]\ncredential_process = ${process.execPath} ${BIN} configure export-credentials --profile loop\n`,
    );
    Object.assign(env, { AWS_SHARED_CREDENTIALS_FILE: join(home, 'credentials'), AWS_CONFIG_FILE: join(home, 'config') });
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it('prints each format exactly as the AWS CLI v2 does (where it is installed), and fish as set -gx', async () => {
    const cases: Array<[string[], NodeJS.ProcessEnv]> = [
      [['--profile', 'static'], env],
      [['--profile', 'session'], env],
      [
        [],
        {
          ...env,
          AWS_ACCESS_KEY_ID: 'AKIAFROMENV',
          AWS_SECRET_ACCESS_KEY: SECRET,
          AWS_SESSION_TOKEN: 'envtoken',
          AWS_CREDENTIAL_EXPIRATION: '2030-01-02T03:04:05Z',
        },
      ],
    ];
    for (const [args, runEnv] of cases) {
      for (const format of FORMATS) {
        const ours = await nimbus(['configure', 'export-credentials', ...args, '--format', format], { env: runEnv });
        assert.equal(ours.code, 0, ours.stderr);
        assert.match(ours.stdout, /AWS|AccessKeyId/);
        if (AWS_V2) {
          const theirs = await runTool(AWS_V2, ['configure', 'export-credentials', ...args, '--format', format], runEnv);
          assert.equal(theirs.code, 0, theirs.stderr);
          assert.equal(ours.stdout, theirs.stdout, `${format} ${args.join(' ')}`);
        }
      }
    }
    const fish = await nimbus(['configure', 'export-credentials', '--profile', 'session', '--format', 'fish'], { env });
    assert.equal(
      fish.stdout,
      `set -gx AWS_ACCESS_KEY_ID ASIASESSION\nset -gx AWS_SECRET_ACCESS_KEY ${SECRET}\nset -gx AWS_SESSION_TOKEN FwoGZXIvYXdzE/token+with=chars\n`,
    );
    const expiring = await nimbus(['configure', 'export-credentials'], { env: cases[2]![1] });
    assert.equal(JSON.parse(expiring.stdout).Expiration, '2030-01-02T03:04:05+00:00');
  });

  it('fails with 253 when there are no credentials, and stops a credential_process that exports its own profile', async () => {
    const none = await nimbus(['configure', 'export-credentials'], { env });
    assert.equal(none.code, 253);
    assert.match(none.stderr, /^nimbus: Unable to retrieve credentials: Unable to locate credentials\./);
    const loop = await nimbus(['configure', 'export-credentials', '--profile', 'loop'], { env });
    assert.equal(loop.code, 253);
    assert.match(
      loop.stderr,
      /credential_process of profile loop exited with status 253: nimbus: Credential process resolution detected an infinite loop, profile cycle: loop -> loop/,
    );
    const byDefaultProfile = await nimbus(['configure', 'export-credentials'], { env: { ...env, AWS_DEFAULT_PROFILE: 'loop' } });
    assert.equal(byDefaultProfile.code, 253);
    assert.match(byDefaultProfile.stderr, /profile cycle: loop -> loop\b/, 'AWS_DEFAULT_PROFILE names the profile in the chain too');
  });

  it('configure list names the source of the credentials, masks them and shows endpoint_url', async () => {
    const table = async (args: string[], runEnv = env): Promise<string> => {
      const result = await nimbus(['configure', 'list', ...args], { env: runEnv });
      assert.equal(result.code, 0, result.stderr);
      assert.ok(!result.stdout.includes(SECRET), 'never the secret');
      return result.stdout;
    };
    assert.match(await table(['--profile', 'static']), /^access_key +\*{16}MPLE +shared-credentials-file +\S+credentials$/m);
    assert.match(await table(['--profile', 'static']), /^secret_key +\*{16}EKEY +shared-credentials-file/m);
    const cfg = await table(['--profile', 'cfg']);
    assert.match(cfg, /^access_key +\*+FILE +config-file +\S+config$/m);
    assert.match(cfg, /^endpoint_url +http:\/\/127\.0\.0\.1:4599 +config-file/m);
    assert.match(await table(['--profile', 'proc']), /^access_key +\*+CESS +custom-process +credential_process in profile proc$/m);
    const fromEnv = await table([], { ...env, AWS_ACCESS_KEY_ID: 'AKIAFROMENV', AWS_SECRET_ACCESS_KEY: SECRET, AWS_ENDPOINT_URL: 'http://127.0.0.1:1' });
    assert.match(fromEnv, /^access_key +\*+MENV +env +AWS_ACCESS_KEY_ID$/m);
    assert.match(fromEnv, /^endpoint_url +http:\/\/127\.0\.0\.1:1 +env +AWS_ENDPOINT_URL$/m);
    assert.match(await table([]), /^access_key +<not set> +None +None$/m);
  });
});
