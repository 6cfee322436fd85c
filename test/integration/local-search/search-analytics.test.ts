import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignatureV4 } from '../../../src/lib/signing/sigv4.js';
import { searchRequest, startTestService, textDoc, type TestService, type WireAnswer } from './support.js';

const signer = new SignatureV4();

/**
 * Search analytics and the query log's time window, on a service whose clock the test sets:
 * requests are signed at the service's time, so that days and weeks pass between calls.
 */
describe('local search service: search analytics and the query log over time', function () {
  let dataDir: string;
  let service: TestService;
  let clock = Date.parse('2026-01-10T09:00:00Z');
  let index: string;

  const start = () => startTestService({ dataDir, createDelay: 0, now: () => new Date(clock) });
  async function send(operation: string, input: unknown): Promise<WireAnswer> {
    const request = searchRequest(service.service.endpoint, operation, JSON.stringify(input));
    const signed = signer.sign(request, { key: 'test', secret: 'test' }, { region: 'us-east-1', service: 'kendra', signingDate: new Date(clock) });
    const { host: _host, ...headers } = signed.headers;
    const response = await fetch(`${service.service.endpoint}/`, { method: 'POST', headers, body: signed.body as RequestInit['body'] });
    const text = await response.text();
    return { status: response.status, headers: Object.fromEntries(response.headers), body: text ? JSON.parse(text) : undefined };
  }
  async function ok(operation: string, input: unknown): Promise<any> {
    const answer = await send(operation, input);
    if (answer.status !== 200) throw new Error(`${operation} failed with ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
  /** Runs a query `times` times at `at`; clicks the first result of the first `clicks` of them. */
  async function searches(at: string, text: string, times: number, clicks = 0): Promise<void> {
    clock = Date.parse(at);
    for (let n = 0; n < times; n += 1) {
      const answer = await ok('Query', { IndexId: index, QueryText: text });
      if (n < clicks) {
        await ok('SubmitFeedback', {
          IndexId: index,
          QueryId: answer.QueryId,
          ClickFeedbackItems: [{ ResultId: answer.ResultItems[0].Id, ClickTime: clock / 1000 }],
        });
      }
    }
  }
  const snapshot = (Interval: string, MetricType: string, extra: Record<string, unknown> = {}) =>
    ok('GetSnapshots', { IndexId: index, Interval, MetricType, ...extra });
  const rows = async (Interval: string, MetricType: string) => (await snapshot(Interval, MetricType)).SnapshotsData;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'nimbus-analytics-'));
    service = await start();
    index = (await ok('CreateIndex', { Name: 'garage', RoleArn: 'arn:aws:iam::000000000000:role/search' })).Id;
    await ok('BatchPutDocument', {
      IndexId: index,
      Documents: [textDoc('car-manual', 'Car manual', 'The oil change is due every year.'), textDoc('tyres', 'Tyres', 'Check tyre pressure monthly.')],
    });
    await searches('2026-01-20T10:00:00Z', 'oil change', 1);
    await searches('2026-02-10T10:00:00Z', 'oil change', 2);
    await searches('2026-02-10T11:00:00Z', 'brake pads', 1);
    await searches('2026-03-09T10:00:00Z', 'oil change', 1, 1);
    await searches('2026-03-16T10:00:00Z', 'Oil  Change', 3, 1);
    await searches('2026-03-16T11:00:00Z', 'tyre pressure', 1);
    await searches('2026-03-16T12:00:00Z', 'unicorn', 2);
    await searches('2026-03-18T08:00:00Z', 'oil change', 1);
    clock = Date.parse('2026-03-18T12:00:00Z');
  });
  after(async () => {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports the queries of this week by count, ending before today, with the window it covers', async () => {
    const answer = await snapshot('THIS_WEEK', 'QUERIES_BY_COUNT');
    assert.deepEqual(answer.SnapshotsDataHeader, ['query_content', 'count']);
    assert.deepEqual(answer.SnapshotsData, [
      ['oil change', '3'],
      ['unicorn', '2'],
      ['tyre pressure', '1'],
    ]);
    assert.deepEqual(answer.SnapShotTimeFilter, { StartTime: Date.parse('2026-03-15T00:00:00Z') / 1000, EndTime: Date.parse('2026-03-18T00:00:00Z') / 1000 });
    assert.equal(answer.NextToken, undefined);
  });

  it('reports each interval from its own part of the query log', async () => {
    assert.deepEqual(await rows('ONE_WEEK_AGO', 'QUERIES_BY_COUNT'), [['oil change', '1']]);
    assert.deepEqual(await rows('TWO_WEEKS_AGO', 'QUERIES_BY_COUNT'), []);
    assert.deepEqual(await rows('THIS_MONTH', 'QUERIES_BY_COUNT'), [
      ['oil change', '4'],
      ['unicorn', '2'],
      ['tyre pressure', '1'],
    ]);
    assert.deepEqual(await rows('ONE_MONTH_AGO', 'QUERIES_BY_COUNT'), [
      ['oil change', '2'],
      ['brake pads', '1'],
    ]);
    assert.deepEqual(await rows('TWO_MONTHS_AGO', 'QUERIES_BY_COUNT'), [['oil change', '1']]);
    const window = (await snapshot('ONE_MONTH_AGO', 'QUERIES_BY_COUNT')).SnapShotTimeFilter;
    assert.deepEqual(window, { StartTime: Date.parse('2026-02-01T00:00:00Z') / 1000, EndTime: Date.parse('2026-03-01T00:00:00Z') / 1000 });
  });

  it('reports zero-click and zero-result rates, clicked documents, totals and daily trends', async () => {
    const zeroClick = await snapshot('THIS_WEEK', 'QUERIES_BY_ZERO_CLICK_RATE');
    assert.deepEqual(zeroClick.SnapshotsDataHeader, ['query_content', 'count', 'zero_click_rate']);
    assert.deepEqual(zeroClick.SnapshotsData, [
      ['unicorn', '2', '1'],
      ['tyre pressure', '1', '1'],
      ['oil change', '3', '0.6667'],
    ]);
    const zeroResult = await snapshot('THIS_WEEK', 'QUERIES_BY_ZERO_RESULT_RATE');
    assert.deepEqual(zeroResult.SnapshotsDataHeader, ['query_content', 'count', 'zero_result_rate']);
    assert.deepEqual(zeroResult.SnapshotsData, [['unicorn', '2', '1']]);
    const docs = await snapshot('THIS_MONTH', 'DOCS_BY_CLICK_COUNT');
    assert.deepEqual(docs.SnapshotsDataHeader, ['document_id', 'document_title', 'click_count']);
    assert.deepEqual(docs.SnapshotsData, [['car-manual', 'Car manual', '2']]);
    const totals = await snapshot('THIS_WEEK', 'AGG_QUERY_DOC_METRICS');
    assert.deepEqual(totals.SnapshotsDataHeader, ['total_queries', 'unique_queries', 'click_through_rate', 'zero_click_rate', 'zero_result_rate']);
    assert.deepEqual(totals.SnapshotsData, [['6', '3', '0.1667', '0.8333', '0.3333']]);
    const trend = await snapshot('THIS_WEEK', 'TREND_QUERY_DOC_METRICS');
    assert.deepEqual(trend.SnapshotsDataHeader, ['date', 'total_queries', 'unique_queries', 'click_through_rate', 'zero_click_rate', 'zero_result_rate']);
    assert.deepEqual(trend.SnapshotsData, [
      ['2026-03-15', '0', '0', '0', '0', '0'],
      ['2026-03-16', '6', '3', '0.1667', '0.8333', '0.3333'],
      ['2026-03-17', '0', '0', '0', '0', '0'],
    ]);
  });

  it('pages rows with a NextToken bound to the interval and metric', async () => {
    const first = await snapshot('THIS_MONTH', 'QUERIES_BY_COUNT', { MaxResults: 2 });
    assert.deepEqual(first.SnapshotsData, [
      ['oil change', '4'],
      ['unicorn', '2'],
    ]);
    const rest = await snapshot('THIS_MONTH', 'QUERIES_BY_COUNT', { MaxResults: 2, NextToken: first.NextToken });
    assert.deepEqual(rest.SnapshotsData, [['tyre pressure', '1']]);
    assert.equal(rest.NextToken, undefined);
    const replayed = await send('GetSnapshots', { IndexId: index, Interval: 'THIS_WEEK', MetricType: 'QUERIES_BY_COUNT', NextToken: first.NextToken });
    assert.equal(replayed.status, 400);
    assert.equal(replayed.body.__type, 'InvalidRequestException');
    const tooMany = await send('GetSnapshots', { IndexId: index, Interval: 'THIS_WEEK', MetricType: 'QUERIES_BY_COUNT', MaxResults: 0 });
    assert.equal(tooMany.body.__type, 'InvalidRequestException');
    const missing = await send('GetSnapshots', { IndexId: 'f'.repeat(36), Interval: 'THIS_WEEK', MetricType: 'QUERIES_BY_COUNT' });
    assert.equal(missing.body.__type, 'ResourceNotFoundException');
  });

  it('suggests only queries within the look-back window, and keeps the log across a restart', async () => {
    await ok('UpdateQuerySuggestionsConfig', { IndexId: index, QueryLogLookBackWindowInDays: 7, MinimumQueryCount: 5 });
    const suggest = async () => (await ok('GetQuerySuggestions', { IndexId: index, QueryText: 'oil' })).Suggestions.map((entry: any) => entry.Value.Text.Text);
    assert.deepEqual(await suggest(), [], 'four searches in the last seven days');
    await ok('UpdateQuerySuggestionsConfig', { IndexId: index, QueryLogLookBackWindowInDays: 180 });
    assert.deepEqual(await suggest(), ['oil change'], 'eight searches in the last 180 days');

    await service.service.close();
    service = await start();
    assert.deepEqual(await suggest(), ['oil change']);
    assert.deepEqual(await rows('THIS_MONTH', 'QUERIES_BY_COUNT'), [
      ['oil change', '4'],
      ['unicorn', '2'],
      ['tyre pressure', '1'],
    ]);
    assert.deepEqual(await rows('THIS_MONTH', 'DOCS_BY_CLICK_COUNT'), [['car-manual', 'Car manual', '2']]);
  });
});
