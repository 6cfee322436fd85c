import type { Client } from '../client/client.js';
import type { ResponseMetadata } from '../client/result.js';

/** What the requests of a run cost, for `--stats`. */
export interface RequestTally {
  requests: number;
  attempts: number;
  /** Milliseconds slept between attempts. */
  retryDelay: number;
}

/**
 * Counts every operation call the client makes (pages and waiter polls included), with its
 * attempts and retry delay, through a middleware at the start of the handler list.
 */
export function tallyRequests(client: Client): RequestTally {
  const tally: RequestTally = { requests: 0, attempts: 0, retryDelay: 0 };
  const add = (metadata: ResponseMetadata | undefined): void => {
    tally.requests++;
    tally.attempts += metadata?.attempts ?? 1;
    tally.retryDelay += metadata?.totalRetryDelay ?? 0;
  };
  client.getHandlerList().add(
    'init',
    'cli-request-tally',
    (next) => async (command, request) => {
      try {
        const result = await next(command, request);
        add(result.$metadata);
        return result;
      } catch (error) {
        add((error as { $metadata?: ResponseMetadata }).$metadata);
        throw error;
      }
    },
    { priority: 'high' },
  );
  return tally;
}

/** The `--stats` line: wall time, requests, attempts and time spent waiting to retry. */
export function formatTally(tally: RequestTally, elapsedMs: number): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(3)}s`;
  return `stats: ${seconds(elapsedMs)} total, ${tally.requests} request${tally.requests === 1 ? '' : 's'}, ${tally.attempts} attempt${tally.attempts === 1 ? '' : 's'}, ${seconds(tally.retryDelay)} retry delay`;
}
