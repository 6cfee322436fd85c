import cluster, { type Worker } from 'node:cluster';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LocalServiceOptions } from '../../local/server.js';
import type { FaultInjection } from '../../local/server/faults.js';
import { TokenBuckets } from '../../local/server/token-buckets.js';
import { isClusterMessage, WORKER_FAULTS_VARIABLE, type ClusterMessage, type ProcessPart } from '../../local/server/peers.js';
import { CliError } from '../errors/cli-error.js';
import { EXIT, type ExitCode } from '../errors/exit-codes.js';
import { onInterrupt } from '../interrupt.js';

/** How long the primary waits for every worker's answer to a question. */
const ANSWER_TIMEOUT_MS = 2000;
/** How long past the shutdown timeout the primary waits for workers to exit before killing them. */
const EXIT_MARGIN_MS = 5000;
/** A worker that dies sooner than this after its start is replaced only after this long (no crash loop). */
const RESTART_DELAY_MS = 1000;

/** A question the primary asked every worker, waiting for their answers. */
interface Round {
  waiting: Set<Worker>;
  parts: ProcessPart[];
  finish(): void;
}

/**
 * The primary of `local start --workers N`: upgrades the data dir's schema once, forks N
 * workers (this CLI, run again) that share the listening port through node:cluster, prints the
 * endpoint once all listen, and then:
 * - answers a worker's `gather` (metrics, fault counts) by asking every worker for its part,
 *   and a worker's `faults` by putting the configuration in force on every worker first;
 * - keeps the request-rate buckets the workers share (`take`);
 * - starts a new worker when one dies (its background lease lapses and another takes it over),
 *   handing it the fault configuration in force;
 * - hosts the built-in embedding model for every worker (`shared-model.ts`: one copy per machine);
 * - forwards SIGHUP (reload TLS) to the workers;
 * - on SIGTERM (or Ctrl-C) tells every worker to stop gracefully and resolves once all exited.
 */
