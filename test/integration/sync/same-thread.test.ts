import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentException, SearchClient } from '../../../src/lib/index.js';
import { startLocalService } from '../../../src/lib/local/server.js';

describe('a sync call to a service on the same thread', () => {
  it('fails at once, naming the endpoint, instead of waiting forever', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nimbus-same-thread-'));
    const service = await startLocalService({ port: 0, dataDir, createDelay: 0 });
    try {
      const client = new SearchClient({ region: 'us-east-1', version: 'latest', endpoint: service.endpoint, credentials: { key: 'test', secret: 'test' } });
      assert.throws(
        () => client.listIndices({}),
        (error: unknown) =>
          error instanceof InvalidArgumentException &&
          error.option === 'endpoint' &&
          error.message.includes(service.endpoint) &&
          /listIndicesAsync/.test(error.message),
      );
      const result = await client.listIndicesAsync({});
      assert.deepEqual(result.IndexConfigurationSummaryItems, []);
    } finally {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
