import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, requireBuild } from '../helpers/cli.js';
import { freshCall, freshGet, freshOk, waitFor } from '../helpers/fresh-call.js';
import { startLocalServer, type StartedLocalService } from '../helpers/local-start.js';
import { startFakeEmbeddings } from '../../support/fake-embeddings.js';
import { missingPostgres, startPostgres, type TestPostgres } from '../../support/postgres.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

/** A document whose one rare word finds it alone. */
const note = (i: number) => ({ Id: `doc-${i}`, Title: `note ${i}`, Blob: Buffer.from(`walrus${i} lives here`).toString('base64'), ContentType: 'PLAIN_TEXT' });

describe('nimbus local start --database-url: nodes of one PostgreSQL store, killed, hung and cut off', function () {
  this.timeout(180_000);
  let postgres: TestPostgres | undefined;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const running: StartedLocalService[] = [];

  before(async function () {
    const missing = missingPostgres();
    if (missing) {
      console.log(`    (skipped: ${missing})`);
      this.skip();
    }
    requireBuild();
    postgres = await startPostgres();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-pg-nodes-'));
    mkdirSync(join(dir, 'home'));
    mkdirSync(join(dir, 's3'));
    env = cliEnv(join(dir, 'home'), { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' });
  });
  after(async () => {
    for (const node of running) await node.stop('SIGKILL').catch(() => undefined);
    postgres?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let nodes = 0;
  /** Starts a node of `url` on a data dir of its own (the S3 dir is shared: see README), one process unless told. */
  const node = async (url: string, extraEnv: NodeJS.ProcessEnv = {}, workers = 1) => {
    const started = await startLocalServer(
      ['--port', '0', '--data-dir', join(dir, `node-${++nodes}`), '--s3-dir', join(dir, 's3'), '--workers', String(workers), '--create-delay', '0'],
      { ...env, NIMBUS_DATABASE_URL: url, ...extraEnv },
    );
    running.push(started);
    return started;
  };
  const health = async (served: StartedLocalService) => (await freshGet(`${served.endpoint}/_nimbus/health`)).body;
  const activeIndex = async (endpoint: string, name: string) => {
    const index = await freshOk(endpoint, 'CreateIndex', { Name: name, RoleArn: ROLE });
    await waitFor(async () => (await freshOk(endpoint, 'DescribeIndex', { Id: index.Id })).Status === 'ACTIVE');
    return index.Id as string;
  };
  /** The documents of `ids` that `endpoint` finds. */
  const found = async (endpoint: string, IndexId: string, ids: number[]) => {
    const present: number[] = [];
    for (const i of ids) {
      const answer = await freshOk(endpoint, 'Query', { IndexId, QueryText: `walrus${i}` });
      if (answer.ResultItems.some((item: { DocumentId: string }) => item.DocumentId === `doc-${i}`)) present.push(i);
    }
    return present;
  };
  /** Puts one document per request on `endpoint` until `stop()` is true; resolves with the numbers acknowledged. */
  const ingest = async (endpoint: string, IndexId: string, first: number, stop: () => boolean) => {
    const acknowledged: number[] = [];
    for (let i = first; !stop(); i++) {
      const answer = await freshCall(endpoint, 'BatchPutDocument', { IndexId, Documents: [note(i)] }).catch(() => undefined);
      if (answer?.status === 200 && answer.body.FailedDocuments.length === 0) acknowledged.push(i);
      if (answer === undefined) return acknowledged; // the node is gone
    }
    return acknowledged;
  };

  it('reports the store, applied and head seq in health and the lag in metrics', async () => {
    const url = postgres!.createDatabase('reports');
    const a = await node(url);
    await activeIndex(a.endpoint, 'reported');
    const store = (await health(a)).store;
    assert.equal(store.kind, 'postgresql');
    assert.ok(store.appliedSeq >= 1 && store.appliedSeq === store.headSeq, JSON.stringify(store));
    const metrics = (await freshGet(`${a.endpoint}/_nimbus/metrics`)).text;
    assert.match(metrics, /^nimbus_replica_lag_seconds \d/m);
    assert.match(metrics, new RegExp(`^nimbus_replica_applied_seq ${store.appliedSeq}$`, 'm'));
    assert.equal(await a.stop(), 0);
  });

  it('kill -9 of a node during ingest: every document it acknowledged is on the other node', async () => {
    const url = postgres!.createDatabase('killed_ingest');
    const [a, b] = [await node(url), await node(url)];
    const IndexId = await activeIndex(a.endpoint, 'ingest');
    let killed = false;
    const ingesting = ingest(a.endpoint, IndexId, 0, () => killed);
    await waitFor(async () => (await health(a)).store.appliedSeq > 25);
    await a.stop('SIGKILL');
    killed = true;
    const acknowledged = await ingesting;
    assert.ok(acknowledged.length >= 10, `${acknowledged.length} acknowledged`);
    const onB = await waitFor(async () => {
      const present = await found(b.endpoint, IndexId, acknowledged);
      return present.length === acknowledged.length ? present : undefined;
    });
    assert.deepEqual(onB, acknowledged);
    await b.stop();
  });

  /**
   * An S3 data source of `count` text files in the local bucket `name` (shared by the nodes),
   * ACTIVE; `sync()` starts a job and resolves to a function that reads the job's history entry.
   */
  const s3Source = async (endpoint: string, IndexId: string, name: string, count: number, topic: string) => {
    const bucket = join(dir, 's3', name);
    mkdirSync(bucket, { recursive: true });
    for (let i = 0; i < count; i++) writeFileSync(join(bucket, `doc-${String(i).padStart(4, '0')}.txt`), `file number ${i} about ${topic}`);
    const { Id } = await freshOk(endpoint, 'CreateDataSource', {
      IndexId,
      Name: name,
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: name } },
    });
    await waitFor(async () => (await freshOk(endpoint, 'DescribeDataSource', { IndexId, Id })).Status === 'ACTIVE');
    return {
      async sync() {
        const { ExecutionId } = await freshOk(endpoint, 'StartDataSourceSyncJob', { IndexId, Id });
        return async () =>
          (await freshOk(endpoint, 'ListDataSourceSyncJobs', { IndexId, Id })).History.find(
            (item: { ExecutionId: string }) => item.ExecutionId === ExecutionId,
          );
      },
    };
  };

  it('kill -9 of the node running a sync job: the other takes the lease over and finishes the job once', async () => {
    const url = postgres!.createDatabase('killed_sync');
    const a = await node(url);
    await waitFor(async () => (await health(a)).background.heldHere === true);
    const b = await node(url);
    const IndexId = await activeIndex(b.endpoint, 'synced');
    const source = await s3Source(b.endpoint, IndexId, 'many', 1500, 'narwhals');
    const leaderBefore = (await health(a)).background;
    const job = await source.sync();
    await waitFor(async () => (await job())?.Metrics?.DocumentsAdded > 0);
    assert.equal((await job()).Status, 'SYNCING', 'the job still runs when its node is killed');
    await a.stop('SIGKILL');
    const done = await waitFor(async () => {
      const current = await job();
      return current.Status !== 'SYNCING' ? current : undefined;
    }, 90_000);
    assert.equal(done.Status, 'SUCCEEDED', JSON.stringify(done));
    assert.equal(done.Metrics.DocumentsAdded, '1500');
    const described = await freshOk(b.endpoint, 'DescribeIndex', { Id: IndexId });
    assert.equal(described.IndexStatistics.TextDocumentStatistics.IndexedTextDocumentsCount, 1500);
    const leaderAfter = (await health(b)).background;
    assert.equal(leaderAfter.heldHere, true);
    assert.ok(leaderAfter.token > leaderBefore.token, `token ${leaderBefore.token} → ${leaderAfter.token}`);
    await b.stop();
  });

  it('a hung node (SIGSTOP) loses the lease, and once it wakes up (SIGCONT) it appends nothing under it', async () => {
    const url = postgres!.createDatabase('hung');
    const a = await node(url);
    await waitFor(async () => (await health(a)).background.heldHere === true);
    const b = await node(url);
    const IndexId = await activeIndex(b.endpoint, 'hung');
    const source = await s3Source(b.endpoint, IndexId, 'hung', 800, 'otters');
    const holderA = (await health(a)).background.holder as string;
    const job = await source.sync();
    await waitFor(async () => (await job())?.Metrics?.DocumentsAdded > 0);
    a.signal('SIGSTOP');
    await waitFor(async () => (await health(b)).background.heldHere === true, 30_000);
    const takenAt = Number(postgres!.psql('hung', 'SELECT seq FROM nimbus_head'));
    const done = await waitFor(async () => {
      const current = await job();
      return current.Status !== 'SYNCING' ? current : undefined;
    }, 90_000);
    a.signal('SIGCONT');
    // a holds the lease no more: its ticks find another holder, and its fenced work was refused
    await waitFor(async () => (await health(a)).background.heldHere === false);
    await waitFor(async () => (await health(a)).store.appliedSeq >= takenAt);
    const staleEntries = postgres!.psql('hung', `SELECT count(*) FROM nimbus_log WHERE node = '${holderA}' AND seq > ${takenAt}`);
    assert.equal(staleEntries, '0');
    assert.equal(done.Status, 'SUCCEEDED', JSON.stringify(done));
    assert.equal(done.Metrics.DocumentsAdded, '800');
    assert.equal((await freshOk(a.endpoint, 'DescribeIndex', { Id: IndexId })).IndexStatistics.TextDocumentStatistics.IndexedTextDocumentsCount, 800);
    await a.stop();
    await b.stop();
  });

  /**
   * Ingests through the first node while `disrupt` happens to PostgreSQL (it returns the log's
   * head after it), until 10 more entries are applied; then every document acknowledged must be
   * on every node, and the nodes stop cleanly.
   */
  const ingestAcross = async (nodes: Array<Awaited<ReturnType<typeof node>>>, IndexId: string, disrupt: () => number) => {
    const [writer] = nodes;
    let stop = false;
    const ingesting = ingest(writer!.endpoint, IndexId, 0, () => stop);
    await waitFor(async () => (await health(writer!)).store.appliedSeq > 10);
    const head = disrupt();
    await waitFor(async () => (await health(writer!)).store.appliedSeq > head + 10, 60_000);
    stop = true;
    const acknowledged = await ingesting;
    for (const served of nodes) {
      const present = await waitFor(async () => {
        const here = await found(served.endpoint, IndexId, acknowledged);
        return here.length === acknowledged.length ? here : undefined;
      });
      assert.deepEqual(present, acknowledged);
    }
    for (const served of nodes) assert.equal(await served.stop(), 0);
  };

  it('PostgreSQL restarted underneath: the nodes reconnect and lose nothing acknowledged', async () => {
    const url = postgres!.createDatabase('restarted');
    const [a, b] = [await node(url), await node(url)];
    await ingestAcross([a, b], await activeIndex(a.endpoint, 'restarted'), () => {
      postgres!.restart();
      return Number(postgres!.psql('restarted', 'SELECT seq FROM nimbus_head'));
    });
  });

  it('a standby promoted with pg_ctl promote: the nodes follow the host list of the URL to it and lose nothing acknowledged', async () => {
    const primary = await startPostgres({ synchronousStandby: true });
    const standby = await primary.startStandby();
    try {
      primary.psql('postgres', 'CREATE DATABASE failover');
      const url = `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/failover?target_session_attrs=read-write`;
      const [a, b] = [await node(url), await node(url)];
      await ingestAcross([a, b], await activeIndex(a.endpoint, 'failover'), () => {
        primary.stop();
        standby.promote();
        return Number(standby.psql('failover', 'SELECT seq FROM nimbus_head'));
      });
    } finally {
      standby.stop();
      primary.stop();
    }
  });

  it('kill -9 of the node embedding passages: the other takes the lease over and embeds the rest', async () => {
    const fake = await startFakeEmbeddings();
    try {
      const url = postgres!.createDatabase('killed_embedding');
      const embeddings = { NIMBUS_EMBEDDINGS: `openai:${fake.baseUrl}` };
      const a = await node(url, embeddings);
      await waitFor(async () => (await health(a)).background.heldHere === true);
      const b = await node(url, embeddings);
      const IndexId = await activeIndex(b.endpoint, 'embedded');
      fake.hold = true;
      for (let i = 0; i < 30; i += 10) {
        const Documents = Array.from({ length: 10 }, (_, j) => note(i + j));
        assert.deepEqual((await freshOk(b.endpoint, 'BatchPutDocument', { IndexId, Documents })).FailedDocuments, []);
      }
      const waiting = (await health(b)).counts.search.passagesToEmbed as number;
      assert.ok(waiting >= 30, `${waiting} passages wait`);
      // the leader asked for vectors, and is killed before it stores them
      await waitFor(async () => fake.requests.length > 0);
      await a.stop('SIGKILL');
      fake.hold = false;
      const counts = await waitFor(async () => {
        const current = (await health(b)).counts.search;
        return current.passagesToEmbed === 0 ? current : undefined;
      }, 60_000);
      assert.equal(counts.passagesEmbedded, waiting);
      assert.equal((await health(b)).background.heldHere, true);
      await b.stop();
    } finally {
      await fake.close();
    }
  });

  it('a node of two workers: a document one worker acknowledged is found at once by the other, and by another node', async () => {
    const url = postgres!.createDatabase('workers');
    const [a, b] = [await node(url, {}, 2), await node(url)];
    const pids = new Set<number>();
    for (let i = 0; i < 6; i++) pids.add((await health(a)).pid as number);
    assert.equal(pids.size, 2);
    const IndexId = await activeIndex(a.endpoint, 'workers');
    for (let i = 0; i < 8; i++) {
      assert.deepEqual((await freshOk(a.endpoint, 'BatchPutDocument', { IndexId, Documents: [note(i)] })).FailedDocuments, []);
      // a new connection: the cluster hands it to either worker
      assert.deepEqual(await found(a.endpoint, IndexId, [i]), [i], `document ${i}`);
    }
    assert.deepEqual(
      await waitFor(async () => {
        const here = await found(b.endpoint, IndexId, [0, 1, 2, 3, 4, 5, 6, 7]);
        return here.length === 8 ? here : undefined;
      }),
      [0, 1, 2, 3, 4, 5, 6, 7],
    );
    assert.equal(await a.stop(), 0);
    assert.equal(await b.stop(), 0);
  });
});
