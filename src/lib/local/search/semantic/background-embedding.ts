import type { EmbeddingProgress, LocalContext } from '../../types.js';
import { cutMissingPassages, cutPassagesOn, enterVectorSpace, passageCounts, pendingPassages, storeVectors } from './passage-store.js';
import { providerOf } from './provider-spec.js';
import { EmbeddingError, type EmbeddingProvider } from './provider.js';

/** How long the background embedding waits after a failure that may pass (a server down, the data dir busy). */
const RETRY_MS = 5_000;
/** How many documents a tick looks at for passages not cut yet (stored while semantic search was off). */
const CUT_WINDOW = 500;

/** The semantic search of one running service: its provider and the state of its background embedding. */
export interface SemanticService {
  provider: EmbeddingProvider | null;
  /** Whether the data dir's vectors are of this provider's space (queries compare nothing otherwise). */
  inSpace: boolean;
  draining: boolean;
  busy: Set<number>;
  failure?: string;
  retryAt: number;
  closed: boolean;
  drain?: Promise<void>;
  /** Where the search for documents stored without passages goes on (undefined once done, or when off). */
  cutAfter: number | undefined;
}

const services = new WeakMap<LocalContext, SemanticService>();

/**
 * The semantic search of a service, its provider made (not loaded) from `context.embeddings` on
 * first use, which also tells the passage store whether to cut stored documents into passages.
 */
export function semanticService(context: LocalContext): SemanticService {
  let service = services.get(context);
  if (!service) {
    const provider = providerOf(context.embeddings ?? 'off', process.env, context.dataDir);
    service = { provider, inSpace: false, draining: false, busy: new Set(), retryAt: 0, closed: false, cutAfter: provider ? 0 : undefined };
    cutPassagesOn(context.db, provider !== null);
    services.set(context, service);
  }
  return service;
}

function report(context: LocalContext, progress: EmbeddingProgress): void {
  context.onEmbeddingProgress?.(progress);
}

/**
 * Cuts into passages, a window of documents per call, those stored while semantic search was
 * off; then starts embedding the passages that wait for vectors, unless that is under way, failed for
 * good, off, or not this service's job (`embedInBackground` false): batches go to the provider
 * (as many at once as it has threads or connections), and each batch's vectors are stored in
 * one transaction. A provider that differs from the one the data dir's vectors came from first
 * drops them all (see `enterVectorSpace`), so that everything is embedded again in one space.
 */
export function startBackgroundEmbedding(context: LocalContext): void {
  const service = semanticService(context);
  const provider = service.provider;
  if (!provider || context.embedInBackground === false || service.closed || service.failure !== undefined) return;
  if (!service.inSpace) {
    enterVectorSpace(context.db, provider.identity);
    service.inSpace = true;
  }
  if (service.cutAfter !== undefined) service.cutAfter = cutMissingPassages(context.db, service.cutAfter, CUT_WINDOW);
  if (service.draining || Date.now() < service.retryAt) return;
  const { pending } = passageCounts(context.db);
  if (pending === 0) return;
  service.draining = true;
  let done = 0;
  report(context, { state: 'draining', pending, done, provider: provider.identity });
  const lane = async (): Promise<void> => {
    while (!service.closed) {
      const batch = pendingPassages(context.db, provider.batchSize, service.busy);
      if (batch.length === 0) return;
      for (const passage of batch) service.busy.add(passage.rowid);
      try {
        const vectors = await provider.embedPassages(batch.map((passage) => passage.text));
        if (service.closed) return;
        done += await context.writes.window(() =>
          storeVectors(
            context.db,
            provider.identity,
            batch.map((passage, i) => ({ rowid: passage.rowid, vector: vectors[i]! })),
          ),
        );
        report(context, { state: 'draining', pending: passageCounts(context.db).pending, done, provider: provider.identity });
      } finally {
        for (const passage of batch) service.busy.delete(passage.rowid);
      }
    }
  };
  service.drain = Promise.all(Array.from({ length: provider.parallelism }, lane)).then(
    () => {
      service.draining = false;
      if (!service.closed) report(context, { state: 'idle', pending: passageCounts(context.db).pending, done, provider: provider.identity });
    },
    (error: unknown) => {
      service.draining = false;
      if (service.closed) return;
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof EmbeddingError && error.permanent) service.failure = message;
      else service.retryAt = Date.now() + RETRY_MS;
      report(context, { state: 'failed', pending: passageCounts(context.db).pending, done, provider: provider.identity, message });
    },
  );
}

/** Stops the background embedding (waiting for the batches in flight, whose vectors are dropped) and the provider's threads. */
export async function closeSemanticService(context: LocalContext): Promise<void> {
  const service = services.get(context);
  if (!service) return;
  service.closed = true;
  await service.provider?.close();
  await service.drain?.catch(() => undefined);
}
