import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import type Database from 'better-sqlite3';
import { mobileModule } from '../../../src/lib/local/mobile/module.js';
import { openStore } from '../../../src/lib/local/store/open-store.js';
import { StorageState } from '../../../src/lib/local/store/storage-state.js';
import { SQLITE_WRITES } from '../../../src/lib/local/store/store-writes.js';
import type { LocalContext, LocalResponse } from '../../../src/lib/local/types.js';

/** A module context over a fresh data dir, with a clock the test moves. */
export interface TestContext extends LocalContext {
  clock: { now: number };
  /** The unexpected failures the module reported to the service's log. */
  reported: unknown[];
  cleanup(): void;
}

/** Opens a real store in a temp dir with the mobile migrations applied. */
export function testContext(options: { createDelay?: number; accountId?: string } = {}): TestContext {
  const dataDir = mkdtempSync(join(tmpdir(), 'nimbus-mobile-'));
  const db: Database.Database = openStore(dataDir, [mobileModule]);
  const clock = { now: Date.UTC(2024, 0, 2, 3, 4, 5) };
  return {
    db,
    dataDir,
    s3Dir: join(dataDir, 's3'),
    accountId: options.accountId ?? '123456789012',
    endpoint: 'http://127.0.0.1:4599',
    createDelay: options.createDelay ?? 0,
    now: () => new Date(clock.now),
    credentials: new Map([
      ['test', 'test'],
      ['other', 'other-secret'],
    ]),
    clock,
    reported: [],
    storage: new StorageState(dataDir, () => {}),
    writes: SQLITE_WRITES,
    reportError(error) {
      this.reported.push(error);
    },
    cleanup() {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A response with its JSON body parsed. */
export interface Answer extends LocalResponse {
  json: any;
}

/** Calls the module as the server would, after signature verification. */
export async function call(
  ctx: TestContext,
  method: string,
  path: string,
  options: { query?: Record<string, string>; body?: Buffer | string; accessKey?: string; region?: string; host?: string } = {},
): Promise<Answer> {
  const response = await mobileModule.handle(ctx, {
    method,
    path,
    query: new URLSearchParams(options.query ?? {}),
    headers: { host: options.host ?? '127.0.0.1:4599' },
    body: Buffer.from(options.body ?? ''),
    region: options.region ?? 'us-east-1',
    accountId: ctx.accountId,
    accessKey: options.accessKey ?? 'test',
    requestId: 'req-1',
  });
  const json = Buffer.isBuffer(response.body) ? undefined : response.body;
  return { ...response, json };
}

/** Asserts nothing: returns the error code of an answer (its `x-amzn-errortype`). */
export function errorCode(answer: LocalResponse): string | undefined {
  return answer.headers?.['x-amzn-errortype'];
}

/** One entry of a hand-made zip; `declaredSize` lets a test lie in the headers. */
export interface RawEntry {
  name: string;
  data: Buffer | string;
  deflate?: boolean;
  declaredSize?: number;
}

/**
 * Builds a zip byte by byte (no validation of names or sizes), so that tests can make the
 * hostile archives a zip library refuses to write: `..` and absolute names, lying sizes.
 */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data;
    const stored = entry.deflate ? deflated(data) : data;
    const name = Buffer.from(entry.name);
    const crc = crc32(data);
    const size = entry.declaredSize ?? data.length;
    const method = entry.deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const deflateCache = new WeakMap<Buffer, Buffer>();

function deflated(data: Buffer): Buffer {
  let out = deflateCache.get(data);
  if (out === undefined) deflateCache.set(data, (out = deflateRawSync(data)));
  return out;
}

/** The files of a zip (name → text), read with yauzl. */
export function unzip(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const files = new Map<string, string>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(files));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

/** A Mobile Hub export with every feature the local service maps to resources. */
export const FULL_PROJECT_YAML = `--- !com.amazonaws.mobilehub.v0.Project
features:
  cloudlogic: !com.amazonaws.mobilehub.v0.CloudLogic
    components:
      ordersApi: !com.amazonaws.mobilehub.v0.API
        attributes:
          name: ordersApi
          requires-signin: true
          sdk-generation-stage-name: Development
        paths:
          /items: !com.amazonaws.mobilehub.v0.Function
            codeFilename: uploads/lambda-archive.zip
            handler: lambda.handler
            memorySize: "128"
            name: handler-name
            runtime: nodejs6.10
            timeout: "3"
          "/items/{proxy+}": !com.amazonaws.mobilehub.v0.Function
            handler: lambda.handler
            name: handler-name
            runtime: nodejs6.10
  content-delivery: !com.amazonaws.mobilehub.v0.ContentDelivery
    attributes:
      enabled: true
      visibility: public-global
    components:
      release: !com.amazonaws.mobilehub.v0.Bucket {}
  database: !com.amazonaws.mobilehub.v0.Database
    components:
      database-nosql: !com.amazonaws.mobilehub.v0.NoSQLDatabase
        tables:
          - !com.amazonaws.mobilehub.v0.NoSQLTable
            attributes:
              id: S
              restaurant_id: S
            hashKeyName: restaurant_id
            hashKeyType: S
            rangeKeyName: id
            rangeKeyType: S
            tableName: ___DYNAMIC_PREFIX___-menu_item
            tablePrivacy: public
  sign-in: !com.amazonaws.mobilehub.v0.SignIn
    attributes:
      enabled: true
      optional-sign-in: false
    components:
      sign-in-user-pools: !com.amazonaws.mobilehub.v0.UserPoolsIdentityProvider
        attributes:
          alias-attributes:
            - email
            - phone_number
          mfa-configuration: ON
          name: userpool
          password-policy: !com.amazonaws.mobilehub.ConvertibleMap
            min-length: "8"
  user-files: !com.amazonaws.mobilehub.v0.UserFiles
    attributes:
      enabled: true
  mobile-analytics: !com.amazonaws.mobilehub.v0.Pinpoint
    components:
      analytics: !com.amazonaws.mobilehub.v0.PinpointAnalytics {}
  push: !com.amazonaws.mobilehub.v0.PushNotifications
    components:
      gcm: !com.amazonaws.mobilehub.v0.PushPlatform
        attributes:
          platform: GCM
  user-profiles: !com.amazonaws.mobilehub.v0.UserSettings
    attributes:
      enabled: true
name: bbq
region: eu-west-1
`;
