// Measures the per-call cost of the sync form against the async form (not a test):
//   node --import tsx test/integration/sync/measure-overhead.ts [calls]
// The server runs in its own thread, as it must for sync calls.
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { clientOptions, indexPage } from '../../unit/paginators/scripted-server.js';
import { startServerThread } from './server-thread.js';

const calls = Number(process.argv[2] ?? 1000);
const server = await startServerThread({ ListIndices: [{ body: indexPage(['a', 'b', 'c']).body }] });
const client = new SearchClient(clientOptions(server.endpoint));

for (let i = 0; i < 200; i++) {
  client.listIndices({});
  await client.listIndicesAsync({});
}
const perCall = async (run: () => unknown): Promise<number> => {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await run();
  return (performance.now() - started) / calls;
};
const rounds: Array<{ async: number; sync: number }> = [];
for (let round = 0; round < 3; round++) {
  rounds.push({ async: await perCall(() => client.listIndicesAsync({})), sync: await perCall(() => client.listIndices({})) });
}
const best = { async: Math.min(...rounds.map((r) => r.async)), sync: Math.min(...rounds.map((r) => r.sync)) };
console.log(
  `${calls} calls × 3 rounds, best round: async ${(best.async * 1000).toFixed(0)} µs/call, sync ${(best.sync * 1000).toFixed(0)} µs/call, sync/async ${(best.sync / best.async).toFixed(2)}×`,
);
await server.close();
