// The local service in its own process, over `{dataDir}`: prints `{"endpoint": URL}` when it
// listens; on SIGTERM it closes (checkpointing the database) and exits.
import { startLocalService } from '../../dist/lib/local/server.js';

const { dataDir } = JSON.parse(process.argv[2]);
const service = await startLocalService({ port: 0, dataDir, createDelay: 0 });
console.log(JSON.stringify({ endpoint: service.endpoint }));
process.on('SIGTERM', () => service.close().then(() => process.exit(0)));
