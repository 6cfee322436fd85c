import { join } from 'node:path';
import { DIMENSION } from './builtin-model.js';
import { BUILTIN_BATCH, BUILTIN_IDENTITY, BuiltinProvider } from './builtin-provider.js';
import { EmbeddingError, type EmbeddingProvider } from './provider.js';

/**
 * The built-in model, one copy per machine under `local start --workers N`: the cluster primary
 * (which never serves) hosts it (`ModelHost`), and each worker embeds through it over the
 * cluster's IPC channel (`SharedModelProvider`, the same provider interface). N workers would
 * otherwise load N copies of about 430 MB.
 */

/** Set (to `1`) in a worker's environment by a primary that hosts the built-in model. */
export const SHARED_MODEL_VARIABLE = 'NIMBUS_LOCAL_SHARED_MODEL';

/** A worker's request to the model's host. */
export interface EmbedAsk {
  nimbusEmbed: { id: number; texts: string[]; query: boolean };
}

/** The host's answer: the vectors (as numbers: the channel is JSON), or why not. */
export interface EmbedAnswer {
  nimbusEmbedded: { id: number; vectors?: number[][]; error?: string; permanent?: boolean };
}

/** Whether a worker's message is a request to the model's host. */
export function isEmbedAsk(message: unknown): message is EmbedAsk {
  return typeof message === 'object' && message !== null && 'nimbusEmbed' in message;
}

/** The primary's side: the built-in model (loaded on the first request) and the answers to the workers' requests. */
export class ModelHost {
  private readonly provider: BuiltinProvider;

  constructor(dataDir: string) {
    this.provider = new BuiltinProvider({ cacheDir: join(dataDir, 'models') });
  }

  /** Embeds a worker's texts and sends the answer through `send`. */
  answer(ask: EmbedAsk, send: (answer: EmbedAnswer) => void): void {
    const { id, texts, query } = ask.nimbusEmbed;
    const vectors = query ? this.provider.embedQuery(texts[0] ?? '').then((vector) => [vector]) : this.provider.embedPassages(texts);
    vectors.then(
      (done) => send({ nimbusEmbedded: { id, vectors: done.map((vector) => Array.from(vector)) } }),
      (error: unknown) =>
        send({
          nimbusEmbedded: { id, error: error instanceof Error ? error.message : String(error), permanent: error instanceof EmbeddingError && error.permanent },
        }),
    );
  }

  /** Stops the model's threads. */
  close(): Promise<void> {
    return this.provider.close();
  }
}

/**
 * A worker's built-in model: the primary's, asked over the cluster's IPC channel. Same identity
 * as the model in-process (the vectors are the same), so a data dir's vectors stay valid
 * whichever way it is served.
 */
export class SharedModelProvider implements EmbeddingProvider {
  readonly identity = BUILTIN_IDENTITY;
  readonly batchSize = BUILTIN_BATCH;
  readonly parallelism = 1;
  private readonly pending = new Map<number, { resolve(vectors: Float32Array[]): void; reject(error: Error): void }>();
  private next = 0;
  private readonly onMessage = (message: unknown) => {
    if (typeof message !== 'object' || message === null || !('nimbusEmbedded' in message)) return;
    const { id, vectors, error, permanent } = (message as EmbedAnswer).nimbusEmbedded;
    const waiter = this.pending.get(id);
    this.pending.delete(id);
    if (vectors) waiter?.resolve(vectors.map((vector) => Float32Array.from(vector)));
    else waiter?.reject(new EmbeddingError(error ?? 'the primary could not embed', permanent ?? false));
  };

  constructor() {
    process.on('message', this.onMessage);
  }

  private ask(texts: readonly string[], query: boolean): Promise<Float32Array[]> {
    const send = process.send?.bind(process);
    if (!send) return Promise.reject(new EmbeddingError('the built-in model is hosted by the cluster primary, which is gone', false));
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      send({ nimbusEmbed: { id, texts: [...texts], query } } satisfies EmbedAsk, undefined, undefined, (error: Error | null) => {
        if (!error) return;
        this.pending.delete(id);
        reject(new EmbeddingError(`the built-in model is hosted by the cluster primary, which could not be asked: ${error.message}`, false));
      });
    });
  }

  embedPassages(texts: readonly string[]): Promise<Float32Array[]> {
    return this.ask(texts, false);
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.ask([text], true);
    if (!vector || vector.length !== DIMENSION) throw new EmbeddingError('the primary answered no vector', false);
    return vector;
  }

  close(): Promise<void> {
    for (const waiter of this.pending.values()) waiter.reject(new EmbeddingError('the local service is closing', false));
    this.pending.clear();
    process.off('message', this.onMessage);
    return Promise.resolve();
  }
}
