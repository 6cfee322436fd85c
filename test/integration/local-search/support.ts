import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isServiceException, type ServiceException } from '../../../src/lib/errors/service-exception.js';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../../src/lib/local/server.js';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import type { SearchDocument } from '../../../src/lib/services/search/types.js';
import { SignatureV4 } from '../../../src/lib/signing/sigv4.js';

/** A local service on port 0 over a temporary data dir. */
export interface TestService {
  service: LocalService;
  dataDir: string;
  s3Dir: string;
  /** Stops the service and removes the data dir. */
  stop(): Promise<void>;
}

let databases = 0;

/**
 * With `NIMBUS_TEST_DATABASE_URL` (a PostgreSQL URL whose user may create databases), the URL of
 * a new, empty database for one test service: the suite then runs every service as a node of a
 * PostgreSQL store. Undefined without it (SQLite data dirs alone).
 */
async function testDatabaseUrl(): Promise<string | undefined> {
  const base = process.env['NIMBUS_TEST_DATABASE_URL'];
  if (!base) return undefined;
  const { default: pg } = await import('pg');
  const name = `nimbus_test_${process.pid}_${++databases}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return base.replace(/\/[^/?]*(\?.*)?$/, `/${name}$1`);
}

/** Starts the local service for a test, on a fresh temporary data dir (and a fresh database with `NIMBUS_TEST_DATABASE_URL`). */
export async function startTestService(options: LocalServiceOptions = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'nimbus-search-'));
  const s3Dir = options.s3Dir ?? join(dataDir, 's3');
  const databaseUrl = options.databaseUrl ?? (options.dataDir === undefined ? await testDatabaseUrl() : undefined);
  const service = await startLocalService({ port: 0, createDelay: 0.2, ...options, dataDir, s3Dir, ...(databaseUrl ? { databaseUrl } : {}) });
  return {
    service,
    dataDir,
    s3Dir,
    async stop() {
      await service.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A SearchClient for the local service at `endpoint`, signing with the test credentials. */
export function searchClient(endpoint: string): SearchClient {
  return new SearchClient({ region: 'us-east-1', version: 'latest', credentials: { key: 'test', secret: 'test' }, endpoint });
}

/** The service error `promise` is rejected with; fails the test when it succeeds or fails otherwise. */
export async function serviceError(promise: Promise<unknown>): Promise<ServiceException> {
  try {
    await promise;
  } catch (error) {
    if (isServiceException(error)) return error;
    throw error;
  }
  throw new Error('the request succeeded');
}

/** The wire error code of the service error `promise` is rejected with. */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
  return (await serviceError(promise)).code;
}

/** A raw answer of the service. */
export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** How to send one request. */
export interface CallOptions {
  credentials?: { key: string; secret: string } | null;
  region?: string;
  service?: string;
  /** Replaces the JSON body (already serialized). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

const signer = new SignatureV4();

/** The unsigned POST of one search API operation to `endpoint`, as the signer takes it. */
export function searchRequest(endpoint: string, operation: string, body: string | Uint8Array, headers: Record<string, string> = {}) {
  const url = new URL(endpoint);
  return {
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: '/',
    query: {},
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSKendraFrontendService.${operation}`, ...headers },
    body,
  };
}

/** Sends one signed search API request and reads the JSON answer. */
export async function call(endpoint: string, operation: string, input: unknown = {}, options: CallOptions = {}): Promise<WireAnswer> {
  const body = options.rawBody ?? JSON.stringify(input);
  const request = searchRequest(endpoint, operation, typeof body === 'string' ? body : new Uint8Array(body), options.headers);
  const credentials = options.credentials === undefined ? { key: 'test', secret: 'test' } : options.credentials;
  const signed = signer.sign(request, credentials, { region: options.region ?? 'us-east-1', service: options.service ?? 'kendra' });
  const { host: _host, ...headers } = signed.headers;
  const response = await fetch(`${endpoint}/`, { method: 'POST', headers, body: signed.body as RequestInit['body'] });
  const text = await response.text();
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: text ? JSON.parse(text) : undefined,
  };
}

/** Sends a request that must succeed; returns its output. */
export async function ok(endpoint: string, operation: string, input: unknown = {}, options: CallOptions = {}): Promise<any> {
  const answer = await call(endpoint, operation, input, options);
  if (answer.status !== 200) throw new Error(`${operation} failed with ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Waits until `check` returns a truthy value (polling every 50 ms, at most `timeoutMs`: generous, for a loaded machine). */
export async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Creates an index and waits until it is ACTIVE; returns its id. */
export async function activeIndex(endpoint: string, input: Record<string, unknown> = {}): Promise<string> {
  const { Id } = await ok(endpoint, 'CreateIndex', { Name: 'test-index', RoleArn: 'arn:aws:iam::000000000000:role/kendra', ...input });
  await until(async () => (await ok(endpoint, 'DescribeIndex', { Id })).Status === 'ACTIVE');
  return Id as string;
}

/** A PLAIN_TEXT document for BatchPutDocument. */
export function textDoc(id: string, title: string, body: string, attributes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Id: id,
    Title: title,
    Blob: Buffer.from(body, 'utf8').toString('base64'),
    ContentType: 'PLAIN_TEXT',
    Attributes: Object.entries(attributes).map(([Key, value]) => ({ Key, Value: wireValue(value) })),
  };
}

/** A PLAIN_TEXT document in the client's input form (the client encodes the blob itself). */
export function clientDoc(...args: Parameters<typeof textDoc>): SearchDocument {
  const wire = textDoc(...args);
  return { ...wire, Blob: Buffer.from(wire['Blob'] as string, 'base64') } as unknown as SearchDocument;
}

/** A plain value as a DocumentAttributeValue: string, string list, integer (long) or Date. */
export function wireValue(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return { StringValue: value };
  if (Array.isArray(value)) return { StringListValue: value };
  if (typeof value === 'number') return { LongValue: value };
  if (value instanceof Date) return { DateValue: value.getTime() / 1000 };
  throw new Error(`no attribute value for ${String(value)}`);
}
