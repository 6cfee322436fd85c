import assert from 'node:assert/strict';
import diagnosticsChannel from 'node:diagnostics_channel';
import { request as undiciRequest } from 'undici';
import { Command } from '../../../src/lib/client/command.js';
import { apiCallAttemptEvent, apiCallEvent, CSM_LIMITS } from '../../../src/lib/client/csm/csm-events.js';
import { observeUndici, type UndiciEvent } from '../../../src/lib/http/undici-events.js';
import { LruCache } from '../../../src/lib/client/discovery/lru-cache.js';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { ServiceException } from '../../../src/lib/errors/service-exception.js';
import { expandHostPrefix } from '../../../src/lib/client/middleware/host-prefix.js';
import { ServiceModel } from '../../../src/lib/model/service-model.js';
import type { ApiJson } from '../../../src/lib/model/types.js';
import { startTestServer, type TestServer } from '../../support/echo-server.js';
import { WIDGETS_API } from '../../integration/providers/widgets-service.js';

const model = new ServiceModel(structuredClone(WIDGETS_API) as unknown as ApiJson);

describe('observability machinery', () => {
  describe('undici events', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { body: { path: request.url } };
      });
    });
    after(() => server.close());

    const get = async (path: string): Promise<void> => {
      const response = await undiciRequest(`${server.endpoint}${path}`);
      await response.body.text();
    };

    it('gives each observation the events of its own requests only, subscribed only while in flight', async () => {
      const a: UndiciEvent[] = [];
      const b: UndiciEvent[] = [];
      const outer: UndiciEvent[] = [];
      assert.equal(diagnosticsChannel.hasSubscribers('undici:request:create'), false);
      await Promise.all([
        observeUndici(
          (event) => a.push(event),
          () => get('/a'),
        ),
        observeUndici(
          (event) => outer.push(event),
          () =>
            observeUndici(
              (event) => b.push(event),
              () => get('/b'),
            ),
        ),
        get('/unobserved'),
      ]);
      assert.equal(diagnosticsChannel.hasSubscribers('undici:request:create'), false);
      const paths = (events: UndiciEvent[]) => events.flatMap((event) => (event.name === 'create' ? [event.path] : []));
      assert.deepEqual(paths(a), ['/a']);
      assert.deepEqual(paths(b), ['/b']);
      assert.deepEqual(outer, b, 'an outer observation sees what a nested one sees');
      const names = a.map((event) => event.name).filter((name) => name !== 'beforeConnect' && name !== 'connected');
      assert.deepEqual(names, ['create', 'sendHeaders', 'bodySent', 'headers', 'trailers']);
      const headers = a.find((event) => event.name === 'headers');
      assert.ok(headers && headers.name === 'headers' && headers.statusCode === 200);
      assert.ok(headers.headers.some(([name, value]) => name === 'x-amzn-requestid' && value === 'req-1'));
      const times = a.map((event) => event.time);
      assert.deepEqual(
        times,
        [...times].sort((x, y) => x - y),
      );
    });
  });

  describe('LRU cache', () => {
    it('evicts the least recently used key beyond the limit', () => {
      const cache = new LruCache<number>(2);
      cache.set('a', 1);
      cache.set('b', 2);
      assert.equal(cache.get('a'), 1);
      cache.set('c', 3);
      assert.equal(cache.get('b'), undefined, 'b was the least recently used');
      assert.equal(cache.get('a'), 1);
      assert.equal(cache.get('c'), 3);
      cache.delete('a');
      assert.equal(cache.get('a'), undefined);
    });
  });

  describe('host prefix expansion', () => {
    const command = (args: Record<string, unknown>) => new Command(model.operation('GetTenantData')!, args);
    it('fills labels from the input', () => {
      assert.equal(expandHostPrefix(command({ Tenant: 'a-1' }), '{Tenant}.data.'), 'a-1.data.');
      assert.equal(expandHostPrefix(command({ Tenant: 'x' }), 'fixed.'), 'fixed.');
    });
    it('rejects missing values, bad labels and a bad fixed part', () => {
      for (const args of [{}, { Tenant: '' }, { Tenant: 'a.b' }, { Tenant: 'a-' }, { Tenant: 7 }]) {
        assert.throws(() => expandHostPrefix(command(args), '{Tenant}.data.'), InvalidArgumentException, JSON.stringify(args));
      }
      assert.throws(() => expandHostPrefix(command({ Tenant: 'ok' }), '{Tenant}..'), /is not a valid host name part/);
    });
  });

  describe('CSM events', () => {
    const base = { clientId: 'c'.repeat(300), service: 'Widgets', api: 'GetWidget', region: 'us-east-1' };
    const request = { method: 'POST', protocol: 'https:', hostname: 'widgets.example', path: '/', query: {}, headers: { 'user-agent': 'u'.repeat(300) } };
    const metadata = (headers: Record<string, string>) => ({ statusCode: 404, headers, attempts: 1, totalRetryDelay: 0 });

    it('bounds long fields and reads request ids from the response headers', () => {
      const error = new ServiceException({
        code: 'E'.repeat(200),
        message: 'm'.repeat(600),
        statusCode: 404,
        retryable: false,
        $metadata: metadata({ 'x-amzn-requestid': 'r1', 'x-amz-request-id': 'r2', 'x-amz-id-2': 'r3' }),
      });
      const attempt = apiCallAttemptEvent(base, { request, started: 1000, ended: 1250, error });
      assert.equal((attempt.ClientId as string).length, CSM_LIMITS.ClientId);
      assert.equal((attempt.UserAgent as string).length, 256);
      assert.equal((attempt.AwsException as string).length, 128);
      assert.equal((attempt.AwsExceptionMessage as string).length, 512);
      assert.deepEqual(
        [attempt.XAmznRequestId, attempt.XAmzRequestId, attempt.XAmzId2, attempt.AttemptLatency, attempt.HttpStatusCode],
        ['r1', 'r2', 'r3', 250, 404],
      );
      assert.equal(attempt.AccessKey, undefined);
      const call = apiCallEvent(base, { started: 1000, ended: 1300, attemptCount: 1, maxRetriesExceeded: false, error: new TypeError('x'.repeat(600)) });
      assert.equal(call.FinalSdkException, 'TypeError');
      assert.equal((call.FinalSdkExceptionMessage as string).length, 512);
      assert.equal(call.Latency, 300);
      assert.equal(call.FinalHttpStatusCode, undefined);
    });
  });
});
