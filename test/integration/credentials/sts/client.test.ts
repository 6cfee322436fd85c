import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MFA_CODE_PROVIDER, SearchClient, StsError } from '../../../../src/lib/index.js';
import { startLocalService, type LocalService } from '../../../../src/lib/local/server.js';
import { FAKE_SECRET, makeTempHome, type TempHome } from '../../../unit/config/temp-home.js';
import { newSessionKeys, startFakeSts, type FakeSts } from './fake-sts.js';

const ROLE = 'arn:aws:iam::123456789012:role/dev';
const SERIAL = 'arn:aws:iam::123456789012:mfa/me';

describe('a client with an assume-role profile (fake STS, local service)', function () {
  this.timeout(20_000);
  let sts: FakeSts;
  let local: LocalService;
  let dataDir: string;
  let t: TempHome;
  let savedEnv: NodeJS.ProcessEnv;

  beforeEach(async () => {
    // The service accepts the credentials the fake STS will issue, each only with its session token.
    const issues = newSessionKeys(4);
    sts = await startFakeSts({ issues });
    sts.addUser('AKIDSOURCE', FAKE_SECRET);
    sts.roles.set(ROLE, { trusted: ['AKIDSOURCE'], mfa: { serial: SERIAL, code: '654321' } });
    dataDir = mkdtempSync(join(tmpdir(), 'nimbus-sts-client-'));
    local = await startLocalService({ port: 0, dataDir, credentials: issues });
    t = makeTempHome();
    t.write('.aws/credentials', `[base]\naws_access_key_id = AKIDSOURCE\naws_secret_access_key = ${FAKE_SECRET}\n`);
    t.write('.aws/config', `[profile mfa]\nrole_arn = ${ROLE}\nsource_profile = base\nmfa_serial = ${SERIAL}\n`);
    savedEnv = { ...process.env };
    for (const key of Object.keys(process.env)) if (key.startsWith('AWS_')) delete process.env[key];
    Object.assign(process.env, { HOME: t.home, AWS_ENDPOINT_URL_STS: sts.endpoint });
  });
  afterEach(async () => {
    process.env = savedEnv;
    await local.close();
    await sts.close();
    rmSync(dataDir, { recursive: true, force: true });
    t.cleanup();
  });

  it('signs requests with the assumed role (code from the MFA code provider option), and calls STS in the client’s region', async () => {
    const asked: string[] = [];
    const client = new SearchClient({
      region: 'ap-southeast-2',
      version: 'latest',
      profile: 'mfa',
      endpoint: local.endpoint,
      [MFA_CODE_PROVIDER]: async (serial: string) => {
        asked.push(serial);
        return '654321';
      },
    });
    const result = await client.listIndicesAsync();
    assert.deepEqual(result.IndexConfigurationSummaryItems, []);
    assert.deepEqual(asked, [SERIAL]);
    assert.equal(sts.calls.length, 1);
    assert.equal(sts.calls[0]!.region, 'ap-southeast-2');
    const credentials = await client.getCredentials();
    assert.equal(credentials?.key, sts.issued[0]!.key);
    assert.equal(credentials?.token, sts.issued[0]!.token);
    await client.listIndicesAsync();
    assert.equal(sts.calls.length, 1);
  });

  it('fails the request with the StsError when no MFA code provider was given or STS refuses', async () => {
    const client = new SearchClient({ region: 'eu-west-1', version: 'latest', profile: 'mfa', endpoint: local.endpoint });
    await assert.rejects(client.listIndicesAsync(), /needs an MFA code for arn:aws:iam::123456789012:mfa\/me/);
    const wrong = new SearchClient({ region: 'eu-west-1', version: 'latest', profile: 'mfa', endpoint: local.endpoint, [MFA_CODE_PROVIDER]: async () => '1' });
    await assert.rejects(wrong.listIndicesAsync(), (error: unknown) => error instanceof StsError && error.code === 'AccessDenied');
    assert.throws(
      () => new SearchClient({ region: 'eu-west-1', version: 'latest', profile: 'mfa', [MFA_CODE_PROVIDER]: 'code' as never }),
      /MFA code provider option must be a function/,
    );
  });
});
