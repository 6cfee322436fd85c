/**
 * Compares nimbus's requests with botocore's. For each case, the same input goes to a real
 * botocore client (build_request.py: a before-send hook captures the signed request, nothing
 * goes on the network) and to our protocol's serializeRequest; then our request is signed with
 * our SignatureV4 at the same time with the same credentials.
 *
 * Compared: method, the encoded path, the query (parsed, order-insensitive), every header
 * botocore's serializer sets (x-amz-target, content-type …), the body (JSON deep-equal, raw
 * bytes equal) and the whole Authorization header.
 *
 * Headers left out of the comparison are the transport- and retry-level ones botocore adds
 * around the serializer: user-agent, content-length, amz-sdk-invocation-id, amz-sdk-request
 * (plus x-amz-date, x-amz-security-token and authorization, which the signer adds and which
 * the signature comparison covers). Botocore signs none of the transport-level ones — it adds
 * user-agent to its unsigned list and content-length and the amz-sdk-* headers after signing
 * — so our request is signed exactly as serializeRequest built it, with nothing copied from
 * botocore's request.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpRequest } from '../../../src/lib/http/types.js';
import type { ServiceModel } from '../../../src/lib/model/service-model.js';
import { protocolFor } from '../../../src/lib/protocols/index.js';
import { SignatureV4 } from '../../../src/lib/signing/sigv4.js';
import { validateInput } from '../../../src/lib/validation/validate-input.js';
import { loadModel } from '../../unit/model/models.js';

const HARNESS = join(dirname(fileURLToPath(import.meta.url)), 'build_request.py');
const TIME = '2024-03-05T06:07:08Z';
const CREDENTIALS = { key: 'AKIDNIMBUSEXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYNIMBUSKEY', token: 'session-token/with+chars=' };
const NOT_COMPARED = new Set([
  'user-agent',
  'content-length',
  'amz-sdk-invocation-id',
  'amz-sdk-request',
  'x-amz-date',
  'x-amz-security-token',
  'authorization',
]);

/** An empty zip archive: just the end-of-central-directory record. */
const EMPTY_ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]).toString('base64');
const BINARY = Buffer.from([0, 1, 2, 0xfe, 0xff, 0x80, 0x7f, 0x25, 0x0a]).toString('base64');

interface Case {
  title: string;
  service: 'kendra' | 'mobile';
  operation: string;
  region: string;
  endpoint: string;
  params: Record<string, unknown>;
}

const CASES: Case[] = [
  {
    title: 'CreateIndex',
    service: 'kendra',
    operation: 'CreateIndex',
    region: 'us-east-1',
    endpoint: 'https://kendra.us-east-1.amazonaws.com',
    params: {
      Name: 'docs-index',
      Edition: 'DEVELOPER_EDITION',
      RoleArn: 'arn:aws:iam::123456789012:role/KendraRole',
      Description: 'Product documentation — ünïcode',
      ClientToken: '0f8fad5b-d9cb-469f-a165-70867728950e',
      ServerSideEncryptionConfiguration: { KmsKeyId: 'alias/kendra' },
      Tags: [{ Key: 'team', Value: 'search' }],
      UserContextPolicy: 'ATTRIBUTE_FILTER',
    },
  },
  {
    title: 'Query with a nested AttributeFilter and Facets',
    service: 'kendra',
    operation: 'Query',
    region: 'eu-west-1',
    endpoint: 'http://127.0.0.1:4599/base',
    params: {
      IndexId: '3d9f4b6c-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      QueryText: 'how do I rotate "keys" & secrets?',
      AttributeFilter: {
        AndAllFilters: [
          {
            OrAllFilters: [
              { EqualsTo: { Key: '_category', Value: { StringValue: 'docs' } } },
              { EqualsTo: { Key: '_language_code', Value: { StringValue: 'en' } } },
            ],
          },
          { NotFilter: { GreaterThan: { Key: '_created_at', Value: { DateValue: { $date: '2023-06-01T12:30:00Z' } } } } },
          { ContainsAny: { Key: 'tags', Value: { StringListValue: ['a', 'b'] } } },
        ],
      },
      Facets: [{ DocumentAttributeKey: '_category', MaxResults: 5, Facets: [{ DocumentAttributeKey: '_author' }] }],
      PageSize: 10,
      PageNumber: 2,
    },
  },
  {
    title: 'BatchPutDocument with a binary Blob and date attributes',
    service: 'kendra',
    operation: 'BatchPutDocument',
    region: 'us-west-2',
    endpoint: 'https://kendra.us-west-2.amazonaws.com',
    params: {
      IndexId: '3d9f4b6c-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      RoleArn: 'arn:aws:iam::123456789012:role/KendraBatch',
      Documents: [
        {
          Id: 'doc-1',
          Title: 'Binary document',
          Blob: { $blob: BINARY },
          ContentType: 'PLAIN_TEXT',
          Attributes: [
            { Key: '_created_at', Value: { DateValue: { $date: '2020-02-29T23:59:59Z' } } },
            { Key: '_last_updated_at', Value: { DateValue: { $date: '1999-12-31T00:00:00+02:00' } } },
            { Key: 'pages', Value: { LongValue: 12 } },
          ],
        },
        { Id: 'doc-2', Blob: { $blob: Buffer.from('plain text body').toString('base64') }, ContentType: 'PLAIN_TEXT' },
      ],
    },
  },
  {
    title: 'ListIndices',
    service: 'kendra',
    operation: 'ListIndices',
    region: 'us-east-1',
    endpoint: 'https://kendra.us-east-1.amazonaws.com',
    params: { MaxResults: 5, NextToken: 'next/page+token=' },
  },
  {
    title: 'TagResource',
    service: 'kendra',
    operation: 'TagResource',
    region: 'us-east-1',
    endpoint: 'https://kendra.us-east-1.amazonaws.com',
    params: {
      ResourceARN: 'arn:aws:kendra:us-east-1:123456789012:index/3d9f4b6c-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      Tags: [
        { Key: 'env', Value: 'prod' },
        { Key: 'owner', Value: '' },
      ],
    },
  },
  {
    title: 'CreateProject with a zip body and query members',
    service: 'mobile',
    operation: 'CreateProject',
    region: 'us-east-1',
    endpoint: 'https://mobile.us-east-1.amazonaws.com',
    params: { name: 'my app (test)/1 ~*', region: 'us-west-2', contents: { $blob: EMPTY_ZIP } },
  },
  {
    title: 'DescribeProject',
    service: 'mobile',
    operation: 'DescribeProject',
    region: 'us-east-1',
    endpoint: 'http://localhost:4599/mobile/',
    params: { projectId: 'project-1234', syncFromResources: true },
  },
  {
    title: 'ExportBundle with a platform',
    service: 'mobile',
    operation: 'ExportBundle',
    region: 'us-east-1',
    endpoint: 'https://mobile.us-east-1.amazonaws.com',
    params: { bundleId: "bundle/α (1)!*'", projectId: 'project-1234', platform: 'ANDROID' },
  },
  {
    title: 'ListProjects with maxResults and nextToken',
    service: 'mobile',
    operation: 'ListProjects',
    region: 'us-east-1',
    endpoint: 'https://mobile.us-east-1.amazonaws.com',
    params: { maxResults: 10, nextToken: 'abc+/=def' },
  },
];

