import { strict as assert } from 'node:assert';
import { AmazonKendraRetriever } from '@langchain/aws';
import type { TestService } from './support.js';
import { TIME_OFF_QUESTIONS, timeOffService } from './semantic-clients.js';

describe("semantic search through LangChain's AmazonKendraRetriever (built-in model)", function () {
  this.timeout(120_000);
  let test: TestService;
  let indexId: string;
  before(async () => ({ test, indexId } = await timeOffService()));
  after(() => test.stop());

  for (const question of TIME_OFF_QUESTIONS) {
    it(`gives the vacation passage as the first context for "${question}", from Retrieve`, async () => {
      const retriever = new AmazonKendraRetriever({
        indexId,
        region: 'us-east-1',
        topK: 3,
        clientOptions: { endpoint: test.service.endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } },
      });
      const seen: string[] = [];
      retriever.kendraClient.middlewareStack.add(
        (next, context) => async (args) => {
          seen.push(String(context.commandName));
          return next(args);
        },
        { step: 'initialize' },
      );
      const documents = await retriever.invoke(question);
      assert.deepEqual(seen, ['RetrieveCommand'], 'Retrieve found context, so no Query fallback');
      assert.match(documents[0]!.pageContent, /Employees accrue 20 vacation days per year\./);
      assert.equal(documents[0]!.metadata.title, 'Leave');
    });
  }
});
