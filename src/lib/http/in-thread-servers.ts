/**
 * The ports of HTTP servers running on this thread (the local service records its own). A
 * synchronous client call blocks this thread, so a server on it could never answer: the sync
 * forms check here and fail at once instead of hanging. Kept on `globalThis` under a registered
 * symbol so that the check never has to import the local service; each worker thread has its own.
 */
const KEY = Symbol.for('nimbus.inThreadServerPorts');

function ports(): Set<number> {
  const holder = globalThis as unknown as Record<symbol, Set<number> | undefined>;
  return (holder[KEY] ??= new Set());
}

/** Records a server of this thread listening on `port` (on a loopback or any address). */
export function addInThreadServer(port: number): void {
  ports().add(port);
}

/** Forgets a server of this thread. */
export function removeInThreadServer(port: number): void {
  ports().delete(port);
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1', '0.0.0.0']);

/** True when `url` points at a server running on this very thread. */
export function isServedByThisThread(url: URL): boolean {
  if (!LOCAL_HOSTS.has(url.hostname) && !url.hostname.startsWith('127.')) return false;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return ports().has(port);
}
