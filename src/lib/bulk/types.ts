/**
 * The shared vocabulary of bulk document operations: what a source yields, how each document
 * ends, the counters and the final summary.
 */

/** Where an item came from, for messages and the failures file. */
export interface SourceRef {
  /** The 1-based line of a JSON Lines or id-list input. */
  line?: number;
  /** The file a document was read from. */
  path?: string;
}

/** A valid item (a document or a document id) ready to be sent. */
export interface SourceEntry<T> {
  kind: 'item';
  id: string;
  item: T;
  /** What the item weighs in a request, for the batch byte bound. */
  bytes: number;
  /** Content bytes counted when the item is acknowledged (the document's blob). */
  contentBytes: number;
  ref: SourceRef;
}

/** An input that could not become an item (bad JSON, unreadable file…): a failure before sending. */
export interface SourceFailure {
  kind: 'failure';
  /** The document id when it is known. */
  id: string | null;
  code: string;
  message: string;
  ref: SourceRef;
}

/** An input that is not a document to send (a hidden file, a type the service does not index): neither read nor failed. */
export interface SourceSkip {
  kind: 'skip';
  /** Why it is skipped, e.g. `.png is not a type the service indexes`. */
  reason: string;
  ref: SourceRef;
}

/** What a source yields, one at a time. */
export type SourceItem<T> = SourceEntry<T> | SourceFailure | SourceSkip;

/** How far a source has been read, when it can tell (bytes of a file, files of a tree). */
export interface SourcePosition {
  done: number;
  total: number;
}

/** A stream of items; `position()` (when present) tells how far it has got, for an ETA. */
export interface ItemSource<T> extends AsyncIterable<SourceItem<T>> {
  position?(): SourcePosition | undefined;
}

/** The final state of one document: every document read ends as exactly one of these. */
export type DocumentOutcome =
  | { status: 'acknowledged'; id: string; ref: SourceRef; attempts: number }
  | { status: 'failed'; id: string | null; ref: SourceRef; attempts: number; code: string; message: string };

/** The code of a skipped input in the failures file. */
export const SKIPPED = 'Skipped';

/** One line of the failures file (a skipped input has code {@link SKIPPED} and no id). */
export interface FailureRecord {
  id: string | null;
  code: string;
  message: string;
  line?: number;
  path?: string;
}

/** Running counts of a bulk operation. */
export interface BulkCounters {
  /** Items taken from the source (valid or not). */
  read: number;
  /** Items read and not sent because the state file says the service acknowledged them as they are. */
  unchanged: number;
  /** Inputs that are not documents to send (see {@link SourceSkip}). */
  skipped: number;
  /** Items the service acknowledged. */
  acknowledged: number;
  /** Items that ended failed. */
  failed: number;
  /** Times an item was sent again after a transient failure (throttling, a server error, a busy index, a transient per-document code). */
  retried: number;
  /** Throttled attempts: every attempt the service throttled (the client's own retries included), and each answer with throttled documents. */
  throttled: number;
  /** Content bytes of the acknowledged items. */
  bytes: number;
  /** API calls completed (successful or not). */
  calls: number;
  /** API calls in flight. */
  inFlight: number;
}

/** A point-in-time view for progress displays. */
export interface BulkSnapshot extends BulkCounters {
  /** Milliseconds since the run started. */
  elapsedMs: number;
  /** How far the source has been read, when known. */
  position?: SourcePosition;
}

/** Why a run stopped before the end of its source. */
export interface BulkStop {
  /** `Aborted` for an abort signal, else the error code that made going on pointless. */
  code: string;
  message: string;
}

/** The result of a bulk run. */
export interface BulkSummary extends BulkCounters {
  elapsedMs: number;
  /** Acknowledged items per second. */
  rate: number;
  /** Calls in flight: the most allowed, and the lowest the run came down to while throttled. */
  concurrency: { max: number; lowest: number };
  /** Set when the run stopped early (abort signal or an error every later call would repeat). */
  stopped?: BulkStop;
  /** The last source line read (JSON Lines and id lists): with the failures file, it tells exactly what was acknowledged. */
  lastLine?: number;
  /** The failures file written, if any. */
  failuresFile?: string;
}

/** Receives progress while a run goes on, and its summary at the end. */
export interface BulkProgressListener {
  /** Called whenever counters change (often: throttle any output). */
  update(snapshot: BulkSnapshot): void;
  /** Called once with the final summary. */
  finish(summary: BulkSummary): void;
}

/** Sending documents again after a transient failure: throttling, a server error, a transient per-document code. */
export interface DocumentRetryOptions {
  /** Sends per document, the first included; 11 unless given (1 disables resending). */
  maxAttempts?: number;
  /** Milliseconds of the first backoff (full jitter, doubling); 200 unless given. */
  baseDelayMs?: number;
  /** Largest backoff in milliseconds; 5000 unless given. */
  maxDelayMs?: number;
  /** Milliseconds after the start of the run past which no document is sent again; none unless given. */
  deadlineMs?: number;
}

/** What a resumable run keeps between runs (see `RunStateFile`). */
export interface RunStateStore {
  /** True when the item with `id` and `fingerprint` was acknowledged by an earlier run. */
  unchanged(id: string, fingerprint: string): boolean;
  /** Records the items of one acknowledged answer (durably, in the background). */
  acknowledged(items: readonly { id: string; fingerprint: string }[]): void;
}

/** Options every bulk run takes. */
export interface BulkRunOptions {
  /** The most calls in flight at once (fewer while the service throttles); 8 unless given. */
  concurrency?: number;
  documentRetries?: DocumentRetryOptions;
  /** The most milliseconds to wait for the index while it is busy (being updated) before the run stops; 10 minutes unless given. */
  indexWaitMs?: number;
  /** Receives one-line notices worth showing while the run goes on, such as a wait for a busy index. */
  notice?: (message: string) => void;
  /** Writes every failed document as JSON Lines `{"id","code","message"[,"line"][,"path"]}` (truncated first). */
  failuresFile?: string;
  /** Stops reading and sending; calls in flight are waited for and accounted. */
  signal?: AbortSignal;
  /**
   * After `signal`: stops waiting for the calls in flight. Their documents fail with code
   * `Abandoned` (sent, answer not awaited: they may or may not be stored).
   */
  abandon?: AbortSignal;
  /** Where acknowledged items are recorded, so that a later run skips them while they are unchanged. */
  state?: RunStateStore;
  progress?: BulkProgressListener;
  /** Called with the final state of every document. */
  onOutcome?: (outcome: DocumentOutcome) => void;
}
