import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { TestService } from './support.js';
import { TIME_OFF_QUESTIONS, timeOffService } from './semantic-clients.js';

const run = promisify(execFile);

/** Query and Retrieve through boto3, the document ids they return first, per question. */
const SCRIPT = `
import json, sys, boto3
endpoint, index_id, questions = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
kendra = boto3.client('kendra', endpoint_url=endpoint, region_name='us-east-1', aws_access_key_id='test', aws_secret_access_key='test')
out = []
for question in questions:
    query = kendra.query(IndexId=index_id, QueryText=question, QueryResultTypeFilter='DOCUMENT')
    retrieve = kendra.retrieve(IndexId=index_id, QueryText=question)
    out.append({'query': [item['DocumentId'] for item in query['ResultItems']], 'retrieve': [item['DocumentId'] for item in retrieve['ResultItems']], 'content': retrieve['ResultItems'][0]['Content'] if retrieve['ResultItems'] else None})
print(json.dumps(out))
`;

describe('semantic search through boto3 (built-in model)', function () {
  this.timeout(120_000);
  let test: TestService;
  let indexId: string;
  before(async () => ({ test, indexId } = await timeOffService()));
  after(() => test.stop());

  it('Query and Retrieve answer the time-off questions with the vacation document first', async () => {
    const { stdout } = await run('python3', ['-c', SCRIPT, test.service.endpoint, indexId, JSON.stringify(TIME_OFF_QUESTIONS)], {
      env: { ...process.env, AWS_EC2_METADATA_DISABLED: 'true' },
    });
    const answers = JSON.parse(stdout) as Array<{ query: string[]; retrieve: string[]; content: string }>;
    for (const [i, answer] of answers.entries()) {
      assert.equal(answer.query[0], 'vacation', TIME_OFF_QUESTIONS[i]);
      assert.equal(answer.retrieve[0], 'vacation', TIME_OFF_QUESTIONS[i]);
      assert.equal(answer.content, 'Employees accrue 20 vacation days per year.');
    }
  });
});
