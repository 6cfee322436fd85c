import assert from 'node:assert/strict';
import { CACHE_EXPIRY_WINDOW_MS, fromCacheEntry, toCacheEntry } from '../../../../src/lib/credentials/cache/cached-credentials.js';

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);

describe('cached STS credentials', () => {
  it('writes the entry botocore writes: the answer, Expiration as …UTC, AccountId from the role ARN', () => {
    const entry = toCacheEntry({
      Credentials: { AccessKeyId: 'ASIA1', SecretAccessKey: 's', SessionToken: 't', Expiration: new Date(NOW + 3600_000) },
      AssumedRoleUser: { AssumedRoleId: 'AROA:x', Arn: 'arn:aws:sts::123456789012:assumed-role/dev/x' },
      PackedPolicySize: 6,
      ResponseMetadata: { RequestId: 'r', HTTPStatusCode: 200, HTTPHeaders: { 'content-type': 'text/xml' }, RetryAttempts: 0 },
    });
    assert.deepEqual(entry, {
      Credentials: { AccessKeyId: 'ASIA1', SecretAccessKey: 's', SessionToken: 't', Expiration: '2026-11-23T10:00:00UTC', AccountId: '123456789012' },
      AssumedRoleUser: { AssumedRoleId: 'AROA:x', Arn: 'arn:aws:sts::123456789012:assumed-role/dev/x' },
      PackedPolicySize: 6,
      ResponseMetadata: { RequestId: 'r', HTTPStatusCode: 200, HTTPHeaders: { 'content-type': 'text/xml' }, RetryAttempts: 0 },
    });
    assert.deepEqual(fromCacheEntry(JSON.parse(JSON.stringify(entry)), NOW), { key: 'ASIA1', secret: 's', token: 't', expires: new Date(NOW + 3600_000) });
  });

  it('reads the time forms botocore and others write, and refuses entries near expiry or malformed', () => {
    const entry = (Expiration: unknown) => ({ Credentials: { AccessKeyId: 'A', SecretAccessKey: 's', SessionToken: 't', Expiration } });
    for (const text of [
      '2026-11-23T10:00:00UTC',
      '2026-11-23T10:00:00Z',
      '2026-11-23T10:00:00+00:00',
      '2026-11-23T11:00:00.000+01:00',
      '2026-11-23T10:00:00 UTC',
    ]) {
      assert.equal(fromCacheEntry(entry(text), NOW)?.expires?.getTime(), NOW + 3600_000, text);
    }
    const soon = new Date(NOW + CACHE_EXPIRY_WINDOW_MS - 1000).toISOString();
    assert.equal(fromCacheEntry(entry(soon), NOW), undefined);
    for (const bad of [
      undefined,
      null,
      'x',
      { Credentials: null },
      entry('2026-11-23T10:00:00'),
      entry(42),
      { Credentials: { AccessKeyId: 'A', Expiration: '2026-11-23T10:00:00Z' } },
    ]) {
      assert.equal(fromCacheEntry(bad, NOW), undefined, JSON.stringify(bad));
    }
  });
});
