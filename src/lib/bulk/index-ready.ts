import { setTimeout as sleep } from 'node:timers/promises';
import { IndexNotReadyError } from '../errors/index-not-ready-error.js';
import type { SearchClient } from '../services/search/search-client.js';

/** The most a bulk run waits for a busy index before it stops (10 minutes). */
export const DEFAULT_INDEX_WAIT_MS = 10 * 60 * 1000;

/**
 * Waits until the index `indexId` is ACTIVE again (after an update), polling DescribeIndex
 * after 500 ms and then less and less often, up to every 5 s, for at most `timeoutMs`.
 * @throws IndexNotReadyError when it fails, is being deleted, or the wait runs out; the
 *   DescribeIndex error when that call fails; nothing when `signal` aborts (it returns at once).
 */
export async function waitForActiveIndex(client: SearchClient, indexId: string, signal: AbortSignal, timeoutMs = DEFAULT_INDEX_WAIT_MS): Promise<void> {
  const start = performance.now();
  let delay = 500;
  let status: string | undefined;
  while (!signal.aborted) {
    // An abort ends the sleep early (its AbortError is the expected way out, checked just below).
    await sleep(delay, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) return;
    status = (await client.describeIndexAsync({ Id: indexId })).Status;
    if (status === 'ACTIVE') return;
    if (status === 'FAILED' || status === 'DELETING') throw new IndexNotReadyError(`index ${indexId} is ${status}, so it will not take documents`);
    const waited = performance.now() - start;
    if (waited >= timeoutMs) break;
    delay = Math.min(5000, delay * 2, timeoutMs - waited);
  }
  if (!signal.aborted) throw new IndexNotReadyError(`index ${indexId} was still ${status ?? 'busy'} after ${Math.round(timeoutMs / 1000)} s`);
}
