import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { cliEnv, nimbus, type CliResult } from './cli.js';

/** A local service on a free port over a temporary data directory, with a HOME for the CLI runs. */
export interface TestService {
  service: LocalService;
  dir: string;
  home: string;
  /** The environment of CLI runs: credentials test/test, region us-east-1, nothing else. */
  env: NodeJS.ProcessEnv;
  /** Runs the CLI against the service (`--endpoint-url` added). */
  run(args: readonly string[], extraEnv?: NodeJS.ProcessEnv): Promise<CliResult>;
  /** Writes a file the service reads as `s3://bucket/key`. */
  putS3Object(bucket: string, key: string, contents: string | Buffer): void;
  close(): Promise<void>;
}

/** Starts a local service for CLI tests. */
export async function startTestService(options: { createDelay?: number } = {}): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-test-'));
  const home = join(dir, 'home');
  mkdirSync(home);
  const service = await startLocalService({ port: 0, dataDir: join(dir, 'data'), createDelay: options.createDelay ?? 0 });
  const env = cliEnv(home, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' });
  return {
    service,
    dir,
    home,
    env,
    run: (args, extraEnv = {}) => nimbus([...args, '--endpoint-url', service.endpoint], { env: { ...env, ...extraEnv } }),
    putS3Object(bucket, key, contents) {
      const file = join(dir, 'data', 's3', bucket, key);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, contents);
    },
    async close() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
