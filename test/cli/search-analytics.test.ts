import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService, type LocalService } from '../../src/lib/local/server.js';
import { SignatureV4 } from '../../src/lib/signing/sigv4.js';
import { searchRequest } from '../integration/local-search/support.js';
import { cliEnv, json, nimbus, requireBuild } from './helpers/cli.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

const DAY_MS = 24 * 3600 * 1000;

/**
 * `nimbus search analytics snapshots` against a local service whose clock the test can move: the
 * queries are logged last week (sent signed at the service's time, as the CLI signs at the real
 * time), and the CLI then asks for last week's metrics at the real time.
 */
describe('nimbus search analytics snapshots', function () {
  this.timeout(60_000);
  let dir: string;
  let service: LocalService;
  let env: NodeJS.ProcessEnv;
  /** The service's clock: the real time unless a test sets another. */
  let clock: number | undefined;
  const run = (...args: string[]) => nimbus([...args, '--endpoint-url', service.endpoint], { env });

  before(async () => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-analytics-'));
    mkdirSync(join(dir, 'home'));
    env = cliEnv(join(dir, 'home'), { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' });
    service = await startLocalService({ port: 0, dataDir: join(dir, 'data'), createDelay: 0, now: () => new Date(clock ?? Date.now()) });
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Calls an operation with the service's clock at `at`, signed for that time; its answer. */
  async function callAt(at: number, operation: string, input: unknown): Promise<any> {
    clock = at;
    try {
      const request = searchRequest(service.endpoint, operation, JSON.stringify(input));
      const signed = new SignatureV4().sign(request, { key: 'test', secret: 'test' }, { region: 'us-east-1', service: 'kendra', signingDate: new Date(at) });
      const { host: _host, ...headers } = signed.headers;
      const response = await fetch(`${service.endpoint}/`, { method: 'POST', headers, body: signed.body as RequestInit['body'] });
      const body = await response.text();
      assert.equal(response.status, 200, body);
      return JSON.parse(body);
    } finally {
      clock = undefined;
    }
  }

  it('reports the most frequent queries of last week with their column names, over pages merged', async () => {
    const now = new Date();
    const thisWeek = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - now.getUTCDay() * DAY_MS;
    const lastWednesday = thisWeek - 4 * DAY_MS + 12 * 3600 * 1000;
    const indexId: string = (await callAt(lastWednesday, 'CreateIndex', { Name: 'metrics', RoleArn: ROLE })).Id;
    for (const text of ['vacation days', 'vacation days', 'vacation days', 'parking', 'parking', 'expenses']) {
      await callAt(lastWednesday + 60_000, 'Query', { IndexId: indexId, QueryText: text });
    }
    const snapshots = (...extra: string[]) =>
      run('search', 'analytics', 'snapshots', '--index-id', indexId, '--interval', 'ONE_WEEK_AGO', '--metric-type', 'QUERIES_BY_COUNT', ...extra);
    const result = json(await snapshots());
    const header: string[] = result.SnapshotsDataHeader;
    const isoDay = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
    assert.deepEqual(result.SnapShotTimeFilter, { StartTime: isoDay(thisWeek - 7 * DAY_MS), EndTime: isoDay(thisWeek) });
    const counts = result.SnapshotsData.map((row: string[]) => [row[header.indexOf('query_content')], Number(row[header.indexOf('count')])]);
    assert.deepEqual(counts, [
      ['vacation days', 3],
      ['parking', 2],
      ['expenses', 1],
    ]);
    // Pages of one row merge into the same result; --max-items stops with a token that resumes.
    assert.deepEqual(json(await snapshots('--page-size', '1')), result);
    const first = json(await snapshots('--max-items', '2', '--page-size', '1'));
    assert.equal(first.SnapshotsData.length, 2);
    assert.deepEqual(first.SnapshotsDataHeader, header);
    const rest = json(await snapshots('--starting-token', first.NextToken));
    assert.deepEqual([...first.SnapshotsData, ...rest.SnapshotsData], result.SnapshotsData);

    const twoWeeksAgo = json(
      await run('search', 'analytics', 'snapshots', '--index-id', indexId, '--interval', 'TWO_WEEKS_AGO', '--metric-type', 'QUERIES_BY_COUNT'),
    );
    assert.deepEqual(twoWeeksAgo.SnapshotsData, []);
    const bad = await run('search', 'analytics', 'snapshots', '--index-id', indexId, '--interval', 'NEXT_WEEK', '--metric-type', 'QUERIES_BY_COUNT');
    assert.equal(bad.code, 252);
    assert.match(bad.stderr, /NEXT_WEEK/);
  });
});
