import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activeIndex, ok, textDoc, until } from '../../integration/local-search/support.js';
import { cliEnv, nimbus, requireBuild } from '../helpers/cli.js';
import { startLocalServer } from '../helpers/local-start.js';

// Kendra's data contract for the pre-extraction Lambda function ("Data contracts for Lambda functions"):
// https://docs.aws.amazon.com/kendra/latest/dg/custom-document-enrichment.html#cde-data-contracts-lambda

const ARN = 'arn:aws:lambda:us-east-1:000000000000:function:rewrite-metadata';

/** A function that rewrites metadata: Department takes the event's version and the number of attributes it got. */
const REWRITE = `
let input = '';
process.stdin.on('data', (chunk) => (input += chunk)).on('end', () => {
  const event = JSON.parse(input);
  const department = event.version + ':' + event.metadata.attributes.map((attribute) => attribute.key).sort().join(',');
  process.stdout.write(JSON.stringify({ version: 'v0', metadataUpdates: [{ key: 'Department', value: { stringValue: department } }] }));
});
`;

describe('nimbus local start --function', function () {
  this.timeout(60_000);
  let dir: string;

  before(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-function-'));
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('runs the command that stands in for a Lambda ARN with the documented event, and indexes the metadata it rewrites', async () => {
    const script = join(dir, 'rewrite.mjs');
    writeFileSync(script, REWRITE);
    const server = await startLocalServer(
      [
        '--port',
        '0',
        '--data-dir',
        join(dir, 'data'),
        '--create-delay',
        '0',
        '--function',
        `${ARN}=${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`,
      ],
      cliEnv(dir),
    );
    try {
      const index = await activeIndex(server.endpoint);
      await ok(server.endpoint, 'UpdateIndex', {
        Id: index,
        DocumentMetadataConfigurationUpdates: [{ Name: 'Department', Type: 'STRING_VALUE', Search: { Displayable: true } }],
      });
      await until(async () => (await ok(server.endpoint, 'DescribeIndex', { Id: index })).Status === 'ACTIVE');
      const put = await ok(server.endpoint, 'BatchPutDocument', {
        IndexId: index,
        Documents: [textDoc('memo', 'Memo', 'the cormorant memo', { Department: 'Unknown' })],
        CustomDocumentEnrichmentConfiguration: {
          PreExtractionHookConfiguration: { LambdaArn: ARN, S3Bucket: 'hooks' },
          RoleArn: 'arn:aws:iam::000000000000:role/enrichment',
        },
      });
      assert.deepEqual(put.FailedDocuments, []);
      const item = (await ok(server.endpoint, 'Query', { IndexId: index, QueryText: 'cormorant', RequestedDocumentAttributes: ['Department'] })).ResultItems[0];
      assert.deepEqual(item.DocumentAttributes, [{ Key: 'Department', Value: { StringValue: 'v0:Department,_document_title' } }]);
    } finally {
      await server.stop();
    }
  });

  it('keeps the service’s own settings (accepted credentials) out of the environment of the command', async () => {
    const script = join(dir, 'env.mjs');
    writeFileSync(
      script,
      "process.stdin.resume().on('end', () => process.stdout.write(JSON.stringify({ version: 'v0', metadataUpdates: [{ key: 'Department', value: { stringValue: String(process.env.NIMBUS_LOCAL_CREDENTIALS) } }] })));",
    );
    const server = await startLocalServer(
      ['--port', '0', '--data-dir', join(dir, 'env-data'), '--create-delay', '0'],
      cliEnv(dir, { NIMBUS_LOCAL_CREDENTIALS: 'test:test', NIMBUS_LOCAL_FUNCTIONS: `${ARN}=${JSON.stringify(process.execPath)} ${JSON.stringify(script)}` }),
    );
    try {
      const index = await activeIndex(server.endpoint);
      await ok(server.endpoint, 'UpdateIndex', {
        Id: index,
        DocumentMetadataConfigurationUpdates: [{ Name: 'Department', Type: 'STRING_VALUE', Search: { Displayable: true } }],
      });
      await until(async () => (await ok(server.endpoint, 'DescribeIndex', { Id: index })).Status === 'ACTIVE');
      await ok(server.endpoint, 'BatchPutDocument', {
        IndexId: index,
        Documents: [textDoc('env', 'Env', 'the grebe memo')],
        CustomDocumentEnrichmentConfiguration: {
          PreExtractionHookConfiguration: { LambdaArn: ARN, S3Bucket: 'hooks' },
          RoleArn: 'arn:aws:iam::000000000000:role/enrichment',
        },
      });
      const item = (await ok(server.endpoint, 'Query', { IndexId: index, QueryText: 'grebe', RequestedDocumentAttributes: ['Department'] })).ResultItems[0];
      // NIMBUS_LOCAL_FUNCTIONS named the function; the credentials did not reach it
      assert.deepEqual(item.DocumentAttributes, [{ Key: 'Department', Value: { StringValue: 'undefined' } }]);
    } finally {
      await server.stop();
    }
  });

  it('refuses a --function that is not ARN=COMMAND or ARN=URL, in one line with the usage exit code', async () => {
    const result = await nimbus(['local', 'start', '--port', '0', '--data-dir', join(dir, 'bad'), '--function', 'rewrite=node x.js'], { env: cliEnv(dir) });
    assert.equal(result.code, 252);
    assert.match(result.stderr, /^nimbus: Invalid --function value: expected ARN=COMMAND or ARN=URL/);
    assert.equal(result.stderr.trim().split('\n').length, 1);
  });
});
