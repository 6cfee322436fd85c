import assert from 'node:assert/strict';
import { ConfigurationError } from '../../../src/lib/errors/configuration-error.js';
import { fromEnv } from '../../../src/lib/credentials/from-env.js';
import { fromFunction } from '../../../src/lib/credentials/from-function.js';
import { fromStatic } from '../../../src/lib/credentials/from-static.js';
import type { Credentials } from '../../../src/lib/credentials/types.js';
import { FAKE_SECRET, assertNoSecret } from '../config/temp-home.js';

/** Asserts a ConfigurationError about the credentials option that does not leak the secret. */
function isCredentialsOptionError(pattern: RegExp) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof ConfigurationError, `expected a ConfigurationError, got ${String(error)}`);
    assert.equal(error.option, 'credentials');
    assert.match(error.message, pattern);
    assertNoSecret(error);
    return true;
  };
}

describe('fromStatic', () => {
  it('gives the same credentials on every call', async () => {
    const provider = fromStatic({ key: 'AKID', secret: FAKE_SECRET, token: 'tok' });
    assert.deepEqual(await provider(), { key: 'AKID', secret: FAKE_SECRET, token: 'tok' });
    assert.deepEqual(await provider(), { key: 'AKID', secret: FAKE_SECRET, token: 'tok' });
  });

  const bad: [string, unknown, RegExp][] = [
    ['a string', 'AKID', /^The credentials option must be an object/],
    ['an array', ['AKID', FAKE_SECRET], /must be an object/],
    ['no secret', { key: 'AKID' }, /needs secret/],
    ['an empty key', { key: '', secret: FAKE_SECRET }, /needs key/],
    ['a misspelt field', { key: 'AKID', secret: FAKE_SECRET, tokn: 'x' }, /unknown field "tokn"/],
    ['a numeric token', { key: 'AKID', secret: FAKE_SECRET, token: 5 }, /token that is not a string/],
    ['an invalid expires', { key: 'AKID', secret: FAKE_SECRET, expires: 'soon' }, /expires that is not a valid/],
  ];
  for (const [what, value, pattern] of bad) {
    it(`rejects ${what}, naming the credentials option`, () => {
      assert.throws(() => fromStatic(value as Credentials), isCredentialsOptionError(pattern));
    });
  }
});

describe('fromFunction', () => {
  it('accepts credentials, a promise of them, null and undefined', async () => {
    const expires = new Date('2031-01-01T00:00:00Z');
    assert.deepEqual(await fromFunction(() => ({ key: 'A', secret: FAKE_SECRET, expires }))(), { key: 'A', secret: FAKE_SECRET, expires });
    assert.deepEqual(await fromFunction(async () => ({ key: 'A', secret: 'S', token: null, expires: '2031-01-01T00:00:00Z' }))(), {
      key: 'A',
      secret: 'S',
      expires,
    });
    assert.equal(await fromFunction(() => null)(), null);
    assert.equal(await fromFunction(async () => undefined)(), null);
  });

  it('calls the function on every request', async () => {
    let calls = 0;
    const provider = fromFunction(() => ({ key: `A${++calls}`, secret: 'S' }));
    await provider();
    assert.equal((await provider())!.key, 'A2');
  });

  it('rejects what the function returns when it is not credentials', async () => {
    await assert.rejects(
      fromFunction(() => ({ accessKeyId: 'A', secretAccessKey: FAKE_SECRET }))(),
      isCredentialsOptionError(/^The credentials function result has an unknown field "accessKeyId"/),
    );
    await assert.rejects(fromFunction(async () => 42)(), isCredentialsOptionError(/must be an object/));
  });

  it('passes on what the function throws, and rejects a non-function', async () => {
    const failure = new Error('vault is down');
    await assert.rejects(fromFunction(() => Promise.reject(failure))(), (error) => error === failure);
    assert.throws(() => fromFunction('nope' as never), isCredentialsOptionError(/must be a function/));
  });
});

describe('fromEnv', () => {
  it('reads the key pair, session token and expiration', async () => {
    const credentials = await fromEnv({
      AWS_ACCESS_KEY_ID: 'AKID',
      AWS_SECRET_ACCESS_KEY: FAKE_SECRET,
      AWS_SESSION_TOKEN: 'tok',
      AWS_CREDENTIAL_EXPIRATION: '2030-05-06T07:08:09Z',
    })();
    assert.deepEqual(credentials, { key: 'AKID', secret: FAKE_SECRET, token: 'tok', expires: new Date('2030-05-06T07:08:09Z'), source: 'env' });
  });

  it('returns null when neither key is set (empty counts as unset)', async () => {
    assert.equal(await fromEnv({})(), null);
    assert.equal(await fromEnv({ AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '', AWS_SESSION_TOKEN: 'x' })(), null);
  });

  it('reads the environment at call time', async () => {
    const env: Record<string, string> = {};
    const provider = fromEnv(env);
    assert.equal(await provider(), null);
    Object.assign(env, { AWS_ACCESS_KEY_ID: 'LATER', AWS_SECRET_ACCESS_KEY: 'S' });
    assert.equal((await provider())!.key, 'LATER');
  });

  it('rejects half a key pair or a bad expiration without showing the secret', async () => {
    const rejectsWith = (env: Record<string, string>, message: string) =>
      assert.rejects(fromEnv(env)(), (error: unknown) => {
        assert.ok(error instanceof ConfigurationError);
        assert.equal(error.message, message);
        assertNoSecret(error);
        return true;
      });
    await rejectsWith({ AWS_SECRET_ACCESS_KEY: FAKE_SECRET }, 'AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not');
    await rejectsWith({ AWS_ACCESS_KEY_ID: 'AKID' }, 'AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not');
    await rejectsWith(
      { AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: FAKE_SECRET, AWS_CREDENTIAL_EXPIRATION: 'tomorrow' },
      'AWS_CREDENTIAL_EXPIRATION "tomorrow" is not a valid ISO 8601 time',
    );
  });
});
