// Runs a scripted server in a worker thread: reports its endpoint to the parent, and each
// request on `port` (which the parent reads synchronously).
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { startScriptedServer, type Script } from '../../unit/paginators/scripted-server.js';

const { script, port } = workerData as { script: Script; port: MessagePort };
const server = await startScriptedServer(script, ({ operation, input, headers }) => port.postMessage({ operation, input, headers }));
parentPort!.on('message', (message: string) => {
  if (message === 'close') void server.close().then(() => parentPort!.postMessage('closed'));
});
parentPort!.postMessage(server.endpoint);
