// The local service with semantic search, in its own process, over `{dataDir}` with the embedding
// provider `{embeddings}`: prints `{"endpoint": URL}` when it listens; on SIGTERM it closes.
import { startLocalService } from '../../dist/lib/local/server.js';

const { dataDir, embeddings } = JSON.parse(process.argv[2]);
const service = await startLocalService({ port: 0, dataDir, createDelay: 0, embeddings });
console.log(JSON.stringify({ endpoint: service.endpoint }));
process.on('SIGTERM', () => service.close().then(() => process.exit(0)));
