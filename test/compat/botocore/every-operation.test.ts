import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PLAN_FILE, readPlan, writePlanObjects } from '../../fixtures/every-operation/plan.js';
import { startTestService, type TestService } from '../../integration/local-search/support.js';

const RUNNER = fileURLToPath(new URL('every_operation.py', import.meta.url));
const KEY = 'AKIDBOTO3EVERYOP';
const SECRET = 'boto3-every-operation';

describe('local search service: every operation through boto3', function () {
  this.timeout(120_000);
  let service: TestService;
  before(async () => {
    service = await startTestService({ createDelay: 0, credentials: [{ key: KEY, secret: SECRET }] });
  });
  after(async () => service.stop());

  it('answers each operation of the plan with a response boto3 parses', async () => {
    const plan = readPlan();
    writePlanObjects(plan, service.s3Dir);
    // asynchronous: the service answers on this process's event loop while python runs
    const { stdout } = await promisify(execFile)('python3', [RUNNER, PLAN_FILE, service.service.endpoint, KEY, SECRET], { timeout: 100_000 });
    const results = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { op: string; ok: boolean; error: string | null });
    assert.deepEqual(
      results.map((result) => result.op),
      plan.steps.map((step) => step.op),
      'boto3 ran every step',
    );
    assert.deepEqual(
      results.filter((result) => !result.ok),
      [],
      'every step succeeded',
    );
  });
});
