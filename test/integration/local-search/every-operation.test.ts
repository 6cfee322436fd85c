import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as kendra from '@aws-sdk/client-kendra';
import { readPlan, resolveInput, valueAt, writePlanObjects } from '../../fixtures/every-operation/plan.js';
import { startTestService, type TestService } from './support.js';

const MODEL = JSON.parse(readFileSync(new URL('../../../models/kendra-2019-02-03.api.json', import.meta.url), 'utf8')) as {
  operations: Record<string, unknown>;
};

describe('local search service: every operation through the AWS SDK for JavaScript v3', function () {
  this.timeout(60_000);
  let service: TestService;
  before(async () => {
    service = await startTestService({ createDelay: 0, credentials: [{ key: 'AKIDEVERYOPERATION', secret: 'every-operation-secret' }] });
  });
  after(async () => service.stop());

  it('answers each of the 66 operations of the model with a response the SDK parses', async () => {
    const plan = readPlan();
    assert.deepEqual([...new Set(plan.steps.map((step) => step.op))].sort(), Object.keys(MODEL.operations).sort(), 'the plan calls every operation once');
    writePlanObjects(plan, service.s3Dir);
    const client = new kendra.KendraClient({
      region: 'us-east-1',
      endpoint: service.service.endpoint,
      credentials: { accessKeyId: 'AKIDEVERYOPERATION', secretAccessKey: 'every-operation-secret' },
      maxAttempts: 1,
    });
    const saved: Record<string, string> = {};
    for (const step of plan.steps) {
      const Command = (kendra as unknown as Record<string, new (input: unknown) => unknown>)[`${step.op}Command`];
      assert.ok(Command, `the SDK has ${step.op}Command`);
      const input = resolveInput(
        step.input,
        saved,
        (text) => new TextEncoder().encode(text),
        (seconds) => new Date(seconds * 1000),
      );
      let answer: Record<string, unknown>;
      try {
        answer = (await client.send(new Command(input) as never)) as unknown as Record<string, unknown>;
      } catch (error) {
        assert.fail(`${step.op} failed: ${(error as Error).name}: ${(error as Error).message}`);
      }
      assert.equal((answer.$metadata as { httpStatusCode?: number }).httpStatusCode, 200, step.op);
      for (const [name, path] of Object.entries(step.save ?? {})) {
        const value = valueAt(answer, path);
        assert.equal(typeof value, 'string', `${step.op} answers ${path}`);
        saved[name] = value as string;
      }
    }
    client.destroy();
  });
});
