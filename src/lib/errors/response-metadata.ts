/** Statistics gathered when the `stats` option is on. */
export interface TransferStats {
  /** Seconds the whole call took (with `timer`). */
  total_time?: number;
  retries_attempted?: number;
  /** Milliseconds slept between attempts. */
  total_retry_delay?: number;
  /** One entry per attempt (with `http`). */
  http?: Array<Record<string, number | string>>;
}

/** What every result and every service error carries about the HTTP exchange. */
export interface ResponseMetadata {
  statusCode?: number;
  requestId?: string;
  /** The URL the last attempt was sent to. */
  effectiveUri?: string;
  headers: Record<string, string>;
  /** How many attempts were made (1 without retries). */
  attempts: number;
  /** Milliseconds slept between attempts. */
  totalRetryDelay: number;
  transferStats?: TransferStats;
}

/** Anything that carries response metadata. */
export interface MetadataBearer {
  $metadata: ResponseMetadata;
}
