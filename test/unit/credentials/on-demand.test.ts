import assert from 'node:assert/strict';
import { onDemand, once } from '../../../src/lib/credentials/on-demand.js';
import { ConfigurationError } from '../../../src/lib/errors/configuration-error.js';
import type { CredentialProvider } from '../../../src/lib/credentials/types.js';

describe('onDemand', () => {
  const keys = { key: 'AKID', secret: 's' };

  it('gives null without loading while the source is not configured, then loads once and asks the loaded provider on every call', async () => {
    let configured = false;
    let loads = 0;
    let calls = 0;
    const provider = onDemand(
      () => configured,
      async () => {
        loads++;
        return async () => (calls++, keys);
      },
    );
    assert.equal(await provider(), null);
    assert.equal(loads, 0);
    configured = true;
    assert.deepEqual(await Promise.all([provider(), provider()]), [keys, keys]);
    assert.deepEqual(await provider(), keys);
    assert.deepEqual({ loads, calls }, { loads: 1, calls: 3 });
  });

  it("turns what the test of the source throws into the provider's rejection, loading nothing", async () => {
    let loads = 0;
    const provider = onDemand(
      () => {
        throw new ConfigurationError('broken setting');
      },
      async () => (loads++, async () => keys),
    );
    await assert.rejects(provider(), (error) => error instanceof ConfigurationError && error.message === 'broken setting');
    assert.equal(loads, 0);
  });

  it("gives the loaded provider's null and errors as they are", async () => {
    const nothing = onDemand(
      () => true,
      async (): Promise<CredentialProvider> => async () => null,
    );
    assert.equal(await nothing(), null);
    const failing = onDemand(
      () => true,
      async (): Promise<CredentialProvider> => async () => {
        throw new ConfigurationError('no answer');
      },
    );
    await assert.rejects(failing(), ConfigurationError);
  });
});

describe('once', () => {
  it('computes the value on the first call only', async () => {
    let runs = 0;
    const value = once(async () => ++runs);
    assert.deepEqual(await Promise.all([value(), value()]), [1, 1]);
    assert.equal(await value(), 1);
    assert.equal(runs, 1);
  });
});
