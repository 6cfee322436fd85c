import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ProfileNotFoundError } from '../../../src/lib/errors/profile-not-found-error.js';
import { CredentialProcessError } from '../../../src/lib/errors/credential-process-error.js';
import { fromProcess } from '../../../src/lib/credentials/from-process.js';
import { memoize } from '../../../src/lib/credentials/memoize.js';
import { FAKE_SECRET, assertNoSecret, makeTempHome, type TempHome } from '../config/temp-home.js';
import { runs, writeCredentialScript } from './credential-script.js';

const read = (path: string): string => readFileSync(path, 'utf8');

describe('fromProcess (credential_process)', function () {
  this.timeout(10_000);
  let t: TempHome;
  let command: ReturnType<typeof writeCredentialScript>;
  beforeEach(() => {
    t = makeTempHome();
    command = writeCredentialScript(t);
  });
  afterEach(() => t.cleanup());

  const withProcess = (line: string, section = '[profile dev]'): void => {
    t.write('.aws/config', `${section}\ncredential_process = ${line}\n`);
  };

  it('runs the command (quoted paths, no shell) and reads Version 1 credentials', async () => {
    withProcess(command('ok', '2030-01-01T00:00:00Z'));
    const credentials = await fromProcess('dev', { env: { HOME: t.home } })();
    assert.deepEqual(credentials, {
      key: 'AKID1',
      secret: FAKE_SECRET,
      token: 'token1',
      expires: new Date('2030-01-01T00:00:00Z'),
      source: 'custom-process',
    });
  });

  it('finds credential_process in the credentials file too, and returns null without one', async () => {
    t.write('.aws/credentials', `[dev]\ncredential_process = ${command('ok')}\n`);
    const credentials = await fromProcess('dev', { env: { HOME: t.home } })();
    assert.equal(credentials!.key, 'AKID1');
    assert.equal(credentials!.expires, undefined);
    t.write('.aws/config', '[default]\nregion = r\n');
    assert.equal(await fromProcess('default', { env: { HOME: t.home } })(), null);
  });

  it('throws ProfileNotFoundError for a missing explicit profile', async () => {
    await assert.rejects(fromProcess('ghost', { env: { HOME: t.home } })(), ProfileNotFoundError);
  });

  const failures: [string, () => string, RegExp, { timeoutMs?: number }?][] = [
    [
      'a non-zero exit (showing stderr, not stdout)',
      () => command('fail'),
      /^credential_process of profile dev exited with status 3: access denied by broker$/,
    ],
    ['output that is not JSON', () => command('notjson'), /^credential_process of profile dev did not print valid JSON$/],
    ['a Version other than 1', () => command('v2'), /must print "Version": 1$/],
    ['a missing SecretAccessKey', () => command('nosecret'), /did not print SecretAccessKey$/],
    ['a bad Expiration', () => command('badexpiry'), /printed an Expiration that is not an ISO 8601 time$/],
    ['a timeout', () => command('hang'), /did not finish within 300 ms$/, { timeoutMs: 300 }],
    ['a program that does not exist', () => `"${t.home}/no-such-program" --secret ${FAKE_SECRET}`, /could not be started \(ENOENT\)$/],
    ['an unterminated quote', () => `node "script.js --secret ${FAKE_SECRET}`, /cannot be parsed: no closing quotation$/],
  ];
  for (const [what, line, pattern, extra] of failures) {
    it(`fails clearly on ${what}, never showing the secret`, async () => {
      withProcess(line());
      await assert.rejects(fromProcess('dev', { env: { HOME: t.home }, ...extra })(), (error: unknown) => {
        assert.ok(error instanceof CredentialProcessError, String(error));
        assert.equal(error.profile, 'dev');
        assert.match(error.message, pattern);
        assertNoSecret(error);
        return true;
      });
    });
  }

  it('splits with the Windows rules when asked', async () => {
    // A backslash inside a word is literal under the Windows rules but an escape under the POSIX ones:
    // the script counts its runs in whichever file name the rules produced.
    const line = `"${process.execPath}" "${t.home}/my tools/cred.mjs" ${t.home}/run\\s.txt ok`;
    withProcess(line);
    await fromProcess('dev', { env: { HOME: t.home }, platform: 'win32' })();
    assert.equal(read(`${t.home}/run\\s.txt`), 'x');
    await fromProcess('dev', { env: { HOME: t.home }, platform: 'linux' })();
    assert.equal(read(`${t.home}/runs.txt`), 'x');
  });

  describe('through memoize', () => {
    it('reuses credentials until the refresh window before Expiration, then runs the process again', async () => {
      withProcess(command('ok', '2030-01-01T00:00:00Z'));
      const expiry = Date.parse('2030-01-01T00:00:00Z');
      let now = expiry - 60 * 60_000;
      const provider = memoize(fromProcess('dev', { env: { HOME: t.home } }), { now: () => now });
      assert.equal((await provider())!.key, 'AKID1');
      now = expiry - 5 * 60_000 - 1;
      assert.equal((await provider())!.key, 'AKID1', 'still outside the 5-minute window');
      assert.equal(runs(t), 1);
      now = expiry - 5 * 60_000;
      assert.equal((await provider())!.key, 'AKID2', 'refreshed inside the window, before expiry');
      assert.equal(runs(t), 2);
    });

    it('keeps unexpired credentials when a refresh fails, and fails once they have expired', async () => {
      withProcess(command('ok', '2030-01-01T00:00:00Z'));
      const expiry = Date.parse('2030-01-01T00:00:00Z');
      let now = expiry - 60 * 60_000;
      const provider = memoize(fromProcess('dev', { env: { HOME: t.home } }), { now: () => now });
      assert.equal((await provider())!.key, 'AKID1');
      withProcess(command('fail'));
      now = expiry - 60_000;
      assert.equal((await provider())!.key, 'AKID1');
      now = expiry;
      await assert.rejects(provider(), (error: unknown) => {
        assert.ok(error instanceof CredentialProcessError);
        assertNoSecret(error);
        return true;
      });
    });

    it('shares one process run between concurrent callers', async () => {
      withProcess(command('ok', '', 150));
      const provider = memoize(fromProcess('dev', { env: { HOME: t.home } }));
      const results = await Promise.all(Array.from({ length: 8 }, () => provider()));
      assert.deepEqual(new Set(results.map((c) => c!.key)), new Set(['AKID1']));
      assert.equal(runs(t), 1);
      assert.equal((await provider())!.key, 'AKID1', 'non-expiring credentials stay cached');
      assert.equal(runs(t), 1);
    });
  });
});
