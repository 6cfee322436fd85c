/**
 * A process that opens the local store on command: it announces `ready`, then for each data
 * dir it is sent opens the store there, closes it, and answers `ok` or the error; `exit` ends it.
 */
import { openStore } from '../../../src/lib/local/store/open-store.js';
import { modules } from '../../../src/lib/local/registry.js';

process.on('message', (dataDir: string) => {
  if (dataDir === 'exit') process.exit(0);
  try {
    openStore(dataDir, modules).close();
    process.send?.('ok');
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    process.send?.(`${code ?? 'Error'}: ${message}`);
  }
});
process.send?.('ready');
