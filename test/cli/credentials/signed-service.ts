import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService } from '../../../src/lib/local/server.js';
import { startSignatureRecorder, type SeenSignature } from '../../support/tls/index.js';

export type { SeenSignature } from '../../support/tls/index.js';

/**
 * The local service accepting only the given keys (those with a `token` only with that session
 * token), behind a recording HTTP relay that notes the access key of each request's signature and
 * its session token before passing it on.
 */
export interface SignedService {
  endpoint: string;
  seen: SeenSignature[];
  close(): Promise<void>;
}

/** Starts the local service (its own temporary data directory) and the relay in front of it. */
export async function startSignedService(keys: Array<{ key: string; secret: string; token?: string }>): Promise<SignedService> {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-signed-'));
  const service = await startLocalService({ port: 0, dataDir: dir, credentials: keys });
  const recorder = await startSignatureRecorder(service.endpoint);
  return {
    endpoint: recorder.endpoint,
    seen: recorder.seen,
    async close() {
      await recorder.close();
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