export async function servePrimary(options: LocalServiceOptions, { workers, graceMs }: { workers: number; graceMs: number }): Promise<void> {
  const [{ openCheckedStore }, { modules }] = await Promise.all([import('../../local/store/open-checked-store.js'), import('../../local/registry.js')]);
  const dataDir = resolve(options.dataDir ?? join(homedir(), '.nimbus', 'local'));
  // Upgraded and checked once, here: a damaged data dir is refused before any worker starts;
  // a node's copy of a PostgreSQL store is checked (rebuilt when needed) and brought up to date.
  if (options.databaseUrl === undefined) openCheckedStore(dataDir, modules, options.onUpgradeNotice).close();
  else await openNodeOnce(options.databaseUrl, dataDir, modules, options.onUpgradeNotice);
  // the built-in model is loaded once, here, for every worker (which asks over IPC), not once per worker
  const model = options.embeddings?.trim() === 'builtin' ? await import('../../local/search/semantic/shared-model.js') : undefined;
  const host = model ? new model.ModelHost(dataDir) : undefined;
  const rounds = new Map<string, Round>();
  const buckets = new TokenBuckets();
  const listening = new Set<Worker>();
  let faults: FaultInjection | null | undefined = options.faults;
  let stopping = false;
  let started = false;
  let endpoint = '';

  const forkedAt = new Map<Worker, number>();
  const fork = () => {
    const worker = cluster.fork({
      ...(faults === undefined ? {} : { [WORKER_FAULTS_VARIABLE]: JSON.stringify(faults) }),
      ...(model ? { [model.SHARED_MODEL_VARIABLE]: '1' } : {}),
    });
    worker.on('message', (message: unknown) => {
      if (isClusterMessage(message)) onMessage(worker, message);
      else if (host && model?.isEmbedAsk(message)) host.answer(message, (answer) => worker.isConnected() && worker.send(answer));
    });
    forkedAt.set(worker, Date.now());
    return worker;
  };

  /** Asks every listening worker `question`; `answer` sends the asker what came back. */
  const askAll = (id: string, question: ClusterMessage, onAnswers: (parts: ProcessPart[]) => void) => {
    let timer: NodeJS.Timeout | undefined;
    const round: Round = {
      waiting: new Set(listening),
      parts: [],
      finish() {
        if (!rounds.delete(id)) return;
        clearTimeout(timer);
        onAnswers(round.parts);
      },
    };
    rounds.set(id, round);
    timer = setTimeout(() => round.finish(), ANSWER_TIMEOUT_MS);
    for (const worker of round.waiting) worker.send(question);
    if (round.waiting.size === 0) round.finish();
  };

  const answered = (worker: Worker, id: string, part?: ProcessPart) => {
    const round = rounds.get(id);
    if (!round) return;
    if (part) round.parts.push(part);
    round.waiting.delete(worker);
    if (round.waiting.size === 0) round.finish();
  };

  let ready: (() => void) | undefined;
  let failed: ((error: Error) => void) | undefined;
  const onMessage = (worker: Worker, message: ClusterMessage) => {
    switch (message.nimbus) {
      case 'listening':
        endpoint = message.endpoint;
        listening.add(worker);
        if (!started && listening.size === workers) ready?.();
        return;
      case 'failed':
        failed?.(new CliError(message.message, message.exitCode as ExitCode));
        return;
      case 'gather':
        askAll(message.id, { nimbus: 'collect', id: message.id }, (parts) => worker.send({ nimbus: 'gathered', id: message.id, parts }));
        return;
      case 'faults':
        faults = message.config;
        askAll(message.id, { nimbus: 'apply', id: message.id, config: message.config }, () => worker.send({ nimbus: 'done', id: message.id }));
        return;
      case 'take':
        worker.send({ nimbus: 'taken', id: message.id, wait: buckets.take(message.name, message.nowMs, message.rate) });
        return;
      case 'part':
        answered(worker, message.id, message.part);
        return;
      case 'applied':
        answered(worker, message.id);
        return;
      default:
    }
  };

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker);
    for (const [id] of rounds) answered(worker, id);
    const lived = Date.now() - (forkedAt.get(worker) ?? 0);
    forkedAt.delete(worker);
    if (stopping) return;
    if (!started) {
      failed?.(new CliError(`a local service worker exited while starting (${signal ?? `code ${code}`}); its stderr above says why`, EXIT.OTHER));
      return;
    }
    process.stderr.write(`nimbus: local service worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another\n`);
    if (lived < RESTART_DELAY_MS) setTimeout(() => stopping || fork(), RESTART_DELAY_MS);
    else fork();
  });

  const everyone = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
  const stopAll = (): Promise<void> => {
    stopping = true;
    const alive = everyone();
    const exited = Promise.all(alive.map((worker) => new Promise<void>((done) => (worker.isDead() ? done() : worker.once('exit', () => done())))));
    for (const worker of alive) if (worker.isConnected()) worker.send({ nimbus: 'stop' } satisfies ClusterMessage);
    const kill = setTimeout(() => alive.forEach((worker) => worker.process.kill('SIGKILL')), graceMs + EXIT_MARGIN_MS);
    return exited.then(async () => {
      clearTimeout(kill);
      await host?.close();
    });
  };

  try {
    await new Promise<void>((resolveReady, rejectReady) => {
      ready = resolveReady;
      failed = rejectReady;
      for (let count = 0; count < workers; count++) fork();
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  started = true;
  const dispose = onInterrupt(stopAll);
  const onHangup = () => everyone().forEach((worker) => worker.process.kill('SIGHUP'));
  process.on('SIGHUP', onHangup);
  const stopped = new Promise<void>((resolveStop) => {
    process.once('SIGTERM', () => {
      dispose();
      void stopAll().then(resolveStop);
    });
  });
  process.stdout.write(`${endpoint}\n`);
  process.stderr.write(`nimbus: local service listening on ${endpoint} with ${workers} workers (Ctrl-C to stop)\n`);
  await stopped;
  process.off('SIGHUP', onHangup);
}

/** Opens this node of a PostgreSQL store once (the copy checked, rebuilt when needed, caught up), then closes it for the workers. */
async function openNodeOnce(
  databaseUrl: string,
  dataDir: string,
  modules: Parameters<typeof import('../../local/store/postgres/open-node.js').openPostgresNode>[0]['modules'],
  onNotice: LocalServiceOptions['onUpgradeNotice'],
): Promise<void> {
  const { openPostgresNode } = await import('../../local/store/postgres/open-node.js');
  const node = await openPostgresNode({
    databaseUrl,
    dataDir,
    modules,
    ...(onNotice ? { onNotice } : {}),
    onError: () => undefined,
    // the primary opens the node to check and catch up its copy, and writes nothing
    onCopyBehind: () => undefined,
    node: `primary:${process.pid}`,
  });
  await node.close();
  node.db.close();
}
