import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { activeIndex, ok, textDoc } from '../../integration/local-search/support.js';
import { awsCliJson } from '../aws-cli.js';
import { findAwsClis } from './cli-finder.js';

// Retrieve came to the CLI in 2023: the v1 CLI from pip has it, Debian's v2 (2.9) does not.
const cli = findAwsClis().find((found) => found.major === 1);

describe('the AWS CLI v1 reads Retrieve and BatchGetDocumentStatus from the local search service', function () {
  this.timeout(120_000);
  let dir: string;
  let service: LocalService;
  let index: string;

  before(async () => {
    assert.ok(cli, 'no AWS CLI v1 found: install it with pip install awscli');
    dir = mkdtempSync(join(tmpdir(), 'nimbus-aws-cli-retrieve-'));
    service = await startLocalService({ port: 0, dataDir: join(dir, 'data'), createDelay: 0 });
    index = await activeIndex(service.endpoint);
    await ok(service.endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('engine', 'Engines', 'A diesel engine has no spark plugs. It ignites fuel by compression.', { _category: 'manuals' }),
        textDoc('tyres', 'Tyres', 'Check tyre pressure monthly.', { _category: 'manuals' }),
        { Id: 'scan.pdf', Blob: Buffer.from('%PDF-1.7 unreadable').toString('base64'), ContentType: 'PDF' },
      ],
    });
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `aws kendra <args>` against the local service and parses its JSON output. */
  const aws = (...args: string[]): Promise<any> => awsCliJson(cli!.path, ['kendra', ...args, '--endpoint-url', service.endpoint, '--region', 'us-east-1'], dir);

  it('retrieves passages, filtered, with their attributes', async () => {
    const answer = await aws('retrieve', '--index-id', index, '--query-text', 'diesel engine', '--page-size', '5');
    assert.match(answer.QueryId, /^[0-9a-f-]{36}$/);
    assert.equal(answer.ResultItems.length, 1);
    const [item] = answer.ResultItems;
    assert.equal(item.DocumentId, 'engine');
    assert.equal(item.DocumentTitle, 'Engines');
    assert.equal(item.Content, 'A diesel engine has no spark plugs. It ignites fuel by compression.');
    assert.deepEqual(item.ScoreAttributes, { ScoreConfidence: 'VERY_HIGH' });
    assert.deepEqual(
      item.DocumentAttributes.find((attribute: any) => attribute.Key === '_category'),
      { Key: '_category', Value: { StringValue: 'manuals' } },
    );
    const filter = JSON.stringify({ EqualsTo: { Key: '_category', Value: { StringValue: 'cooking' } } });
    assert.deepEqual((await aws('retrieve', '--index-id', index, '--query-text', 'engine', '--attribute-filter', filter)).ResultItems, []);
  });

  it('answers the status of each document', async () => {
    const answer = await aws(
      'batch-get-document-status',
      '--index-id',
      index,
      '--document-info-list',
      'DocumentId=engine',
      'DocumentId=scan.pdf',
      'DocumentId=missing',
    );
    assert.deepEqual(answer.Errors, []);
    assert.deepEqual(answer.DocumentStatusList, [
      { DocumentId: 'engine', DocumentStatus: 'INDEXED' },
      {
        DocumentId: 'scan.pdf',
        DocumentStatus: 'FAILED',
        FailureCode: 'InvalidRequest',
        FailureReason: 'the PDF document cannot be read: it is not a valid PDF file (Invalid PDF structure.).',
      },
      { DocumentId: 'missing', DocumentStatus: 'NOT_FOUND' },
    ]);
  });

  it('shows the errors of the model', async () => {
    const fails = (promise: Promise<unknown>, code: string) => assert.rejects(promise, (error: any) => error.code !== 0 && new RegExp(code).test(error.stderr));
    await fails(aws('retrieve', '--index-id', '0'.repeat(36), '--query-text', 'engine'), 'ResourceNotFoundException');
    await fails(aws('retrieve', '--index-id', index, '--query-text', 'x'.repeat(1001)), 'ValidationException');
  });
});
