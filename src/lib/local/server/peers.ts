import { randomUUID } from 'node:crypto';
import type { RateGate } from '../types.js';
import type { FaultCounts, FaultInjection } from './faults.js';
import type { RequestCounts } from './request-metrics.js';
import type { StorageReport } from '../store/storage-state.js';
import { TokenBuckets } from './token-buckets.js';

/** What one process of the service reports of itself for the admin endpoints. */
export interface ProcessPart {
  pid: number;
  requests: RequestCounts;
  /** The faults it injected under the configuration in force, or null when none is. */
  faults: FaultCounts | null;
  /** The large request bodies it serves and holds waiting. */
  bodies: { inFlightBytes: number; waiting: number };
  /** Whether it holds the lease of the background work. */
  leader: boolean;
  /** Whether its writes found the storage full (tried again first), and the query log entries it dropped. */
  storage: StorageReport;
}

/** What this process does for its peers: report its part, apply a fault configuration. */
export interface LocalProcess {
  part(): ProcessPart;
  /** Puts a fault configuration (already checked) in force here; null stops injecting. */
  applyFaults(config: FaultInjection | null): void;
}

/**
 * The processes that serve one endpoint together (the workers of `local start --workers N`),
 * as the admin endpoints see them: a scrape or a fault change made on any one of them covers
 * them all.
 */
export interface Peers {
  /** Every process's part, this one's included. */
  gather(): Promise<ProcessPart[]>;
  /** Puts a fault configuration in force on every process; resolves once all have it. */
  applyFaults(config: FaultInjection | null): Promise<void>;
  /** The request-rate buckets they share. */
  rateGate: RateGate;
}

/** The peers of a process that serves alone. */
export function alonePeers(self: LocalProcess): Peers {
  return {
    gather: () => Promise.resolve([self.part()]),
    applyFaults: (config) => Promise.resolve(self.applyFaults(config)),
    rateGate: new TokenBuckets(),
  };
}

/**
 * The messages between the primary of `local start --workers N` and its workers, over the
 * cluster's IPC channel. A worker asks (`gather`, `faults`); the primary asks every worker
 * (`collect`, `apply`), collects their answers (`part`, `applied`) and answers the asker
 * (`gathered`, `done`). A worker takes request-rate tokens from the primary's buckets (`take`,
 * answered `taken`).
 */
export type ClusterMessage =
  | { nimbus: 'listening'; endpoint: string }
  | { nimbus: 'failed'; message: string; exitCode: number }
  | { nimbus: 'gather'; id: string }
  | { nimbus: 'faults'; id: string; config: FaultInjection | null }
  | { nimbus: 'collect'; id: string }
  | { nimbus: 'apply'; id: string; config: FaultInjection | null }
  | { nimbus: 'part'; id: string; part: ProcessPart }
  | { nimbus: 'applied'; id: string }
  | { nimbus: 'gathered'; id: string; parts: ProcessPart[] }
  | { nimbus: 'done'; id: string }
  | { nimbus: 'take'; id: string; name: string; nowMs: number; rate: { perSecond: number; burst: number } }
  | { nimbus: 'taken'; id: string; wait: number }
  | { nimbus: 'stop' };

/** The environment variable that hands a new worker the fault configuration in force (JSON; `null` for none). */
export const WORKER_FAULTS_VARIABLE = 'NIMBUS_LOCAL_WORKER_FAULTS';

/** True for a message of the {@link ClusterMessage} protocol. */
export function isClusterMessage(message: unknown): message is ClusterMessage {
  return typeof message === 'object' && message !== null && typeof (message as { nimbus?: unknown }).nimbus === 'string';
}

/** How long a worker waits for the primary's answer. */
const ANSWER_TIMEOUT_MS = 5000;

/**
 * The peers of a cluster worker: it answers the primary's `collect` and `apply`, and sends
 * its own questions to the primary, which asks every worker.
 */
export function clusterWorkerPeers(self: LocalProcess, send: (message: ClusterMessage) => void): Peers & { dispose(): void } {
  const waiting = new Map<string, (message: ClusterMessage) => void>();
  const onMessage = (message: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.nimbus === 'collect') send({ nimbus: 'part', id: message.id, part: self.part() });
    else if (message.nimbus === 'apply') {
      self.applyFaults(message.config);
      send({ nimbus: 'applied', id: message.id });
    } else if ((message.nimbus === 'gathered' || message.nimbus === 'done' || message.nimbus === 'taken') && waiting.has(message.id)) {
      waiting.get(message.id)!(message);
    }
  };
  process.on('message', onMessage);
  const ask = (question: ClusterMessage & { id: string }): Promise<ClusterMessage> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(question.id);
        reject(new Error('the primary process of the service did not answer within 5 s'));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(question.id, (answer) => {
        clearTimeout(timer);
        waiting.delete(question.id);
        resolve(answer);
      });
      send(question);
    });
  return {
    async gather() {
      const answer = await ask({ nimbus: 'gather', id: randomUUID() });
      return answer.nimbus === 'gathered' ? answer.parts : [];
    },
    async applyFaults(config) {
      await ask({ nimbus: 'faults', id: randomUUID(), config });
    },
    rateGate: {
      async take(name, nowMs, rate) {
        const answer = await ask({ nimbus: 'take', id: randomUUID(), name, nowMs, rate });
        return answer.nimbus === 'taken' ? answer.wait : 0;
      },
    },
    dispose: () => process.off('message', onMessage),
  };
}
