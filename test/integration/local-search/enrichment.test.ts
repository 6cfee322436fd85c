import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { activeIndex, call, ok, startTestService, textDoc, until, type TestService } from './support.js';

// Kendra: "Customizing document metadata during the ingestion process",
// https://docs.aws.amazon.com/kendra/latest/dg/custom-document-enrichment.html, and the API reference's
// https://docs.aws.amazon.com/kendra/latest/APIReference/API_CustomDocumentEnrichmentConfiguration.html,
// https://docs.aws.amazon.com/kendra/latest/APIReference/API_InlineCustomDocumentEnrichmentConfiguration.html,
// https://docs.aws.amazon.com/kendra/latest/APIReference/API_DocumentAttributeCondition.html,
// https://docs.aws.amazon.com/kendra/latest/APIReference/API_DocumentAttributeTarget.html,
// https://docs.aws.amazon.com/kendra/latest/APIReference/API_HookConfiguration.html

const ROLE = 'arn:aws:iam::000000000000:role/search';
const PRE_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:pre-extract';
const POST_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:post-extract';
const MISSING_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:nowhere';
const S3_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:s3-rewrite';
const FAILING_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:failing';
const BABBLING_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:babbling';

/** A pre-extraction function for documents in S3: writes the event beside the object and an altered copy, and answers its key. */
const S3_REWRITE = [
  "const fs=require('fs'),path=require('path');let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{",
  'const e=JSON.parse(s);const dir=path.join(process.env.S3_DIR,e.s3Bucket);',
  "fs.writeFileSync(path.join(dir,'last-event.json'),s);",
  "const body=fs.readFileSync(path.join(dir,e.s3ObjectKey),'utf8');",
  "fs.writeFileSync(path.join(dir,'altered.txt'),'CDEInvolved '+body);",
  "process.stdout.write(JSON.stringify({version:'v0',s3ObjectKey:'altered.txt',metadataUpdates:[{key:'Priority',value:{longValue:7}}]}))})",
].join('');

