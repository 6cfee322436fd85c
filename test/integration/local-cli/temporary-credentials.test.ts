import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, json, nimbus, requireBuild } from '../../cli/helpers/cli.js';
import { startLocalServer, type StartedLocalService } from '../../cli/helpers/local-start.js';

const TEMPORARY = { key: 'ASIALOCALTEMPORARY', secret: 'temporary/secret+KEY', token: 'IQoJb3JpZ2luX2VjEXAMPLE//session+token==' };
const INVALID = /^nimbus: UnrecognizedClientException: The security token included in the request is invalid\. \(request id [0-9a-f-]+\)\n$/;

describe('nimbus local start with temporary credentials (key, secret and session token)', function () {
  this.timeout(120_000);
  let dir: string;
  let server: StartedLocalService;
  before(async () => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-local-temporary-'));
    const file = join(dir, 'keys');
    writeFileSync(
      file,
      `# an assumed role's credentials, and a long-term pair\n${TEMPORARY.key}:${TEMPORARY.secret}:${TEMPORARY.token}\nAKIDLONGTERM:long-secret\n`,
      {
        mode: 0o600,
      },
    );
    server = await startLocalServer(['--port', '0', '--data-dir', join(dir, 'data'), '--credentials-file', file, '--create-delay', '0'], cliEnv(dir));
  });
  after(async () => {
    if (server) assert.equal(await server.stop(), 0);
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs a nimbus command against the service with these credentials in the environment. */
  const run = (args: string[], credentials: { key: string; secret: string; token?: string }) =>
    nimbus([...args, '--endpoint-url', server.endpoint, '--max-attempts', '1'], {
      env: cliEnv(dir, {
        AWS_ACCESS_KEY_ID: credentials.key,
        AWS_SECRET_ACCESS_KEY: credentials.secret,
        AWS_REGION: 'us-east-1',
        ...(credentials.token === undefined ? {} : { AWS_SESSION_TOKEN: credentials.token }),
      }),
    });

  it('serves a client that signs with AWS_SESSION_TOKEN, search and mobile alike', async () => {
    const [indices, projects] = await Promise.all([run(['search', 'index', 'list'], TEMPORARY), run(['mobile', 'project', 'list'], TEMPORARY)]);
    assert.deepEqual(json(indices).IndexConfigurationSummaryItems, []);
    assert.deepEqual(json(projects).projects, []);
  });

  it('refuses the temporary key without its token or with another, and a long-term key with a token, exit 254', async () => {
    const { token: _token, ...withoutToken } = TEMPORARY;
    const results = await Promise.all([
      run(['search', 'index', 'list'], withoutToken),
      run(['search', 'index', 'list'], { ...TEMPORARY, token: 'some-other-session-token' }),
      run(['mobile', 'project', 'list'], { ...TEMPORARY, token: 'some-other-session-token' }),
      run(['search', 'index', 'list'], { key: 'AKIDLONGTERM', secret: 'long-secret', token: 'garbage' }),
    ]);
    for (const result of results) {
      assert.equal(result.code, 254, result.stderr);
      assert.match(result.stderr, INVALID);
      assert.doesNotMatch(result.stderr, /temporary\/secret|IQoJb3JpZ2lu/);
    }
    assert.equal(json(await run(['search', 'index', 'list'], { key: 'AKIDLONGTERM', secret: 'long-secret' })).IndexConfigurationSummaryItems.length, 0);
  });

  it('takes KEY:SECRET:TOKEN from --credentials and NIMBUS_LOCAL_CREDENTIALS too, and refuses an empty token with 252/253', async () => {
    const triple = `${TEMPORARY.key}:${TEMPORARY.secret}:${TEMPORARY.token}`;
    for (const [args, extra] of [
      [['--credentials', triple], {}],
      [[], { NIMBUS_LOCAL_CREDENTIALS: triple }],
    ] as const) {
      const started = await startLocalServer(['--port', '0', '--data-dir', join(dir, 'other'), ...args], cliEnv(dir, extra));
      try {
        const env = cliEnv(dir, { AWS_ACCESS_KEY_ID: TEMPORARY.key, AWS_SECRET_ACCESS_KEY: TEMPORARY.secret, AWS_REGION: 'us-east-1' });
        const list = ['search', 'index', 'list', '--endpoint-url', started.endpoint, '--max-attempts', '1'];
        assert.equal((await nimbus(list, { env: { ...env, AWS_SESSION_TOKEN: TEMPORARY.token } })).code, 0);
        assert.match((await nimbus(list, { env })).stderr, INVALID);
      } finally {
        assert.equal(await started.stop(), 0);
      }
    }
    const [flag, variable] = await Promise.all([
      nimbus(['local', 'start', '--credentials', `${TEMPORARY.key}:${TEMPORARY.secret}:`], { env: cliEnv(dir) }),
      nimbus(['local', 'start'], { env: cliEnv(dir, { NIMBUS_LOCAL_CREDENTIALS: `${TEMPORARY.key}:${TEMPORARY.secret}:` }) }),
    ]);
    assert.equal(flag.code, 252, flag.stderr);
    assert.equal(variable.code, 253, variable.stderr);
    for (const result of [flag, variable]) {
      assert.match(result.stderr, /the session token after the second ":" is empty; expected KEY:SECRET:TOKEN/);
      assert.doesNotMatch(result.stderr, /temporary\/secret/);
    }
  });

  it('keeps --local runs working when the environment holds a session token', async () => {
    const env = cliEnv(join(dir, 'local-home'), {
      AWS_ACCESS_KEY_ID: TEMPORARY.key,
      AWS_SECRET_ACCESS_KEY: TEMPORARY.secret,
      AWS_SESSION_TOKEN: TEMPORARY.token,
    });
    assert.deepEqual(json(await nimbus(['search', 'index', 'list', '--local'], { env })).IndexConfigurationSummaryItems, []);
  });
});
