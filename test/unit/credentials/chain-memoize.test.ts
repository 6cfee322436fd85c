import assert from 'node:assert/strict';
import { ConfigurationError } from '../../../src/lib/errors/configuration-error.js';
import { chain } from '../../../src/lib/credentials/chain.js';
import { CredentialsNotFoundError } from '../../../src/lib/errors/credentials-not-found-error.js';
import { memoize } from '../../../src/lib/credentials/memoize.js';
import type { CredentialProvider, Credentials } from '../../../src/lib/credentials/types.js';

const creds = (key: string, expires?: Date): Credentials => (expires ? { key, secret: 's', expires } : { key, secret: 's' });

/** A provider that records its calls. */
function counting(result: () => Promise<Credentials | null>): CredentialProvider & { calls: number } {
  const provider = Object.assign(
    async () => {
      provider.calls++;
      return result();
    },
    { calls: 0 },
  );
  return provider;
}

describe('chain', () => {
  it('returns the first non-null credentials and stops there', async () => {
    const later = counting(async () => creds('C'));
    const provider = chain(
      async () => null,
      async () => creds('B'),
      later,
    );
    assert.equal((await provider())!.key, 'B');
    assert.equal(later.calls, 0);
  });

  it('throws CredentialsNotFoundError when nothing has credentials', async () => {
    await assert.rejects(
      chain(
        async () => null,
        async () => null,
      )(),
      (error: unknown) => {
        assert.ok(error instanceof CredentialsNotFoundError);
        assert.equal(error.name, 'CredentialsNotFoundError');
        assert.equal(
          error.message,
          'Unable to locate credentials. You can configure credentials by running "nimbus configure" or setting AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
        );
        return true;
      },
    );
    await assert.rejects(chain()(), CredentialsNotFoundError);
  });

  it('stops at a configuration error', async () => {
    const misconfigured = new ConfigurationError('half a key pair');
    const later = counting(async () => creds('C'));
    await assert.rejects(chain(async () => Promise.reject(misconfigured), later)(), (error) => error === misconfigured);
    assert.equal(later.calls, 0);
  });

  it('moves past other errors, and throws the first one when nothing else has credentials', async () => {
    const first = new Error('network down');
    assert.equal(
      (await chain(
        async () => Promise.reject(first),
        async () => creds('B'),
      )())!.key,
      'B',
    );
    await assert.rejects(
      chain(
        async () => Promise.reject(first),
        async () => null,
        async () => Promise.reject(new Error('second')),
      )(),
      (error) => error === first,
    );
  });
});

describe('memoize', () => {
  it('keeps credentials without expiry for good', async () => {
    const source = counting(async () => creds(`K${source.calls}`));
    const provider = memoize(source);
    await provider();
    await provider();
    assert.equal((await provider())!.key, 'K1');
    assert.equal(source.calls, 1);
  });

  it('refreshes at expires minus the window (default 5 minutes; configurable)', async () => {
    const expires = new Date(1_000_000_000);
    let now = expires.getTime() - 10 * 60_000;
    const source = counting(async () => creds(`K${source.calls}`, expires));
    const provider = memoize(source, { now: () => now });
    await provider();
    now = expires.getTime() - 5 * 60_000 - 1;
    assert.equal((await provider())!.key, 'K1');
    now = expires.getTime() - 5 * 60_000;
    assert.equal((await provider())!.key, 'K2');

    now = expires.getTime() - 10 * 60_000;
    const narrow = counting(async () => creds(`N${narrow.calls}`, expires));
    const custom = memoize(narrow, { now: () => now, refreshWindowMs: 1000 });
    await custom();
    now = expires.getTime() - 1001;
    assert.equal((await custom())!.key, 'N1');
    now = expires.getTime() - 1000;
    assert.equal((await custom())!.key, 'N2');
  });

  it('shares one in-flight fetch between concurrent callers, and fetches again after', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let now = 0;
    const source = counting(async () => {
      await gate;
      return creds(`K${source.calls}`, new Date(now + 10 * 60_000));
    });
    const provider = memoize(source, { now: () => now });
    const pending = Array.from({ length: 5 }, () => provider());
    release();
    assert.deepEqual(
      (await Promise.all(pending)).map((c) => c!.key),
      ['K1', 'K1', 'K1', 'K1', 'K1'],
    );
    assert.equal(source.calls, 1);
    now += 6 * 60_000;
    assert.equal((await provider())!.key, 'K2');
  });

  it('does not cache errors or null, and survives a provider that throws synchronously', async () => {
    let mode: 'throw' | 'null' | 'ok' = 'throw';
    const provider = memoize((() => {
      if (mode === 'throw') throw new Error('sync failure');
      return Promise.resolve(mode === 'null' ? null : creds('OK'));
    }) as CredentialProvider);
    await assert.rejects(provider(), /sync failure/);
    mode = 'null';
    assert.equal(await provider(), null);
    mode = 'ok';
    assert.equal((await provider())!.key, 'OK');
  });
});