describe('local search service: Custom Document Enrichment', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  let hookServer: Server;
  const events: any[] = [];

  const attributes = async (text: string, keys: string[]) => {
    const items = (await ok(endpoint, 'Query', { IndexId: index, QueryText: text, ...(keys.length ? { RequestedDocumentAttributes: keys } : {}) })).ResultItems;
    return items.map((item: any) => ({ id: item.DocumentId, title: item.DocumentTitle?.Text, attributes: item.DocumentAttributes ?? [] }));
  };
  const put = (documents: unknown[], config: unknown) =>
    ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: documents, CustomDocumentEnrichmentConfiguration: config });

  before(async () => {
    // a post-extraction function over HTTP: rewrites the structured document's text and sets a field
    hookServer = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        events.push(event);
        const structured = JSON.parse(readFileSync(join(service.s3Dir, event.s3Bucket, event.s3ObjectKey), 'utf8'));
        const key = `${event.s3ObjectKey}.out`;
        writeFileSync(
          join(service.s3Dir, event.s3Bucket, key),
          JSON.stringify({ textContent: { documentBodyText: `${structured.textContent.documentBodyText} kingfisher` } }),
        );
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ version: 'v0', s3ObjectKey: key, metadataUpdates: [{ key: 'Department', value: { stringValue: 'Reviewed' } }] }));
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/`;
    // a pre-extraction function as a command: uppercases the blob and sets the title
    const preCommand = `${JSON.stringify(process.execPath)} -e ${JSON.stringify(
      "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const e=JSON.parse(s);const body=Buffer.from(e.dataBlobStringEncodedInBase64,'base64').toString().toUpperCase();" +
        "process.stdout.write(JSON.stringify({version:'v0',dataBlobStringEncodedInBase64:Buffer.from(body).toString('base64'),metadataUpdates:[{name:'_document_title',value:{stringValue:'Retitled '+e.metadata.attributes.length}}]}))})",
    )}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'nimbus-enrichment-'));
    const s3Dir = join(dataDir, 's3');
    service = await startTestService({
      functions: new Map([
        [PRE_ARN, preCommand],
        [POST_ARN, hookUrl],
        [FAILING_ARN, 'echo "cannot reach the OCR service" >&2; exit 3'],
        [BABBLING_ARN, 'cat >/dev/null; echo "not json"'],
        [S3_ARN, `S3_DIR=${JSON.stringify(s3Dir)} ${JSON.stringify(process.execPath)} -e ${JSON.stringify(S3_REWRITE)}`],
      ]),
      s3Dir,
      dataDir,
    });
    mkdirSync(join(service.s3Dir, 'enrichment'), { recursive: true });
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'UpdateIndex', {
      Id: index,
      DocumentMetadataConfigurationUpdates: [
        { Name: 'Department', Type: 'STRING_VALUE', Search: { Displayable: true } },
        { Name: 'Customer_ID', Type: 'STRING_VALUE', Search: { Displayable: true } },
        { Name: 'Source_URI', Type: 'STRING_VALUE', Search: { Displayable: true } },
        { Name: 'Priority', Type: 'LONG_VALUE', Search: { Displayable: true } },
      ],
    });
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id: index })).Status === 'ACTIVE');
  });
  after(async () => {
    await service.stop();
    rmSync(service.dataDir, { recursive: true, force: true });
    await new Promise((resolve) => hookServer.close(resolve));
  });

  it('applies inline configurations to BatchPutDocument: set a value on a condition, delete a value, delete content', async () => {
    const config = {
      InlineConfigurations: [
        // the guide's example: Source_URI contains 'financial' → Department = Finance
        {
          Condition: { ConditionDocumentAttributeKey: 'Source_URI', Operator: 'Contains', ConditionOnValue: { StringValue: 'financial' } },
          Target: { TargetDocumentAttributeKey: 'Department', TargetDocumentAttributeValue: { StringValue: 'Finance' } },
        },
        // the guide's example: scrub Customer_ID from every document
        { Target: { TargetDocumentAttributeKey: 'Customer_ID', TargetDocumentAttributeValueDeletion: true } },
        // later configurations see what earlier ones left: Department is set only where the first one matched
        {
          Condition: { ConditionDocumentAttributeKey: 'Department', Operator: 'NotExists' },
          Target: { TargetDocumentAttributeKey: 'Department', TargetDocumentAttributeValue: { StringValue: 'Unfiled' } },
        },
        {
          Condition: { ConditionDocumentAttributeKey: 'Priority', Operator: 'GreaterThan', ConditionOnValue: { LongValue: 5 } },
          DocumentContentDeletion: true,
        },
      ],
    };
    const answer = await put(
      [
        textDoc('fin-1', 'Ledger', 'quarterly ledger herons', { Source_URI: 'financial/1', Customer_ID: 'CID1234', Priority: 1 }),
        textDoc('hr-1', 'Leave', 'annual leave herons', { Source_URI: 'hr/leave', Customer_ID: 'CID1235', Priority: 2 }),
        textDoc('secret-1', 'Secret', 'classified herons', { Source_URI: 'ops/secret', Priority: 9 }),
      ],
      config,
    );
    assert.deepEqual(answer.FailedDocuments, []);
    const found = await attributes('herons', ['Department', 'Customer_ID', 'Source_URI']);
    const byId = Object.fromEntries(found.map((item: any) => [item.id, item.attributes]));
    assert.deepEqual(byId['fin-1'], [
      { Key: 'Department', Value: { StringValue: 'Finance' } },
      { Key: 'Source_URI', Value: { StringValue: 'financial/1' } },
    ]);
    assert.deepEqual(byId['hr-1'], [
      { Key: 'Department', Value: { StringValue: 'Unfiled' } },
      { Key: 'Source_URI', Value: { StringValue: 'hr/leave' } },
    ]);
    // DocumentContentDeletion: the document stays, its body is gone
    assert.equal(byId['secret-1'], undefined);
    assert.deepEqual(
      (await attributes('secret', [])).map((item: any) => item.id),
      ['secret-1'],
    );
    assert.deepEqual(await attributes('classified', []), []);
  });

  it('refuses configurations as Kendra documents: a value with deletion, a target that is no index field, a condition on _document_body, a hook without RoleArn', async () => {
    const refuse = async (config: unknown, pattern: RegExp) => {
      const answer = await call(endpoint, 'BatchPutDocument', {
        IndexId: index,
        Documents: [textDoc('x', 'x', 'x')],
        CustomDocumentEnrichmentConfiguration: config,
      });
      assert.equal(answer.status, 400);
      assert.equal(answer.body.__type.split('#').pop(), 'ValidationException');
      assert.match(answer.body.message ?? answer.body.Message, pattern);
    };
    await refuse(
      {
        InlineConfigurations: [
          {
            Target: {
              TargetDocumentAttributeKey: 'Department',
              TargetDocumentAttributeValue: { StringValue: 'x' },
              TargetDocumentAttributeValueDeletion: true,
            },
          },
        ],
      },
      /cannot create a target value and set TargetDocumentAttributeValueDeletion to TRUE/,
    );
    await refuse(
      { InlineConfigurations: [{ Target: { TargetDocumentAttributeKey: 'Nope', TargetDocumentAttributeValue: { StringValue: 'x' } } }] },
      /Nope is not a field of the index/,
    );
    await refuse(
      { InlineConfigurations: [{ Target: { TargetDocumentAttributeKey: '_document_body', TargetDocumentAttributeValueDeletion: true } }] },
      /_document_body is computed by the service and cannot be a target/,
    );
    await refuse(
      {
        InlineConfigurations: [
          { Condition: { ConditionDocumentAttributeKey: '_document_body', Operator: 'Contains', ConditionOnValue: { StringValue: 'x' } } },
        ],
      },
      /does not support _document_body/,
    );
    await refuse(
      { InlineConfigurations: [{ Condition: { ConditionDocumentAttributeKey: 'Department', Operator: 'Equals' } }] },
      /Equals needs a ConditionOnValue/,
    );
    await refuse({ PreExtractionHookConfiguration: { LambdaArn: PRE_ARN, S3Bucket: 'enrichment' } }, /needs a RoleArn/);
    // DocumentAttributeTarget sets a target value or deletes the value; the API documents no copying from another attribute
    await refuse(
      {
        InlineConfigurations: [
          {
            Condition: { ConditionDocumentAttributeKey: 'Source_URI', Operator: 'Exists' },
            Target: { TargetDocumentAttributeKey: 'Department' },
          },
        ],
      },
      /sets neither TargetDocumentAttributeValue nor TargetDocumentAttributeValueDeletion/,
    );
    // the documented maximum of 100 inline configurations
    const many = Array.from({ length: 101 }, () => ({ Target: { TargetDocumentAttributeKey: 'Customer_ID', TargetDocumentAttributeValueDeletion: true } }));
    await refuse({ InlineConfigurations: many }, /100/);
  });

  it('runs the pre-extraction hook (a command) and the post-extraction hook (a URL) with the documented events and results', async () => {
    events.length = 0;
    const config = {
      PreExtractionHookConfiguration: { LambdaArn: PRE_ARN, S3Bucket: 'enrichment' },
      PostExtractionHookConfiguration: {
        LambdaArn: POST_ARN,
        S3Bucket: 'enrichment',
        InvocationCondition: { ConditionDocumentAttributeKey: 'Priority', Operator: 'Exists' },
      },
      RoleArn: ROLE,
    };
    const answer = await put(
      [textDoc('hooked', 'Original', 'egrets wade in shallow water', { Priority: 3 }), textDoc('plain', 'Plain', 'egrets without priority')],
      config,
    );
    assert.deepEqual(answer.FailedDocuments, []);
    // the command's upper-cased blob was indexed, the title is its metadata update; the URL appended a word and set Department
    const hooked = (await attributes('kingfisher', ['Department'])).find((item: any) => item.id === 'hooked');
    assert.ok(hooked, 'the post-extraction text is searchable');
    // the pre-extraction event's metadata: the Priority attribute and the title given
    assert.equal(hooked.title, 'Retitled 2');
    assert.deepEqual(hooked.attributes, [{ Key: 'Department', Value: { StringValue: 'Reviewed' } }]);
    const excerpt = (await ok(endpoint, 'Query', { IndexId: index, QueryText: 'shallow egrets' })).ResultItems.find(
      (item: any) => item.DocumentId === 'hooked',
    );
    assert.match(excerpt.DocumentExcerpt.Text, /EGRETS WADE IN SHALLOW WATER kingfisher/);
    // the post-extraction function ran only where its InvocationCondition held, with the documented event
    assert.equal(events.length, 1);
    assert.deepEqual(Object.keys(events[0]).sort(), ['metadata', 's3Bucket', 's3ObjectKey', 'version']);
    assert.equal(events[0].s3Bucket, 'enrichment');
    assert.ok(events[0].metadata.attributes.some((attribute: any) => attribute.key === 'Priority' && attribute.value.longValue === 3));
  });

  it('fails a document whose hook names an ARN that nothing stands in for, in FailedDocuments', async () => {
    const answer = await put([textDoc('orphan', 'Orphan', 'storks')], {
      PreExtractionHookConfiguration: { LambdaArn: MISSING_ARN, S3Bucket: 'enrichment' },
      RoleArn: ROLE,
    });
    assert.equal(answer.FailedDocuments.length, 1);
    assert.equal(answer.FailedDocuments[0].Id, 'orphan');
    assert.equal(answer.FailedDocuments[0].ErrorCode, 'InvalidRequest');
    assert.match(
      answer.FailedDocuments[0].ErrorMessage,
      new RegExp(`No function stands in for the Lambda function ${MISSING_ARN} locally; start the service with --function`),
    );
  });

  it('fails a document whose function exits with an error or answers outside the contract, saying why', async () => {
    const hook = (LambdaArn: string) => ({ PreExtractionHookConfiguration: { LambdaArn, S3Bucket: 'enrichment' }, RoleArn: ROLE });
    const failing = await put([textDoc('failing', 'Failing', 'ibis')], hook(FAILING_ARN));
    assert.deepEqual(
      failing.FailedDocuments.map((doc: any) => [doc.Id, doc.ErrorMessage]),
      [['failing', `The function ${FAILING_ARN} exited with status 3: cannot reach the OCR service.`]],
    );
    const babbling = await put([textDoc('babbling', 'Babbling', 'ibis')], hook(BABBLING_ARN));
    assert.deepEqual(
      babbling.FailedDocuments.map((doc: any) => [doc.Id, doc.ErrorMessage]),
      [['babbling', `The function ${BABBLING_ARN} did not answer with JSON.`]],
    );
    assert.deepEqual(await attributes('ibis', []), []);
  });

  it('applies a data source’s enrichment in its sync jobs, keeps it in DescribeDataSource, and counts documents whose hook has no stand-in', async () => {
    const bucket = join(service.s3Dir, 'reports');
    mkdirSync(bucket, { recursive: true });
    writeFileSync(join(bucket, 'q1.txt'), 'pelicans in the first quarter');
    writeFileSync(join(bucket, 'q1.txt.metadata.json'), JSON.stringify({ Attributes: { Customer_ID: 'CID9', Source_URI: 'financial/q1' } }));
    const enrichment = {
      InlineConfigurations: [
        { Target: { TargetDocumentAttributeKey: 'Customer_ID', TargetDocumentAttributeValueDeletion: true } },
        {
          Condition: { ConditionDocumentAttributeKey: 'Source_URI', Operator: 'Contains', ConditionOnValue: { StringValue: 'financial' } },
          Target: { TargetDocumentAttributeKey: 'Department', TargetDocumentAttributeValue: { StringValue: 'Finance' } },
        },
      ],
    };
    const { Id } = await ok(endpoint, 'CreateDataSource', {
      IndexId: index,
      Name: 'reports',
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: 'reports' } },
      CustomDocumentEnrichmentConfiguration: enrichment,
    });
    assert.deepEqual((await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id })).CustomDocumentEnrichmentConfiguration, enrichment);
    const sync = async () => {
      await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id })).Status === 'ACTIVE');
      const { ExecutionId } = await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: index, Id });
      return until(async () => {
        const job = (await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id })).History.find((item: any) => item.ExecutionId === ExecutionId);
        return job && job.Status !== 'SYNCING' ? job : undefined;
      });
    };
    assert.equal((await sync()).Status, 'SUCCEEDED');
    assert.deepEqual((await attributes('pelicans', ['Department', 'Customer_ID']))[0].attributes, [{ Key: 'Department', Value: { StringValue: 'Finance' } }]);

    await ok(endpoint, 'UpdateDataSource', {
      IndexId: index,
      Id,
      CustomDocumentEnrichmentConfiguration: { PostExtractionHookConfiguration: { LambdaArn: MISSING_ARN, S3Bucket: 'enrichment' }, RoleArn: ROLE },
    });
    writeFileSync(join(bucket, 'q1.txt'), 'pelicans in the first quarter, revised');
    const failed = await sync();
    assert.equal(failed.Status, 'INCOMPLETE');
    assert.equal(failed.Metrics.DocumentsFailed, '1');
    assert.match(failed.ErrorMessage, /s3:\/\/reports\/q1\.txt.*No function stands in for the Lambda function/);
  });

  it('runs a data source’s pre-extraction hook in its sync jobs with the S3 event, and indexes the object the function answers', async () => {
    const bucket = join(service.s3Dir, 'memos');
    mkdirSync(bucket, { recursive: true });
    writeFileSync(join(bucket, 'memo.txt'), 'flamingos stand on one leg');
    writeFileSync(join(bucket, 'memo.txt.metadata.json'), JSON.stringify({ Attributes: { Department: 'Zoology' } }));
    const { Id } = await ok(endpoint, 'CreateDataSource', {
      IndexId: index,
      Name: 'memos',
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: 'memos' } },
      CustomDocumentEnrichmentConfiguration: { PreExtractionHookConfiguration: { LambdaArn: S3_ARN, S3Bucket: 'enrichment' }, RoleArn: ROLE },
    });
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId: index, Id })).Status === 'ACTIVE');
    const { ExecutionId } = await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: index, Id });
    const job = await until(async () => {
      const found = (await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: index, Id })).History.find((item: any) => item.ExecutionId === ExecutionId);
      return found && found.Status !== 'SYNCING' ? found : undefined;
    });
    assert.equal(job.Status, 'SUCCEEDED');
    const event = JSON.parse(readFileSync(join(service.s3Dir, 'enrichment', 'last-event.json'), 'utf8'));
    assert.deepEqual(Object.keys(event).sort(), ['metadata', 's3Bucket', 's3ObjectKey', 'version']);
    assert.equal(event.s3Bucket, 'enrichment');
    assert.ok(event.metadata.attributes.some((attribute: any) => attribute.key === 'Department' && attribute.value.stringValue === 'Zoology'));
    const [memo] = await attributes('CDEInvolved flamingos', ['Priority', 'Department']);
    assert.equal(memo.id, 's3://memos/memo.txt');
    assert.deepEqual(memo.attributes, [
      { Key: 'Priority', Value: { LongValue: 7 } },
      { Key: 'Department', Value: { StringValue: 'Zoology' } },
    ]);
  });
});
