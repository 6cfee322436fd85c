import assert from 'node:assert/strict';
import { checkFaultInjection, createFaultInjector, seededRandom, targetOperation } from '../../../src/lib/local/server/faults.js';
import type { LocalResponse } from '../../../src/lib/local/types.js';

const target = (operation: string) => ({ 'x-amz-target': `AWSKendraFrontendService.${operation}` });
const putRequest = (ids: string[]) => ({
  headers: target('BatchPutDocument'),
  body: Buffer.from(JSON.stringify({ IndexId: 'i', Documents: ids.map((Id) => ({ Id, Blob: 'eA==' })) })),
});

describe('local: fault injection', () => {
  it('checks its configuration', () => {
    assert.deepEqual(checkFaultInjection({}), {
      throttleRate: 0,
      serverErrorRate: 0,
      resetRate: 0,
      latencyMs: 0,
      documentFailureRate: 0,
      seed: 0x5eed,
      perOperation: {},
    });
    assert.deepEqual(checkFaultInjection({ throttleRate: 0.1, perOperation: { Query: { latencyMs: 20 } } }).perOperation, {
      Query: { throttleRate: 0.1, serverErrorRate: 0, resetRate: 0, latencyMs: 20, documentFailureRate: 0 },
    });
    assert.throws(() => checkFaultInjection({ latencyMs: -1 }), /faults\.latencyMs must be a whole number of milliseconds/);
    assert.throws(
      () => checkFaultInjection({ perOperation: { Query: { resetRate: 2 } } }),
      /faults\.perOperation\.Query\.resetRate must be a number from 0 to 1/,
    );
    assert.throws(() => checkFaultInjection({ throttle: 0.1 } as never), /faults has no setting throttle/);
    assert.throws(() => checkFaultInjection({ throttleRate: 1.5 }), /faults\.throttleRate must be a number from 0 to 1/);
    assert.throws(() => checkFaultInjection({ documentFailureRate: -0.1 }), /documentFailureRate/);
    assert.throws(() => checkFaultInjection({ throttleRate: 0.6, serverErrorRate: 0.6 }), /must not exceed 1/);
    assert.throws(() => checkFaultInjection({ seed: 1.5 }), /seed must be an integer/);
  });

  it('is repeatable from its seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = Array.from({ length: 5 }, a);
    assert.deepEqual(first, Array.from({ length: 5 }, b));
    assert.notDeepEqual(first, Array.from({ length: 5 }, seededRandom(43)));
    assert.ok(first.every((x) => x >= 0 && x < 1));
  });

  it('reads the operation of a JSON-protocol request', () => {
    assert.equal(targetOperation(target('Query')), 'Query');
    assert.equal(targetOperation({}), undefined);
  });

  it('answers about the configured share of requests with throttling and 503 errors, without serving them', async () => {
    const injector = createFaultInjector({ throttleRate: 0.2, serverErrorRate: 0.1, seed: 9 });
    let served = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const answer = await injector.apply({ headers: target('Query'), body: Buffer.from('{}') }, async () => {
        served++;
        return { status: 200, body: {} };
      });
      statuses.push(answer.status);
      if (answer.status === 400) assert.deepEqual(answer.body, { __type: 'ThrottlingException', message: 'Rate exceeded (injected fault)' });
      if (answer.status === 503) assert.equal((answer.body as { __type: string }).__type, 'ServiceUnavailableException');
    }
    const count = (status: number) => statuses.filter((s) => s === status).length;
    assert.equal(count(400), injector.counts.throttled);
    assert.equal(count(503), injector.counts.serverErrors);
    assert.equal(served, count(200));
    assert.ok(Math.abs(count(400) / 2000 - 0.2) < 0.04 && Math.abs(count(503) / 2000 - 0.1) < 0.03, `${count(400)} / ${count(503)}`);
  });

  it('removes failed documents from the request it serves and reports exactly those, beside the real failures', async () => {
    const injector = createFaultInjector({ documentFailureRate: 0.5, seed: 4 });
    const ids = Array.from({ length: 10 }, (_, i) => `d${i}`);
    let forwarded: string[] = [];
    const answer = await injector.apply(putRequest(ids), async (request) => {
      forwarded = (JSON.parse(request.body.toString()).Documents as Array<{ Id: string }>).map((d) => d.Id);
      return {
        status: 200,
        headers: { 'content-length': '99', 'content-type': 'application/x-amz-json-1.1' },
        body: Buffer.from(JSON.stringify({ FailedDocuments: [{ Id: forwarded[0], ErrorCode: 'InvalidRequest', ErrorMessage: 'real' }] })),
      };
    });
    const failed = (answer.body as { FailedDocuments: Array<{ Id: string; ErrorCode: string }> }).FailedDocuments;
    const injected = failed.filter((f) => f.ErrorCode === 'InternalError').map((f) => f.Id);
    assert.ok(injected.length > 0 && forwarded.length > 0);
    assert.deepEqual([...forwarded, ...injected].sort(), ids.sort());
    assert.equal(failed[0]!.ErrorCode, 'InvalidRequest');
    assert.equal(answer.headers?.['content-length'], undefined);
    assert.equal(injector.counts.documentFailures, injected.length);
  });

  it('answers alone when every document fails, and passes error answers through', async () => {
    const all = createFaultInjector({ documentFailureRate: 1 });
    let called = false;
    const answer = await all.apply(putRequest(['a', 'b']), async () => {
      called = true;
      return { status: 200, body: {} };
    });
    assert.equal(called, false);
    assert.deepEqual(
      (answer.body as { FailedDocuments: Array<{ Id: string }> }).FailedDocuments.map((f) => f.Id),
      ['a', 'b'],
    );
    const some = createFaultInjector({ documentFailureRate: 0.5, seed: 4 });
    const error: LocalResponse = { status: 400, body: { __type: 'ResourceNotFoundException', message: 'no index' } };
    assert.equal(await some.apply(putRequest(['a', 'b', 'c', 'd']), async () => error), error);
  });

  it('applies only to the listed operations', async () => {
    const injector = createFaultInjector({ throttleRate: 1, operations: ['BatchPutDocument'] });
    const ok = await injector.apply({ headers: target('DescribeIndex'), body: Buffer.from('{}') }, async () => ({ status: 200, body: {} }));
    assert.equal(ok.status, 200);
    const throttled = await injector.apply(putRequest(['a']), async () => ({ status: 200, body: {} }));
    assert.equal(throttled.status, 400);
  });
});
