import { strict as assert } from 'node:assert';
import { MOBILE_ERRORS } from '../../../src/lib/local/mobile/error-response.js';
import { mobileError } from '../../../src/lib/local/mobile/mobile-error.js';
import { failureResponse } from '../../../src/lib/local/protocol/error-response.js';
import { SEARCH_ERRORS } from '../../../src/lib/local/search/core/wire.js';
import { searchError } from '../../../src/lib/local/search/core/errors.js';

/** Collects what a service would write to its log. */
function logged(): { report: (error: unknown, requestId: string) => void; entries: Array<[unknown, string]> } {
  const entries: Array<[unknown, string]> = [];
  return { report: (error, requestId) => void entries.push([error, requestId]), entries };
}

describe('local protocol: error answers', () => {
  it('answers a search error in JSON 1.1 (`Message`) and a mobile error in REST-JSON (`message`, Retry-After)', () => {
    const { report, entries } = logged();
    assert.deepEqual(failureResponse(searchError('ConflictException', 'taken'), 'r1', SEARCH_ERRORS, report), {
      status: 400,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'ConflictException' },
      body: { __type: 'ConflictException', Message: 'taken' },
    });
    assert.deepEqual(failureResponse(mobileError('TooManyRequestsException', 'slow down', 2), 'r2', MOBILE_ERRORS, report), {
      status: 429,
      headers: { 'content-type': 'application/json', 'x-amzn-errortype': 'TooManyRequestsException', 'retry-after': '2' },
      body: { __type: 'TooManyRequestsException', message: 'slow down' },
    });
    assert.equal(entries.length, 0);
  });

  it('answers a write refused by a full disk (SQLITE_FULL) with each service’s retryable server fault, saying storage is full, unlogged', () => {
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const { report, entries } = logged();
    assert.deepEqual(failureResponse(full, 'r6', SEARCH_ERRORS, report), {
      status: 500,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'InternalServerException' },
      body: { __type: 'InternalServerException', Message: 'The storage of the local data dir is full, so nothing was written; free disk space and retry.' },
    });
    const mobileFull = failureResponse(full, 'r7', MOBILE_ERRORS, report);
    assert.equal(mobileFull.status, 503);
    assert.equal(mobileFull.headers?.['retry-after'], '5');
    assert.match((mobileFull.body as { message: string }).message, /^the storage of the local data dir is full/);
    assert.equal(entries.length, 0);
  });

  it('answers a busy store with each service’s busy error, unlogged, and any other failure as an internal error, logged', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const { report, entries } = logged();
    const searchBusy = failureResponse(busy, 'r3', SEARCH_ERRORS, report);
    assert.equal(searchBusy.status, 400);
    assert.equal((searchBusy.body as { __type: string }).__type, 'ThrottlingException');
    const mobileBusy = failureResponse(busy, 'r4', MOBILE_ERRORS, report);
    assert.equal(mobileBusy.status, 503);
    assert.equal(mobileBusy.headers?.['retry-after'], '1');
    assert.equal(entries.length, 0);
    const failure = new Error('secret detail');
    const internal = failureResponse(failure, 'r5', MOBILE_ERRORS, report);
    assert.equal(internal.status, 500);
    assert.deepEqual(internal.body, {
      __type: 'InternalFailureException',
      message: 'the local mobile service failed to process the request r5; its log has the cause',
    });
    assert.deepEqual(entries, [[failure, 'r5']]);
  });
});
