import { parentPort, workerData } from 'node:worker_threads';
import { loadModelFiles, loadRuntime, modelSession } from './builtin-model.js';

/** What a model thread is started with: the graph another thread built, or none (it builds it and sends it back). */
export interface EmbedWorkerData {
  graph: SharedArrayBuffer | null;
  threads: number;
}

/** A request to a model thread. */
export interface EmbedRequest {
  id: number;
  texts: string[];
}

/** A model thread's messages: ready (with the graph it built), or the answer to one request. */
export type EmbedReply =
  | { kind: 'ready'; graph: SharedArrayBuffer | null }
  | { kind: 'failed'; message: string; missing: boolean }
  | { kind: 'done'; id: number; vectors: Float32Array[] }
  | { kind: 'error'; id: number; message: string };

const port = parentPort!;
const { graph: shared, threads } = workerData as EmbedWorkerData;

async function start(): Promise<void> {
  let embed: Awaited<ReturnType<typeof modelSession>>;
  let built: SharedArrayBuffer | null = null;
  try {
    const ort = await loadRuntime();
    const files = await loadModelFiles(shared === null);
    let graph: Uint8Array;
    if (shared) {
      // the runtime takes bytes over an ordinary ArrayBuffer only
      graph = new Uint8Array(shared).slice();
    } else {
      graph = files.graph!;
      built = new SharedArrayBuffer(graph.byteLength);
      new Uint8Array(built).set(graph);
    }
    embed = await modelSession(ort, files.tokenizer, graph, threads);
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
  port.postMessage({ kind: 'ready', graph: built } satisfies EmbedReply);
}

void start();
