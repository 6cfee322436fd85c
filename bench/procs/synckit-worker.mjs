// The worker thread of the bench's synckit peer: runs nimbus's queryAsync for the calling thread,
// which blocks in synckit's createSyncFn (a worker-thread bridge like nimbus's own sync form).
import { runAsWorker } from 'synckit';

let client;

runAsWorker(async (endpoint, args) => {
  if (!client) {
    const { SearchClient } = await import('nimbus');
    client = new SearchClient({ region: 'us-east-1', version: '2019-02-03', endpoint, credentials: { key: 'test', secret: 'test' } });
  }
  return client.queryAsync(args);
});
