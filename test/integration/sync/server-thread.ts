import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Script, SeenRequest } from '../../unit/paginators/scripted-server.js';

/** A scripted server running in its own thread, so that this thread may block in sync calls. */
export interface ServerThread {
  endpoint: string;
  /** Every request seen so far (read synchronously). */
  requests(): SeenRequest[];
  /** Stops the server and its thread (again: nothing). */
  close(): Promise<void>;
}

/** Starts the scripted server of `script` in a worker thread (the TS sources load through tsx). */
export async function startServerThread(script: Script): Promise<ServerThread> {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const api = new URL(exports['./esm/api'].import.default, pathToFileURL(manifest));
  const entry = new URL('./server-thread-entry.ts', import.meta.url);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(`import(${JSON.stringify(api.href)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`, {
    eval: true,
    workerData: { script, port: port2 },
    transferList: [port2],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', resolve);
  });
  const seen: SeenRequest[] = [];
  let closed = false;
  return {
    endpoint,
    requests() {
      for (let message = receiveMessageOnPort(port1); message; message = receiveMessageOnPort(port1)) {
        seen.push(message.message as SeenRequest);
      }
      return seen;
    },
    async close() {
      if (closed) return;
      closed = true;
      await new Promise((resolve) => {
        worker.once('message', resolve);
        worker.postMessage('close');
      });
      await worker.terminate();
    },
  };
}