interface BotocoreRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body_base64: string;
  authorization: string;
}

/** `{$blob}` → Buffer and `{$date}` → Date, as the harness does on the Python side. */
function decodeTagged(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeTagged);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1 && keys[0] === '$blob') return Buffer.from(record.$blob as string, 'base64');
  if (keys.length === 1 && keys[0] === '$date') return new Date(record.$date as string);
  return Object.fromEntries(keys.map((key) => [key, decodeTagged(record[key])]));
}

function sortedQuery(query: Record<string, string | string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.keys(query)
      .sort()
      .map((key) => [key, [query[key]!].flat().sort()]),
  );
}

function parseQuery(search: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) (out[key] ??= []).push(value);
  return sortedQuery(out);
}

function bodyBytes(body: HttpRequest['body']): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
}

/** botocore is a required peer of this suite (every machine has it with the pip AWS CLI). */
function assertBotocoreAvailable(): void {
  const probe = spawnSync('python3', ['-c', 'import botocore'], { encoding: 'utf8' });
  assert.equal(probe.status, 0, `python3 with botocore is required for this suite (pip install botocore): ${probe.stderr ?? probe.error}`);
}

describe('requests match botocore', function () {
  const models: Record<Case['service'], ServiceModel> = { kendra: loadModel('search'), mobile: loadModel('mobile') };
  let botocore: BotocoreRequest[] = [];

  before(() => {
    assertBotocoreAvailable();
    const specs = CASES.map((c) => ({ ...c, time: TIME, credentials: CREDENTIALS }));
    const run = spawnSync('python3', [HARNESS], { input: JSON.stringify(specs), encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, `build_request.py failed: ${run.stderr}`);
    botocore = JSON.parse(run.stdout) as BotocoreRequest[];
    assert.equal(botocore.length, CASES.length);
  });

  CASES.forEach((c, index) => {
    describe(c.title, () => {
      const model = models[c.service];
      const op = model.operation(c.operation)!;
      const input = decodeTagged(c.params) as Record<string, unknown>;
      const build = (): HttpRequest => protocolFor(model).serializeRequest(op, input, { endpoint: new URL(c.endpoint) });

      it('is valid input for our validator too', () => {
        assert.deepEqual(validateInput(op, input), []);
      });

      it('has the same method, path, query and protocol headers', () => {
        const theirs = botocore[index]!;
        const ours = build();
        const url = new URL(theirs.url);
        assert.equal(ours.method, theirs.method);
        assert.equal(`${ours.protocol}//${ours.hostname}${ours.port ? `:${ours.port}` : ''}`, url.origin);
        assert.equal(ours.path, url.pathname);
        assert.deepEqual(sortedQuery(ours.query), parseQuery(url.search));
        const theirHeaders = Object.fromEntries(
          Object.entries(theirs.headers)
            .map(([name, value]) => [name.toLowerCase(), value] as const)
            .filter(([name]) => !NOT_COMPARED.has(name)),
        );
        assert.deepEqual(ours.headers, theirHeaders);
      });

      it('has the same body', () => {
        const theirs = Buffer.from(botocore[index]!.body_base64, 'base64');
        const ours = bodyBytes(build().body);
        const contentType = build().headers['content-type'] ?? '';
        if (contentType.includes('json')) assert.deepEqual(JSON.parse(ours.toString('utf8')), JSON.parse(theirs.toString('utf8')));
        else assert.ok(ours.equals(theirs), `raw body differs: ${ours.toString('hex')} vs ${theirs.toString('hex')}`);
      });

      it('has the same Authorization header when signed at the same time', () => {
        const theirs = botocore[index]!;
        const ours = build();
        if ((ours.headers['content-type'] ?? '').includes('json')) ours.body = Buffer.from(theirs.body_base64, 'base64');
        const signed = new SignatureV4().sign(ours, CREDENTIALS, {
          region: c.region,
          service: model.metadata.signingName ?? model.metadata.endpointPrefix,
          signingDate: new Date(TIME),
        });
        assert.equal(signed.headers['authorization'], theirs.authorization);
      });
    });
  });
});
