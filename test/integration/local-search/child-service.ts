/** Runs the local service on a data dir given as argument; sends its endpoint to the parent. */
import { startLocalService } from '../../../src/lib/local/server.js';

const service = await startLocalService({ port: 0, dataDir: process.argv[2]!, createDelay: 0.1 });
process.send?.(service.endpoint);
process.on('SIGTERM', () => void service.close().then(() => process.exit(0)));
