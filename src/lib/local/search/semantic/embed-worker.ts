import { parentPort, workerData } from 'node:worker_threads';
import { graphFile, loadRuntime, loadTokenizer, modelSession } from './builtin-model.js';

/** What a model thread is started with. */
export interface EmbedWorkerData {
  /** Where the model's graph file is kept (built there when missing). */
  cacheDir: string;
  /** Intra-op threads of its session. */
  threads: number;
  /** Whether its session keeps an arena of buffers (batches) or not (single queries, less memory). */
  arena: boolean;
}

/** A request to a model thread. */
export interface EmbedRequest {
  id: number;
  texts: string[];
}

/** A model thread's messages: ready, failed to start, or the answer to one request. */
export type EmbedReply =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string; missing: boolean }
  | { kind: 'done'; id: number; vectors: Float32Array[] }
  | { kind: 'error'; id: number; message: string };

const port = parentPort!;
const { cacheDir, threads, arena } = workerData as EmbedWorkerData;

async function start(): Promise<void> {
  let embed: Awaited<ReturnType<typeof modelSession>>;
  try {
    const ort = await loadRuntime();
    embed = await modelSession(ort, await loadTokenizer(), await graphFile(cacheDir), threads, arena);
  } catch (error) {
    const missing = (error as Error).constructor.name === 'MissingModelError';
    port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error), missing } satisfies EmbedReply);
    return;
  }
  port.on('message', (request: EmbedRequest) => {
    embed(request.texts).then(
      (vectors) => port.postMessage({ kind: 'done', id: request.id, vectors } satisfies EmbedReply),
      (error: unknown) =>
        port.postMessage({ kind: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) } satisfies EmbedReply),
    );
  });
  port.postMessage({ kind: 'ready' } satisfies EmbedReply);
}

void start();
