import { strict as assert } from 'node:assert';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, json, nimbus, requireBuild } from '../../cli/helpers/cli.js';
import { startLocalServer } from '../../cli/helpers/local-start.js';
import { ok, until } from '../local-search/support.js';

const ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:jwt-key';

function hs256(claims: Record<string, unknown>, key: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}

/** The documents a user token sees in a fresh USER_TOKEN index of the service at `endpoint`. */
async function visibleWith(endpoint: string, token: string): Promise<string[]> {
  const { Id } = await ok(endpoint, 'CreateIndex', {
    Name: 'tokens',
    RoleArn: 'arn:aws:iam::000000000000:role/kendra',
    UserContextPolicy: 'USER_TOKEN',
    UserTokenConfigurations: [{ JwtTokenTypeConfiguration: { KeyLocation: 'SECRET_MANAGER', SecretManagerArn: ARN } }],
  });
  await until(async () => (await ok(endpoint, 'DescribeIndex', { Id })).Status === 'ACTIVE');
  const blob = (text: string) => Buffer.from(text).toString('base64');
  await ok(endpoint, 'BatchPutDocument', {
    IndexId: Id,
    Documents: [
      { Id: 'open', Blob: blob('launch notes'), ContentType: 'PLAIN_TEXT' },
      { Id: 'crew', Blob: blob('launch codes'), ContentType: 'PLAIN_TEXT', AccessControlList: [{ Name: 'crew', Type: 'GROUP', Access: 'ALLOW' }] },
    ],
  });
  const answer = await ok(endpoint, 'Query', { IndexId: Id, QueryText: 'launch', UserContext: { Token: token } });
  return answer.ResultItems.map((item: any) => item.DocumentId).sort();
}

describe('nimbus local start: secrets for user tokens', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-token-secret-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('verifies JWTs with the secret of --token-secret, or of NIMBUS_LOCAL_TOKEN_SECRETS', async () => {
    const token = (key: string) => hs256({ sub: 'ada', groups: ['crew'] }, key);
    const fromFlag = await startLocalServer(
      ['--port', '0', '--create-delay', '0', '--data-dir', join(dir, 'a'), '--token-secret', `${ARN}=flag-key`],
      cliEnv(dir),
    );
    try {
      assert.deepEqual(await visibleWith(fromFlag.endpoint, token('flag-key')), ['crew', 'open']);
    } finally {
      assert.equal(await fromFlag.stop(), 0);
    }
    const env = cliEnv(dir, { NIMBUS_LOCAL_TOKEN_SECRETS: `${ARN}-other=unused\n${ARN}=env=key\n` });
    const fromEnv = await startLocalServer(['--port', '0', '--create-delay', '0', '--data-dir', join(dir, 'b')], env);
    try {
      assert.deepEqual(await visibleWith(fromEnv.endpoint, token('env=key')), ['crew', 'open'], 'the secret is what follows the first "="');
    } finally {
      assert.equal(await fromEnv.stop(), 0);
    }
  });

  it('gives the secrets of NIMBUS_LOCAL_TOKEN_SECRETS to the service that --local runs', async () => {
    const home = join(dir, 'home');
    mkdirSync(home);
    const env = cliEnv(home, { NIMBUS_LOCAL_TOKEN_SECRETS: `${ARN}=local-key` });
    const run = async (args: string[]) => json(await nimbus([...args, '--local', '--region', 'us-east-1'], { env }));
    const configurations = [{ JwtTokenTypeConfiguration: { KeyLocation: 'SECRET_MANAGER', SecretManagerArn: ARN } }];
    const created = await run([
      'search',
      'index',
      'create',
      '--name',
      'tokens',
      '--role-arn',
      'arn:aws:iam::000000000000:role/kendra',
      '--user-context-policy',
      'USER_TOKEN',
      '--user-token-configurations',
      JSON.stringify(configurations),
      '--wait',
    ]);
    const documents = [
      { Id: 'open', Blob: Buffer.from('launch notes').toString('base64'), ContentType: 'PLAIN_TEXT' },
      {
        Id: 'crew',
        Blob: Buffer.from('launch codes').toString('base64'),
        ContentType: 'PLAIN_TEXT',
        AccessControlList: [{ Name: 'crew', Type: 'GROUP', Access: 'ALLOW' }],
      },
    ];
    await run(['search', 'document', 'put', '--index-id', created.Id, '--documents', JSON.stringify(documents)]);
    const query = (key: string) =>
      run([
        'search',
        'query',
        '--index-id',
        created.Id,
        '--query-text',
        'launch',
        '--user-context',
        JSON.stringify({ Token: hs256({ sub: 'ada', groups: ['crew'] }, key) }),
      ]);
    assert.deepEqual((await query('local-key')).ResultItems.map((item: any) => item.DocumentId).sort(), ['crew', 'open']);
    const forged = await nimbus(
      [
        'search',
        'query',
        '--local',
        '--region',
        'us-east-1',
        '--index-id',
        created.Id,
        '--query-text',
        'launch',
        '--user-context',
        JSON.stringify({ Token: hs256({ sub: 'ada' }, 'wrong') }),
      ],
      { env },
    );
    assert.equal(forged.code, 254, forged.stderr);
    assert.match(forged.stderr, /AccessDeniedException/);
    assert.doesNotMatch(forged.stderr, /local-key/);
  });

  it('refuses a malformed secret with 252 (flag) or 253 (environment), never showing it', async () => {
    const [noArn, empty, badEnv] = await Promise.all([
      nimbus(['local', 'start', '--token-secret', 'hunter2-secret'], { env: cliEnv(dir) }),
      nimbus(['local', 'start', '--token-secret', `${ARN}=`], { env: cliEnv(dir) }),
      nimbus(['local', 'start'], { env: cliEnv(dir, { NIMBUS_LOCAL_TOKEN_SECRETS: 'not-an-arn=hunter2-secret' }) }),
    ]);
    assert.equal(noArn!.code, 252, noArn!.stderr);
    assert.match(noArn!.stderr, /^nimbus: Invalid --token-secret value: expected SECRET_ARN=SECRET/);
    assert.equal(empty!.code, 252, empty!.stderr);
    assert.match(empty!.stderr, /the secret after "=" is empty/);
    assert.equal(badEnv!.code, 253, badEnv!.stderr);
    assert.match(badEnv!.stderr, /NIMBUS_LOCAL_TOKEN_SECRETS/);
    for (const result of [noArn!, badEnv!]) assert.doesNotMatch(result.stderr, /hunter2/);
  });

  it('documents the flag and the variable in its help', async () => {
    const help = await nimbus(['local', 'start', '--help'], { env: cliEnv(dir) });
    assert.equal(help.code, 0);
    assert.match(help.stdout, /--token-secret=<arn>=<secret>/);
    assert.match(help.stdout, /NIMBUS_LOCAL_TOKEN_SECRETS/);
  });
});
