import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SearchDocumentPut from '../../../src/commands/search/document/put.js';
import SearchIndexCreate from '../../../src/commands/search/index/create.js';
import SearchDataSourceSyncList from '../../../src/commands/search/data-source/sync/list.js';
import SearchTagRemove from '../../../src/commands/search/tag/remove.js';
import MobileProjectCreate from '../../../src/commands/mobile/project/create.js';
import { CliError } from '../../../src/lib/cli/errors/cli-error.js';
import { EXIT } from '../../../src/lib/cli/errors/exit-codes.js';
import { buildInput } from '../../../src/lib/cli/input/build-input.js';
import { builtInApiProvider } from '../../../src/lib/client/api-provider.js';
import type { ApiJson } from '../../../src/lib/model/types.js';
import { MOBILE_SERVICE } from '../../../src/lib/services/mobile/mobile-client.js';
import { SEARCH_SERVICE } from '../../../src/lib/services/search/search-client.js';

const search = builtInApiProvider(SEARCH_SERVICE)('api', 'search', 'latest') as unknown as ApiJson;
const mobile = builtInApiProvider(MOBILE_SERVICE)('api', 'mobile', 'latest') as unknown as ApiJson;

function usage(run: () => unknown, pattern: RegExp): void {
  assert.throws(run, (error: unknown) => error instanceof CliError && error.exitCode === EXIT.USAGE && pattern.test(error.message));
}

describe('cli operation input from flags', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-input-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('maps flags to members, with shorthand and JSON list items', () => {
    const input = buildInput(search, SearchIndexCreate.operation, {
      name: 'docs',
      'role-arn': 'arn:aws:iam::000000000000:role/r',
      edition: 'DEVELOPER_EDITION',
      tags: ['Key=team,Value=web', '{"Key":"env","Value":"dev"}'],
      'server-side-encryption-configuration': 'KmsKeyId=key-1',
    });
    assert.deepEqual(input, {
      Name: 'docs',
      RoleArn: 'arn:aws:iam::000000000000:role/r',
      Edition: 'DEVELOPER_EDITION',
      Tags: [
        { Key: 'team', Value: 'web' },
        { Key: 'env', Value: 'dev' },
      ],
      ServerSideEncryptionConfiguration: { KmsKeyId: 'key-1' },
    });
  });

  it('takes a whole list as one JSON array, or from a file', () => {
    const file = join(dir, 'tags.json');
    writeFileSync(file, '[{"Key":"a","Value":"1"}]');
    const fromJson = buildInput(search, SearchIndexCreate.operation, { name: 'n', 'role-arn': 'r', tags: ['[{"Key":"a","Value":"1"}]'] });
    const fromFile = buildInput(search, SearchIndexCreate.operation, { name: 'n', 'role-arn': 'r', tags: [`file://${file}`] });
    assert.deepEqual(fromJson.Tags, [{ Key: 'a', Value: '1' }]);
    assert.deepEqual(fromFile.Tags, fromJson.Tags);
  });

  it('splits one comma-separated value of a list of strings', () => {
    const flags = { 'resource-arn': 'arn', 'tag-keys': ['a,b'] };
    assert.deepEqual(buildInput(search, SearchTagRemove.operation, flags).TagKeys, ['a', 'b']);
    assert.deepEqual(buildInput(search, SearchTagRemove.operation, { ...flags, 'tag-keys': ['a', 'b,c'] }).TagKeys, ['a', 'b,c']);
  });

  it('decodes base64 blobs inside JSON, and reads a top-level blob from fileb://', () => {
    const input = buildInput(search, SearchDocumentPut.operation, {
      'index-id': 'i',
      documents: ['[{"Id":"a","Blob":"SGVsbG8="}]'],
    });
    const documents = input.Documents as Array<{ Blob: Uint8Array }>;
    assert.equal(Buffer.from(documents[0]!.Blob).toString(), 'Hello');
    usage(() => buildInput(search, SearchDocumentPut.operation, { 'index-id': 'i', documents: ['[{"Id":"a","Blob":"not base64!"}]'] }), /base64/);

    const zip = join(dir, 'p.zip');
    writeFileSync(zip, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff]));
    const project = buildInput(mobile, MobileProjectCreate.operation, { name: 'app', 'project-region': 'eu-west-1', contents: `fileb://${zip}` });
    assert.deepEqual([...(project.contents as Uint8Array)], [0x50, 0x4b, 0x03, 0x04, 0xff]);
    assert.equal(project.region, 'eu-west-1', '--project-region is the member "region"');
  });

  it('gives shorthand values their model types (timestamps stay for the serializer)', () => {
    const input = buildInput(search, SearchDataSourceSyncList.operation, {
      'index-id': 'i',
      id: 'd',
      'start-time-filter': 'StartTime=2024-01-01T00:00:00Z,EndTime=1706745600',
    });
    assert.deepEqual(input.StartTimeFilter, { StartTime: '2024-01-01T00:00:00Z', EndTime: 1706745600 });
  });

  it('merges --cli-input-json under the flags and checks required members after', () => {
    const file = join(dir, 'input.json');
    writeFileSync(file, JSON.stringify({ Name: 'from-json', RoleArn: 'arn-json', Description: 'd' }));
    const input = buildInput(search, SearchIndexCreate.operation, { 'cli-input-json': `file://${file}`, name: 'from-flag' });
    assert.deepEqual(input, { Name: 'from-flag', RoleArn: 'arn-json', Description: 'd' });
    usage(() => buildInput(search, SearchIndexCreate.operation, { name: 'x' }), /Missing required flag --role-arn/);
    usage(() => buildInput(search, SearchIndexCreate.operation, {}), /--name, --role-arn/);
  });

  it('reports bad JSON, bad shorthand and unreadable files as usage errors', () => {
    usage(() => buildInput(search, SearchIndexCreate.operation, { 'cli-input-json': '{"Name":' }), /Invalid JSON for --cli-input-json/);
    usage(() => buildInput(search, SearchIndexCreate.operation, { 'cli-input-json': '[1]' }), /JSON object/);
    usage(() => buildInput(search, SearchIndexCreate.operation, { name: 'n', 'role-arn': 'r', tags: ['Key=[a'] }), /Invalid shorthand for --tags/);
    usage(
      () => buildInput(search, SearchIndexCreate.operation, { name: 'n', 'role-arn': 'r', tags: [`file://${join(dir, 'missing.json')}`] }),
      /Cannot read .*missing\.json for --tags \(ENOENT\)/,
    );
    usage(
      () => buildInput(search, SearchIndexCreate.operation, { name: 'n', 'role-arn': 'r', 'server-side-encryption-configuration': 'just text' }),
      /expected JSON/,
    );
  });
});
